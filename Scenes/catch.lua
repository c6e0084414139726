-- Left and Right move the paddle; a ball drops every second; three missed end the round.
state = {caught = 0, missed = 0, round = kept and kept.round + 1 or 1, best = kept and kept.best or 0}

function drop(w)
  w:spawn{position = {math.random(40, 560), 380}, shapes = {{circle = 10, collisionType = "ball"}}, mass = 1}
end
world:every(1, "drop")

function unflash(w) w:body("paddle"):setLook("#e67e22") end

local function land(arb, count)
  local ball = arb:bodies()
  world:afterStep(function() if world:bodyAt(ball:index()) then world:remove(ball) end end)
  state[count] = state[count] + 1
  if count == "caught" then world:body("paddle"):setLook("#ffffff") world:after(0.1, "unflash") end
  if state.missed == 3 then world:reset({round = state.round, best = math.max(state.best, state.caught)}) end
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
  w:text("score", state.caught .. " caught   " .. state.missed .. " missed of 3", {x = 300, y = 385, size = 26, align = "center"})
  w:text("round", "round " .. state.round .. "   best " .. state.best, {x = 300, y = 350, size = 14, align = "center", color = "#95a5a6"})
end
