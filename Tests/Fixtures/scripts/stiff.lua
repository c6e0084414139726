-- Springs held to their load (scene-format.md 16.11.1): what would make a spring too stiff for
-- its bodies at 1/120 s steps is refused (a lighter body, a smaller moment, a stiffer spring, a
-- static body made a light dynamic one, springs added until they add up, a cam that turns about
-- its centre of gravity off its origin made too light to turn), what keeps it within
-- goes on; each refusal's words are folded into a push, so other words change the hashes.
local checks = require("refusals")
local fold, refused = checks.fold, checks.refused

state = {h = 0}

function step(world)
  local n = world:steps()
  local bob, wheel, shelf, cam = world:body("bob"), world:body("wheel"), world:body("shelf"), world:body("cam")
  local coil, twist = world:joint("coil"), world:joint("twist")
  if n == 1 then
    local h = 0
    for _, call in ipairs({
      {bob.setMass, bob, 0.001}, {wheel.setMoment, wheel, 0.01}, {coil.stiffness, coil, 1e9},
      {twist.stiffness, twist, 1e12}, {shelf.setType, shelf, "dynamic", 1e-5, 1e-5},
      -- The cam turns about its circle's centre, 12 points off its origin (moment 18 there, 162 about the origin).
      {cam.setMoment, cam, 0.01}, {world:joint("turn").stiffness, world:joint("turn"), 5e6},
    }) do
      h = fold(h, refused(table.unpack(call)))
    end
    -- Springs added one by one until their loads add up past 1 on the bob.
    local made = 0
    for i = 1, 40 do
      local ok, err = pcall(world.addJoint, world, {type = "spring", a = "world", b = bob, anchorA = {100 + i, 250},
        anchorB = {0, 0}, restLength = 60, stiffness = 1200, damping = 0})
      if ok then made = made + 1 else h = fold(h, tostring(err)) break end
    end
    state.h = h + made
    -- What stays within its load goes on.
    bob:setMass(2)
    coil:stiffness(300)
    shelf:setType("dynamic", 4, 400)
    cam:setMoment(5)
  end
  if n % 30 == 0 then bob:applyImpulse(5 + state.h % 7, 0) end
  if n == 200 then bob:setMass(1e-4) end
end
