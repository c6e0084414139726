-- Each step, the ball gets an upward impulse a little larger than gravity's
-- pull (1000 points/s^2 on a mass of 1, over 1/120 s), so it rises.
lifts = 0
function step(world)
  local ball = world:body("ball")
  if ball then
    ball:applyImpulse(0, 1000 / 120 * 1.5)
    lifts = lifts + 1
  end
  assert(world:body("nobody") == nil)
  world:say("lifted " .. lifts .. " times")
end
