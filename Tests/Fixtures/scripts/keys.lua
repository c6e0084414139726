-- Space (bound in the scene's controls) makes the ball jump, once per press.
local was = false
jumps = 0
function step(world)
  local down = world:isDown("Space")
  if down and not was then
    world:body("ball"):applyImpulse(0, 400)
    jumps = jumps + 1
  end
  was = down
  assert(world:steps() >= 0)
end
