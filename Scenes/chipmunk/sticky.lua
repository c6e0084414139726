-- sticky.lua: Chipmunk 7.0.3's Sticky demo (demo/Sticky.c), reproducible.
-- 200 balls whose shapes reach STICK_SENSOR_THICKNESS beyond their 10-point
-- bodies: two that touch (or a ball and a wall) are joined by a pivot joint of
-- limited force at their first contact point, and the joint goes when they
-- separate. Chipmunk's own demo cannot be run twice alike: its separate calls
-- come in an order of addresses. Here they come after the step in shape-id
-- order (docs/scene-format.md 16.7), and the joints are made and taken in
-- world:afterStep, as the demo does in post-step callbacks.

local THICKNESS = 2.5        -- STICK_SENSOR_THICKNESS
local JOINT_FORCE = 3e3      -- how hard a stuck pair holds

-- The joint of two bodies (or a body and the walls: nil) is kept in
-- state.joints under the pair's key; `true` while it waits to be made.
state = {joints = {}}

local function key(a, b)
  local i, j = a and a:index() or -1, b and b:index() or -1
  if i > j then i, j = j, i end
  return i .. ":" .. j
end

-- The demo's 200 balls, at random points of the middle square (cpflerp of
-- math.random, which the scene seeds): mass 0.15f, the moment of a 10-point
-- circle, a shape of radius 12.5 of type "sticky".
local function lerp(from, to, t) return from * (1.0 - t) + to * t end
for _ = 1, 200 do
  world:spawn{
    position = {lerp(-150, 150, math.random()), lerp(-150, 150, math.random())},
    mass = 0.15000000596046448, moment = 7.5000002980232239, look = "ball",
    shapes = {{circle = 12.5, friction = 0.89999997615814209, elasticity = 0, collisionType = "sticky"}},
  }
end

-- Contacts count only THICKNESS inside the shapes (the points move in by it,
-- as StickyPreSolve moves them); the first one that goes deeper sticks.
local function pre_solve(arb)
  local deepest = math.huge
  local nx, ny = arb:normal()
  local first
  for i = 1, arb:count() do
    local ax, ay, bx, by, depth = arb:point(i)
    ax, ay, bx, by = ax - nx * THICKNESS, ay - ny * THICKNESS, bx + nx * THICKNESS, by + ny * THICKNESS
    arb:setPoint(i, ax, ay, bx, by)
    first = first or {ax, ay, bx, by}
    if depth < deepest then deepest = depth end
  end
  local a, b = arb:bodies()
  local k = key(a, b)
  if deepest <= 0 and state.joints[k] == nil then
    local anchorA = a and {a:worldToLocal(first[1], first[2])} or {first[1], first[2]}
    local anchorB = b and {b:worldToLocal(first[3], first[4])} or {first[3], first[4]}
    state.joints[k] = true
    world:afterStep(function()
      if state.joints[k] ~= true then return end  -- they came apart in the same step
      -- collide: the two still touch (Chipmunk's joints let their bodies collide; the scene format's default is not to).
      state.joints[k] = world:addJoint{type = "pivot", a = a, b = b, anchorA = anchorA, anchorB = anchorB, maxForce = JOINT_FORCE, collide = true}
    end)
  end
  return deepest <= 0
end

-- Apart again: the joint goes (StickySeparate); a body removed took it along.
local function separate(pair)
  local k = key(pair.a, pair.b)
  local joint = state.joints[k]
  state.joints[k] = nil
  if joint and joint ~= true and not pair.removal then world:removeJoint(joint) end
end

world:onCollision("sticky", "*", {preSolve = pre_solve, separate = separate})
