local n = 0
function step(world)
  n = n + 1
  if n > 30 then error("the ball is gone") end
end
