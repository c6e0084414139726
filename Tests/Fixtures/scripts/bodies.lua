-- Reads and sets what a body has: the checks run at the top level and in step.
local ball = world:body("ball")
local x, y = ball:position()
assert(x == 200 and y == 40, "position " .. x .. "," .. y)
assert(ball:mass() == 1 and ball:angle() == 0 and ball:id() == "ball")
ball:setVelocity(30, 0)
ball:setAngularVelocity(2)
function step(world)
  local b = world:body("ball")
  local vx, vy = b:velocity()
  assert(vx ~= 0, "the velocity set at the top level holds")
  b:applyForce(0, 1000)  -- cancels gravity on a mass of 1
  assert(b:angularVelocity() ~= nil)
  local ok, why = pcall(function() world:body("crate"):setVelocity(1 / 0, 0) end)
  assert(not ok and why:find("finite"), why)
end
