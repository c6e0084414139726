-- A probe for the reference (Tests/Reference/compare.py): world:spawn of
-- every shape kind, body type and mass form, world:addJoint of every joint
-- type (with the script's functions, breakForce, bias keys, ends that are
-- "world" or nil), world:remove of jointed bodies, world:removeJoint of the
-- scene's and the script's joints, world:afterStep from step and from
-- callbacks (and queued inside one), refusals caught with pcall, bodies and
-- joints made by the top level, and a reset that makes them again.
state = {made = {}, joints = {}, n = 0, stuck = 0, refused = 0, calls = 0}

-- Made by the top level: a body with an id, joined to a file body.
local top = world:spawn{id = "top", position = {420, 300}, shapes = {{circle = 8, collisionType = "gem"}}, mass = 1}
world:addJoint{id = "tie", type = "slide", a = top, b = world:body("arm"), anchorA = {0, 0}, anchorB = {30, 0},
               min = 20, max = 70}

function drift(body, gx, gy, damping, dt)
  state.calls = state.calls + 1
  body:updateVelocity(gx * 0.5, gy * 0.5, damping, dt)
end
function coil(joint, length) return (50 - length) * 30 end
function twist(joint, angle) return -angle * 2000 end
function watch(joint) state.calls = state.calls + 1 end

-- Sticky gems: a gem's first contact joins the two bodies after the step.
world:onCollision("gem", "*", {
  postSolve = function(arb)
    if not arb:isFirstContact() then return end
    local a, b = arb:bodies()
    local x, y = arb:point(1)
    local refused = not pcall(world.spawn, world, {position = {1, 1}, box = {1, 1}, mass = 1})
    if refused then state.refused = state.refused + 1 end
    if a and b and state.stuck < 12 then
      world:afterStep(function()
        if not (pcall(a.mass, a) and pcall(b.mass, b)) then return end
        state.stuck = state.stuck + 1
        local j = world:addJoint{type = "pivot", a = a, b = b, anchor = {x, y}, maxForce = 30000,
                                 breakForce = 4000 + 1000 * state.stuck}
        state.joints[#state.joints + 1] = j
        world:afterStep(function() state.n = state.n + 1 end) -- runs at this step's end too
      end)
    end
  end,
  separate = function(pair)
    if pair.removal then world:afterStep(function() state.n = state.n + 2 end) end
  end,
})

local SHAPES = {
  {shapes = {{box = {18, 12}, radius = 1, collisionType = "crate"}}, mass = 2},
  {shapes = {{circle = 7, offset = {1, 0}, collisionType = "gem"}}, density = 0.02},
  {shapes = {{polygon = {{-10, -6}, {10, -6}, {0, 9}}, friction = 0.9}}, mass = 1, moment = 40},
  {shapes = {{segment = {{-12, 0}, {12, 0}}, radius = 3}, {circle = 4, offset = {12, 0}}}, mass = 1.5},
  {shapes = {{circle = 7}}, mass = 1, velocityFunction = "drift", angularVelocity = 2},
  {shapes = {{box = {30, 6}, surfaceVelocity = {20, 0}}}, type = "kinematic", velocity = {0, 5}},
  {shapes = {{box = {40, 6}, group = 3, categories = 1, mask = 3}}, type = "static"},
  {shapes = {{circle = 6, sensor = true}, {box = {10, 10}, elasticity = 0.2}}, mass = 0.5},
}

local function joint_between(k, a, b)
  local kinds = {
    {type = "pin", anchorA = {0, 0}, anchorB = {0, 0}, preSolve = "watch"},
    {type = "slide", anchorA = {0, 0}, anchorB = {0, 0}, min = 10, max = 80, collide = true},
    {type = "spring", anchorA = {0, 0}, anchorB = {0, 0}, restLength = 40, stiffness = 20, damping = 0.5,
     forceFunction = "coil"},
    {type = "motor", rate = 1.5, maxForce = 5000},
    {type = "groove", grooveA = {{-20, 0}, {20, 0}}, anchorB = {0, 0}, maxBias = 500},
    {type = "rotarySpring", restAngle = 0.5, stiffness = 3000, damping = 10, torqueFunction = "twist"},
    {type = "rotaryLimit", min = -0.5, max = 0.5, errorBias = 0.01},
    {type = "ratchet", phase = 0, ratchet = 0.3},
    {type = "gear", phase = 0, ratio = 2, postSolve = "watch"},
    {type = "pivot", anchorA = {0, 0}, anchorB = {5, 0}, breakForce = 2000},
  }
  local t = kinds[k % #kinds + 1]
  t.a, t.b = a, b
  return world:addJoint(t)
end

function step(world)
  local s = world:steps()
  if s % 15 == 5 then
    local k = #state.made
    local t = SHAPES[k % #SHAPES + 1]
    t.position = {100 + (k * 53) % 400, 330 - (k % 3) * 20}
    t.angle = k / 5
    local b = world:spawn(t)
    state.made[#state.made + 1] = b
    if b:type() == "dynamic" and k > 0 then
      local other = state.made[k]
      local ok = pcall(other.mass, other)
      local j = joint_between(k, b, (ok and other:type() ~= "static") and other or (k % 2 == 0 and "world" or nil))
      state.joints[#state.joints + 1] = j
    end
  end
  if s % 40 == 39 and #state.made > 5 then
    local old = table.remove(state.made, 1)
    if pcall(old.mass, old) then world:remove(old) end
  end
  if s % 50 == 25 and #state.joints > 0 then
    local j = table.remove(state.joints, 1)
    if pcall(j.impulse, j) then world:removeJoint(j) end
  end
  local elbow, lamp = world:joint("elbow"), world:body("lamp") -- events may have taken them
  if s == 100 and elbow then world:removeJoint(elbow) end
  if s == 130 and lamp then world:remove(lamp) end -- its spring goes with it
  if s == 160 then world:afterStep(function() local top = world:body("top"); if top then world:remove(top) end end) end
  if s % 30 == 0 then
    local ok, why = pcall(world.spawn, world, {position = {1, 2}, shapes = {{circle = 3}}, mass = 1, colour = 1})
    if not ok then state.refused = state.refused + 1 end
    ok = pcall(world.addJoint, world, {type = "pin", a = "world", b = world:body("ground"), anchorA = {0, 0},
                                       anchorB = {1, 0}})
    if not ok then state.refused = state.refused + 1 end
  end
  if s == 420 then world:reset() end
  local hub = world:body("hub")
  if hub then world:say(#state.made .. " made, " .. state.stuck .. " stuck, " .. state.refused .. " refused") end
end
