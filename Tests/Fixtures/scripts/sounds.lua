-- world:sound (scene-format.md 16.5): a bell every 10 steps where the ball
-- is, a boom at step 30 with the defaults, a number for a kind refused (it
-- is taken as its text), and at step 90 a point that is not finite: the world stops there.
function step(world)
  local n = world:steps()
  local ball = world:body("ball")
  local x, y = ball:position()
  if n % 10 == 0 then world:sound("metal", x, y, 0.5, 20) end
  if n == 30 then world:sound("explosion", 10, "20") end
  if n == 40 then
    local ok, err = pcall(world.sound, world, 7, 0, 0)
    world:say(tostring(ok) .. " " .. err)
  end
  if n == 90 then world:sound("splash", 1 / 0, 0) end
end
