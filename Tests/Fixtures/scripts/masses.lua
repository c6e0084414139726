-- body:setMass and body:setMoment (scene-format.md 16.5): the same push
-- moves a light body more than one made heavy; a wheel given a moment of
-- 1e30 hardly turns (an infinite one is refused); the refusals' words are folded into a push, so
-- other words change the hashes. At step 300 a mass out of range stops the world.
local checks = require("refusals")
local fold, refused = checks.fold, checks.refused

world:body("heavy"):setMass(25)
world:body("heavy"):setMoment(5000)

state = {h = 0}

function step(world)
  local n = world:steps()
  local light, heavy, wheel = world:body("light"), world:body("heavy"), world:body("wheel")
  if n == 1 then
    local h = 0
    local lift = world:body("lift")
    for _, call in ipairs({
      {heavy.setMass, heavy, 0}, {heavy.setMass, heavy, 1e13}, {heavy.setMass, heavy, 0 / 0}, {heavy.setMass, heavy, "x"},
      {heavy.setMoment, heavy, -1}, {heavy.setMoment, heavy, 1e31}, {heavy.setMoment, heavy, -1 / 0},
      {lift.setMass, lift, 1}, {lift.setMoment, lift, 1}, {heavy.setMass, "heavy", 1},
    }) do
      h = fold(h, refused(table.unpack(call)))
    end
    wheel:setMoment(1e30)
    h = fold(h, refused(wheel.setMoment, wheel, math.huge))
    state.h = h
  end
  if n % 30 == 0 then
    light:applyImpulse(200, 0)
    heavy:applyImpulse(200, 0)
    wheel:applyImpulse(0, 100, 310, 60)
    light:setVelocity(light:velocity() + (state.h % 7) - 3, 0)
  end
  if n == 150 then light:setMass(heavy:mass() / 5) heavy:setMoment(heavy:moment() * 2) end
  world:say(string.format("%.17g %.17g %.17g", heavy:mass(), heavy:moment(), wheel:angularVelocity()))
  if n == 300 then heavy:setMass(1e-7) end
end
