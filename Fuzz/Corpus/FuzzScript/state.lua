d = 1  -- the first byte picks the scene: lift.json
-- Each step, the ball gets an upward impulse a little larger than gravity's
-- pull (1000 points/s^2 on a mass of 1, over 1/120 s), so it rises. What
-- lasts between steps is in `state`, so keyframes and saved states hold it.
state = {lifts = 0, draws = {}}
function step(world)
  local ball = world:body("ball")
  if ball then
    ball:applyImpulse(0, 1000 / 120 * (1.4 + 0.2 * math.random()))
    state.lifts = state.lifts + 1
    state.draws[#state.draws % 8 + 1] = math.random(100)
    state.last = ball
  end
  assert(world:body("nobody") == nil)
  world:say("lifted " .. state.lifts .. " times")
end
