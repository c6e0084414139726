-- Left and Right move the paddle; a ball drops every second; three missed end the round.
state = {caught = 0, missed = 0, best = kept and kept.best or 0}   -- kept: what the last round kept

function drop(w)
  w:spawn{position = {math.random(40, 560), 380}, shapes = {{circle = 10, collisionType = "ball"}}, mass = 1}
end
world:every(1, "drop")

local function land(arb, count)
  local ball = arb:bodies()
  world:afterStep(function() if world:bodyAt(ball:index()) then world:remove(ball) end end)
  state[count] = state[count] + 1
  if state.missed == 3 then world:reset({best = math.max(state.best, state.caught)}) end
  return false
end
world:onCollision("ball", "paddle", {begin = function(arb) return land(arb, "caught") end})
world:onCollision("ball", "floor", {begin = function(arb) return land(arb, "missed") end})

function keypressed(w, key)
  if key == "Left" or key == "Right" then w:body("paddle"):setVelocity(key == "Left" and -400 or 400, 0) end
end
function keyreleased(w, key)
  if key == "Left" or key == "Right" then w:body("paddle"):setVelocity(0, 0) end
end

function step(w)
  w:say("Caught " .. state.caught .. "   missed " .. state.missed .. " of 3   best " .. state.best)
end
