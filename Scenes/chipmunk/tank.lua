-- tank.lua: Chipmunk 7.0.3's Tank demo (demo/Tank.c), its update before each
-- step: the kinematic control body turns toward the pointer and drives the
-- tank (through the pivot and the gear of tank.json) toward it, or stops
-- within 30 of it. Each line is the demo's arithmetic, in its order.
--
-- The demo's control body has no shape; a scene's body needs one, and that
-- shape is a leaf of Chipmunk's tree of moving shapes, where it changes the
-- order in which the tank's and the boxes' contacts are found (so the bits,
-- from step 830 on). tank.json lists the control body before the boxes, far
-- from them at HOME, and this script puts it back there before every step:
-- its leaf is then the root's other child, never reinserted and never met,
-- and the tree under it is the demo's. Where the control body is does not
-- reach the tank: its pivot has no error correction (maxBias 0), so only the
-- control body's velocity and angle count, which are the demo's.

local SPEED = 30.0     -- the demo's 30.0f: how fast the tank drives
local NEAR = 30.0      -- the demo's cpvnear distance: close enough to stop
local HOME_X, HOME_Y = 100000.0, 100000.0  -- the control body's place in tank.json

function step(world)
  local tank, control = world:body("tank"), world:body("control")
  if not tank or not control then return end  -- one was deleted: nothing to drive
  control:setPosition(HOME_X, HOME_Y)  -- back where it moved from (not the demo's: see above)
  local mx, my = world:pointer()  -- ChipmunkDemoMouse
  local px, py = tank:position()
  local rx, ry = tank:rotation()

  -- Turn the control body by the angle of the mouse seen from the tank:
  -- cpvtoangle(cpvunrotate(rotation, mouseDelta)).
  local dx, dy = mx - px, my - py
  local turn = math.atan(ry * dx - rx * dy, rx * dx + ry * dy)
  control:setAngle(tank:angle() - turn)

  -- Drive toward the mouse, or stop when near it (cpvnear).
  if dx * dx + dy * dy < NEAR * NEAR then
    control:setVelocity(0.0, 0.0)
  else
    local direction = (dx * rx + dy * ry > 0.0) and 1.0 or -1.0
    -- cpvrotate(rotation, cpv(30 * direction, 0))
    local vx, vy = SPEED * direction, 0.0
    control:setVelocity(rx * vx - ry * vy, rx * vy + ry * vx)
  end
end
