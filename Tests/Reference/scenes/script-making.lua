-- A probe for the reference (Tests/Reference/compare.py): world:spawn of
-- every shape kind, body type and mass form, world:addJoint of every joint
-- type (with the script's functions, breakForce, bias keys, ends that are
-- "world" or nil), world:remove of jointed bodies, world:removeJoint of the
-- scene's and the script's joints, world:afterStep from step and from
-- callbacks (and queued inside one), refusals caught with pcall, bodies and
-- joints made by the top level, and a reset that makes them again. And
-- sleep (16.7): a velocity function and a joint's function try to wake
-- sleeping bodies (refused, counted, and the count pushes the hub), and a
-- shape of a body removed is gone (16.12).
state = {made = {}, joints = {}, n = 0, stuck = 0, refused = 0, calls = 0, asleep = 0}

-- Inside Chipmunk's step: a sleeping body made by the script, pushed, or
-- one of the script's joints with a sleeping body, set.
local function nudge()
  local pebbles = world:joint("pebbles")
  if pebbles and world:body("pebble1"):isSleeping() then
    if not pcall(pebbles.setMaxForce, pebbles, 1e9) then state.asleep = state.asleep + 10000 end
    local p = world:body("pebble2")
    if not pcall(p.setAngularVelocity, p, 1) then state.asleep = state.asleep + 1000 end
  end
  for _, b in ipairs(state.made) do
    if pcall(b.mass, b) and b:type() == "dynamic" and b:isSleeping() then
      if not pcall(b.applyImpulse, b, 0, 5) then state.asleep = state.asleep + 1 end
      break
    end
  end
  for _, j in ipairs(state.joints) do
    if pcall(j.impulse, j) then
      local a, b = j:bodies()
      if (a and a:isSleeping()) or (b and b:isSleeping()) then
        if not pcall(j.setMaxForce, j, 1e9) then state.asleep = state.asleep + 100 end
        break
      end
    end
  end
end

-- Made by the top level: a body with an id, joined to a file body.
local top = world:spawn{id = "top", position = {420, 300}, shapes = {{circle = 8, collisionType = "gem"}}, mass = 1}
world:addJoint{id = "tie", type = "slide", a = top, b = world:body("arm"), anchorA = {0, 0}, anchorB = {30, 0},
               min = 20, max = 70}
-- A second joint with the same id (world:joint gives the lowest index).
world:addJoint{id = "tie", type = "rotaryLimit", a = top, b = world:body("hub"), min = -1, max = 1}

-- 16.11's refusals: each refused, counted (the count pushes the hub).
local function deep(n)
  local d = 1
  for _ = 1, n do d = {d} end
  return d
end
local function refusals()
  local hub, arm = world:body("hub"), world:body("arm")
  if hub and arm then
    local x, y = hub:position()
    for _, t in ipairs({
      {type = "pivot", a = hub, b = hub, anchor = {x, y}}, -- one body twice
      {type = "spring", a = hub, b = arm, anchorA = {0, 0}, anchorB = {0, 0}, restLength = 10, stiffness = 1e7,
       damping = 0}, -- too stiff for them (section 8)
      {type = "rotarySpring", a = hub, b = arm, restAngle = 0, stiffness = 1e9, damping = 0},
      {type = "pin", a = hub, b = "world", anchorA = {0, 0}, anchorB = {x, y}}, -- no length where the hub is now
    }) do
      if not pcall(world.addJoint, world, t) then state.refused = state.refused + 1 end
    end
  end
  for _, t in ipairs({
    {position = {300, 300}, shapes = {}, mass = 1}, -- {} is an object, not an array
    {position = {300, 300}, box = {5, 5}, mass = 1, id = "\xff"}, -- not UTF-8
    {position = {300, 300}, box = {5, 5}, type = "kinematic",
     animation = {property = "angle", values = {0, 1}, duration = 1}}, -- for the scene's bodies
    {position = {300, 300}, shapes = {{box = {5, 5}, oneWay = {0, 1}}}, mass = 1}, -- for the scene's bodies
    {position = {300, 300}, box = {5, 5}, mass = 1, look = deep(21)}, -- more than 20 levels
  }) do
    if not pcall(world.spawn, world, t) then state.refused = state.refused + 1 end
  end
  local tie = world:joint("tie")
  if tie then state.refused = state.refused + tie:index() end
end

function drift(body, gx, gy, damping, dt)
  state.calls = state.calls + 1
  if state.calls % 5 == 0 then nudge() end
  body:updateVelocity(gx * 0.5, gy * 0.5, damping, dt)
end
function coil(joint, length) return (50 - length) * 30 end
function twist(joint, angle) return -angle * 2000 end
function watch(joint)
  state.calls = state.calls + 1
  if state.calls % 3 == 0 then nudge() end
end

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
    if pcall(old.mass, old) then
      local shape = old:shapes()[1]
      world:remove(old)
      local _, why = pcall(shape.friction, shape) -- gone with its body
      if why == string.format("shape 1 of body %d is gone (its body was removed or cut)", old:index()) then
        state.refused = state.refused + 1
      end
      _, why = pcall(world.remove, world, old)
      if why == string.format("world:remove: body %d is gone (removed or cut)", old:index()) then
        state.refused = state.refused + 1
      end
    end
  end
  if s % 50 == 25 and #state.joints > 0 then
    local j = table.remove(state.joints, 1)
    if pcall(j.impulse, j) then world:removeJoint(j) end
  end
  local elbow, lamp = world:joint("elbow"), world:body("lamp") -- events may have taken them
  if s == 100 and elbow then world:removeJoint(elbow) end
  if s == 130 and lamp then world:remove(lamp) end -- its spring goes with it
  if s == 160 then world:afterStep(function() local top = world:body("top"); if top then world:remove(top) end end) end
  if s % 30 == 15 then refusals() end
  if s == 75 then -- section 8's checks let these be: a soft spring, a pin with a length
    local hub, arm = world:body("hub"), world:body("arm")
    if hub and arm then
      world:addJoint{type = "spring", a = hub, b = arm, anchorA = {0, 0}, anchorB = {0, 0}, restLength = 40,
                     stiffness = 30, damping = 0.5}
      world:addJoint{type = "pin", a = arm, b = "world", anchorA = {0, 0}, anchorB = {330, 390}}
    end
  end
  if s % 30 == 0 then
    local ok, why = pcall(world.spawn, world, {position = {1, 2}, shapes = {{circle = 3}}, mass = 1, colour = 1})
    if not ok then state.refused = state.refused + 1 end
    ok = pcall(world.addJoint, world, {type = "pin", a = "world", b = world:body("ground"), anchorA = {0, 0},
                                       anchorB = {1, 0}})
    if not ok then state.refused = state.refused + 1 end
  end
  if s == 420 then world:reset() end
  local hub = world:body("hub")
  if hub and s % 45 == 0 then hub:applyImpulse(state.asleep % 13, state.refused % 7) end
  if hub then world:say(#state.made .. " made, " .. state.stuck .. " stuck, " .. state.refused .. " refused") end
end
