-- joint:grooveA/grooveB and setGrooveA/setGrooveB (scene-format.md 16.10):
-- the rail's groove tilts back and forth, so the slider runs along it; the
-- refusals' words are folded into a push, so other words change the hashes.
-- At step 400 a groove of no length stops the world.
local checks = require("refusals")
local fold, refused = checks.fold, checks.refused

state = {h = 0}

function step(world)
  local n = world:steps()
  local rail, gear = world:joint("rail"), world:joint("gear")
  if n == 1 then
    local h = 0
    local bx, by = rail:grooveB()
    for _, call in ipairs({
      {rail.setGrooveA, rail, 2e6, 0}, {rail.setGrooveA, rail, 0, -2e6}, {rail.setGrooveB, rail, 0 / 0, 0},
      {rail.setGrooveB, rail, 100, "x"}, {rail.setGrooveA, rail, bx, by}, {gear.setGrooveA, gear, 0, 0},
      {gear.grooveB, gear}, {rail.setGrooveA, rail},
    }) do
      h = fold(h, refused(table.unpack(call)))
    end
    state.h = h
  end
  local tilt = ((n // 60) % 2 == 0) and 30 or -30
  rail:setGrooveA(-100, 20 + tilt)
  rail:setGrooveB(100, 20 - tilt)
  local ax, ay = rail:grooveA()
  local bx, by = rail:grooveB()
  if n % 30 == 0 then world:body("slider"):applyImpulse((state.h % 13) - 6 + (ay - by) / 60, 0) end
  if n == 400 then rail:setGrooveB(ax, ay) end
end
