-- body:setType (scene-format.md 16.5.1): a static shelf turned dynamic wakes the crate asleep
-- on it and the pendulum asleep on its pin, and they fall; a crate turned static stops, then
-- dynamic again takes its shapes' mass (not setMass's); a kinematic paddle made dynamic with a
-- mass and moment falls on its pin; a crate asleep is turned kinematic, static, then dynamic;
-- the refusals' words are folded into a push, so other words change the hashes. The hash
-- covers what is dynamic now. At step 400 a refusal (a thruster drives the rocket) stops the world.
local checks = require("refusals")
local fold, refused = checks.fold, checks.refused

state = {h = 0}

-- A velocity function keeps its body dynamic (16.5.1): this one floats. Chipmunk's own
-- integration runs there once a call, with at most the function's dt (16.8): the refusals
-- (a dt past it, the position's, a second call) are folded in once, after step 1's.
function float(body, gx, gy, damping, dt)
  if state.h ~= 0 and not state.integrated then
    state.integrated = true
    state.h = fold(state.h, refused(body.updateVelocity, body, 0, 0, damping, 2 * dt))
    state.h = fold(state.h, refused(body.updatePosition, body, dt))
    body:updateVelocity(0, 0, damping, dt)
    state.h = fold(state.h, refused(body.updateVelocity, body, 0, 0, damping, dt))
    return
  end
  body:updateVelocity(0, 0, damping, dt)
end

function step(world)
  local n = world:steps()
  local shelf, sleeper, crate = world:body("shelf"), world:body("sleeper"), world:body("crate")
  local paddle, hung, wheel, rocket = world:body("paddle"), world:body("hung"), world:body("wheel"), world:body("rocket")
  if n == 1 then
    local h = 0
    for _, call in ipairs({
      {crate.setType, crate, "wobbly"}, {crate.setType, crate, 5}, {crate.setType, crate, "dynamic", 1},
      {crate.setType, crate, "dynamic", nil, 1}, {rocket.setType, rocket, "static"},
      {crate.setType, crate, "static", 1, 1}, {shelf.setType, shelf, "dynamic", 0, 1},
      {shelf.setType, shelf, "dynamic", 1, 1 / 0}, {shelf.setType, shelf, "dynamic", 0 / 0, 1},
      {shelf.setType, shelf, "dynamic"}, {paddle.setType, paddle, "kinematic", 2, 2},
      {hung.setType, hung, "static"}, {wheel.setType, wheel, "kinematic"},
      {crate.setType, "crate", "static"}, {world:body("floaty").setType, world:body("floaty"), "kinematic"},
      {world:body("floaty").updateVelocity, world:body("floaty"), 0, 0, 1, 1 / 120},
    }) do
      h = fold(h, refused(table.unpack(call)))
    end
    crate:setType("dynamic")
    shelf:setType("static")
    state.h = h
  end
  if n == 60 then crate:setMass(9) end
  if n == 200 then
    crate:setType("static")
    paddle:setType("dynamic", 3, 400)
  end
  if n == 230 then crate:setType("dynamic") end
  if n == 255 then assert(sleeper:isSleeping() and world:body("bob"):isSleeping() and world:body("napper"):isSleeping()) end
  if n == 260 then shelf:setType("dynamic", 5, 3000) end
  local napper = world:body("napper")
  if n == 300 then napper:setType("kinematic") end
  if n == 330 then napper:setType("static") end
  if n == 360 then napper:setType("dynamic") napper:applyImpulse(0, 80) end
  if n % 40 == 0 and crate:type() == "dynamic" then
    crate:applyImpulse(30 + state.h % 11, 0)
  end
  world:say(string.format("%s %s %.17g %s", crate:type(), shelf:type(), crate:mass(), tostring(sleeper:isSleeping())))
  if n == 400 then rocket:setType("static") end
end
