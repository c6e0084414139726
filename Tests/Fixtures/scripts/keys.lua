-- Space (bound in the scene's controls) makes the ball jump, once per press.
state = {was = false, jumps = 0}
function step(world)
  local down = world:isDown("Space")
  if down and not state.was then
    world:body("ball"):applyImpulse(0, 400)
    state.jumps = state.jumps + 1
  end
  state.was = down
  assert(world:steps() >= 0)
end
