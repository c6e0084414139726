-- planet.lua: Chipmunk 7.0.3's Planet demo (demo/Planet.c). Each box of
-- planet.json names planetGravity as its velocity function: instead of the
-- space's gravity (none), the demo's planetGravityVelocityFunc pulls it
-- towards the planet at the origin, with a strength of 5e6 / distance^2.
-- planet.json lists the planet last: the demo adds its body first but its
-- shape after the boxes', and the shapes' order is what Chipmunk's collisions
-- depend on (listed first, the run parts from the demo's within 1200 steps).
local gravityStrength = 5.0e6  -- the demo's 5.0e6f, exactly 5000000

-- The same float operations as the demo: g = p * (-strength / (d^2 * d)),
-- with d^2 = cpvlengthsq(p) = x*x + y*y; then Chipmunk's own integration.
function planetGravity(body, gx, gy, damping, dt)
  local px, py = body:position()
  local sqdist = px * px + py * py
  local scale = -gravityStrength / (sqdist * math.sqrt(sqdist))
  body:updateVelocity(px * scale, py * scale, damping, dt)
end
