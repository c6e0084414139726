-- A probe for the reference (Tests/Reference/compare.py): handlers of every
-- kind (a pair's four, a sensor's, wildcards, a pair with one slot whose
-- others fall to the wildcards), the arbiter's functions, keys, and the
-- library's orders; shapes (16.12: read, and set between steps, which
-- changes the hashes), a velocity function the knife's pieces do not keep
-- (16.8), and sleeping bodies that callbacks try to wake (16.7: refused
-- inside Chipmunk's step) and that step(world) wakes. Everything the
-- callbacks see goes into a digest that the witness body's velocity carries
-- into the state hash.
state = {log = 0, sum = 0, begins = 0, rnd = {}, order = ""}

local function note(s)
  local h = state.sum
  for i = 1, #s do h = (h * 31 + s:byte(i)) % 1000003 end
  state.sum = h
  state.log = state.log + 1
end
local function name(b) return b and tostring(b:index()) or "-" end -- its index: good after it is gone
local function str(x) return string.format("%.4f", x) end

-- 16.7: inside Chipmunk's step a setter that would wake a sleeping body is
-- refused: setVelocity's words are the document's, whole; the others must
-- say "is asleep" too. Getters still answer.
local ASLEEP = "is asleep, and waking it inside Chipmunk's step breaks Chipmunk's contact graph"
local SLEEPERS = {"b1", "b2", "b3", "b4", "b5", "c1", "c2", "c3", "d1", "d2"}
local function try_waking(where)
  for _, id in ipairs(SLEEPERS) do
    local b = world:body(id)
    if b and b:isSleeping() then
      local _, why = pcall(b.setVelocity, b, 0, 50)
      note(where .. " " .. tostring(why))
      local sh, j = b:shapes()[1], world:joint("dumbbell")
      local refused = 0
      for _, f in ipairs({function() b:applyImpulse(0, 10) end, function() b:applyForce(0, 10) end,
                          function() b:setAngularVelocity(1) end, function() b:setPosition(1, 2) end,
                          function() b:setAngle(1) end, function() b:activate() end,
                          function() sh:friction(0.4) end, function() sh:elasticity(0.1) end,
                          function() sh:setSurfaceVelocity(1, 0) end, function() sh:sensor(true) end,
                          function() if j then j:setMaxForce(1e6) end end,
                          function() if j then j:stiffness(25) end end}) do
        local ok, e = pcall(f)
        if not ok and string.find(e, ASLEEP, 1, true) then refused = refused + 1 end
      end
      local vx, vy = b:velocity()
      note(table.concat({where, id, "refused", refused, tostring(b:isSleeping()), str(vx), str(vy)}, " "))
      return
    end
  end
end

-- 16.12: what a body's shapes say.
local LOOKED = {"ground", "belt", "zone", "paddle", "b1", "b4", "b5", "c1", "c3", "witness", "d1", "d2"}
local function look()
  for _, id in ipairs(LOOKED) do
    local b = world:body(id)
    if b then
      local list = b:shapes()
      local parts = {id, #list}
      for k, sh in ipairs(list) do
        local vx, vy = sh:surfaceVelocity()
        parts[#parts + 1] = table.concat({tostring(sh), tostring(sh == b:shapes()[k]), tostring(sh == list[1]),
          tostring(sh:body() == b), str(sh:friction()), str(sh:elasticity()), str(vx), str(vy),
          tostring(sh:sensor()), tostring(sh:hasType("ball")), tostring(sh:hasType("crate"))}, " ")
      end
      local fx, fy = b:force()
      parts[#parts + 1] = table.concat({str(fx), str(fy), str(b:torque()), tostring(b:isSleeping())}, " ")
      note(table.concat(parts, "; "))
    end
  end
end

-- 16.12: shapes set between steps (the hashes change), and sleepers woken
-- there (allowed: the space is not locked).
local function reshape(s)
  local ground, belt, b4, c3 = world:body("ground"), world:body("belt"), world:body("b4"), world:body("c3")
  if s == 90 and ground then ground:shapes()[1]:friction(0.1) end
  if s == 140 and belt then belt:shapes()[1]:setSurfaceVelocity(-60, 0) end
  if s == 200 and b4 then b4:shapes()[1]:elasticity(0.95) end
  if s == 260 and c3 then c3:shapes()[1]:sensor(true) end
  if s == 272 and c3 then c3:shapes()[1]:sensor(false) end
  if s % 100 == 0 or s % 100 == 50 then -- the first sleeper, by activate or by a shape's setter
    for _, id in ipairs(SLEEPERS) do
      local b = world:body(id)
      if b and b:isSleeping() then
        if s % 100 == 50 then b:activate() else b:shapes()[#b:shapes()]:friction(0.3 + s / 10000) end
        note("woken between steps " .. id .. " " .. tostring(b:isSleeping()))
        break
      end
    end
  end
  local b5 = world:body("b5")
  if b5 and s % 60 == 30 then b5:applyForce(0, 2000) end -- body:force() sees it
end

world:onCollision("ball", "ground", {
  begin = function(arb)
    local a, b = arb:bodies()
    local nx, ny = arb:normal()
    note(table.concat({"begin", name(a), name(b), arb:count(), str(nx), str(ny), tostring(arb:isFirstContact())}, " "))
    local sa, sb = arb:shapes()
    note(table.concat({tostring(sa), tostring(sb), tostring(sa:hasType("ball")), tostring(sb:hasType("ground")),
                       tostring(sa:body() == a), tostring(sb == world:body("ground"):shapes()[1])}, " "))
    state.begins = state.begins + 1
    return state.begins % 7 ~= 0 -- every seventh contact is ignored until it separates
  end,
  preSolve = function(arb)
    arb:setFriction(0.9)
    arb:setRestitution(arb:restitution() * 0.5)
    if world:steps() % 25 == 0 then
      note(tostring(select(2, pcall(arb.setRestitution, arb, 1.5))))  -- past 1 is refused (16.7)
      local ax, ay, bx, by, d = arb:point(arb:count())
      note(table.concat({"pre", str(ax), str(ay), str(bx), str(by), str(d), str(arb:friction())}, " "))
    end
    if world:steps() % 5 == 0 then try_waking("pre") end
    return world:steps() % 97 ~= 0 -- and every 97th step lets the balls sink a little
  end,
  postSolve = function(arb)
    if arb:isFirstContact() then
      local jx, jy = arb:totalImpulse()
      note(table.concat({"post", str(jx), str(jy), str(arb:totalKE())}, " "))
    end
  end,
  separate = function(pair)
    note(table.concat({"sep ground", name(pair.a), name(pair.b), tostring(pair.removal)}, " "))
  end,
})
world:onCollision("ball", "zone", {
  begin = function(arb) note("in " .. name((arb:bodies()))) return true end,
  separate = function(pair) note(table.concat({"out", name(pair.a), tostring(pair.removal)}, " ")) end,
})
world:onCollision("crate", "*", {
  preSolve = function(arb)
    local _, b = arb:bodies()
    if b and b == world:body("belt") then arb:setSurfaceVelocity(40, 0) end
    local vx, vy = arb:surfaceVelocity()
    if vx ~= 0 then note("belt " .. str(vx) .. " " .. str(vy)) end
    local sa, sb = arb:shapes()
    if sb == nil and world:steps() % 10 == 0 then note("crate on a wall " .. tostring(sa)) end
    return true
  end,
  separate = function(pair)
    note(table.concat({"crate sep", name(pair.a), name(pair.b), tostring(pair.removal)}, " "))
  end,
})
world:onCollision("ball", "*", {
  separate = function(pair)
    note(table.concat({"ball sep", name(pair.a), name(pair.b), tostring(pair.removal)}, " "))
  end,
})
world:onCollision("crate", "ball", {
  begin = function(arb)
    local c, b = arb:bodies()
    if b then b:setVelocity(0, 300) end -- a body set inside the step
    note("crate ball " .. name(c) .. " " .. name(b))
    return true
  end,
})
world:onCollision("paddle", "ball", {
  postSolve = function(arb)
    note("paddle " .. str(arb:totalKE()))
    try_waking("post")
  end,
})

-- 16.8: c1 falls harder; the knife's pieces of it (16.8: Chipmunk's own
-- functions) do not. Inside the step it may not wake a sleeper either.
function heavy(body, gx, gy, damping, dt)
  body:updateVelocity(gx * 1.5, gy * 1.5, damping, dt)
  if world:steps() % 15 == 0 then try_waking("velocity") end
end

local KEYS = {"Left", "Right", "Space", "a", "Up"}
function step(world)
  local held = {}
  for _, k in ipairs(KEYS) do
    if world:isDown(k) then held[#held + 1] = k end
  end
  note("keys " .. table.concat(held, ","))
  -- 16.2 and 16.3: key order, a stable sort with a comparator, math.random.
  local mixed = {[3] = "c", [1.5] = "x", z = 1, a = 2, [true] = 3, [false] = 4, [-2] = 5, ab = 6}
  mixed[world:steps() % 5] = "s"
  local order = {}
  for k, v in pairs(mixed) do order[#order + 1] = tostring(k) .. "=" .. tostring(v) end
  local pairs_of = {}
  for i = 1, 6 do pairs_of[i] = {k = math.random(3), i = i} end
  table.sort(pairs_of, function(p, q) return p.k < q.k end)
  for _, p in ipairs(pairs_of) do order[#order + 1] = p.i end
  state.order = table.concat(order, " ")
  note(state.order)
  state.rnd[#state.rnd % 10 + 1] = math.random(1000)
  local b2 = world:body("b2")
  if b2 and world:steps() % 120 == 60 then b2:applyImpulse(50, 400) end
  reshape(world:steps())
  if world:steps() % 10 == 3 then look() end
  local w = world:body("witness")
  if w then w:setVelocity(state.sum % 997 / 10, state.log % 89 / 10) end
end
