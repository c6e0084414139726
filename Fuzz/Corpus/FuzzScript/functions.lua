e = 1  -- the first byte picks the scene: orbit.json
-- A planet at the centre pulls each moon with strength / r^2 (the Planet
-- demo's velocity function), and one moon's position function keeps it
-- inside a box. Chipmunk calls both inside its step, once per body.
local strength = 1000000

function pull(body, gx, gy, damping, dt)
  local x, y = body:position()
  local d2 = x * x + y * y
  local k = -strength / (d2 * math.sqrt(d2))
  body:updateVelocity(x * k, y * k, damping, dt)
end

function keepInside(body, dt)
  body:updatePosition(dt)
  local x, y = body:position()
  if x > 190 then body:setPosition(190, y) end
end

state = {calls = 0}
function step(world)
  state.calls = state.calls + 1
end
