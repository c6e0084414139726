-- tank.lua: Chipmunk 7.0.3's Tank demo (demo/Tank.c), its update before each
-- step: the kinematic control body turns toward the pointer and drives the
-- tank (through the pivot and the gear of tank.json) toward it, or stops
-- within 30 of it. Each line is the demo's arithmetic, in its order.

local SPEED = 30.0     -- the demo's 30.0f: how fast the tank drives
local NEAR = 30.0      -- the demo's cpvnear distance: close enough to stop

function step(world)
  local tank, control = world:body("tank"), world:body("control")
  if not tank or not control then return end  -- one was deleted: nothing to drive
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
