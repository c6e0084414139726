-- A probe for the reference (Tests/Reference/compare.py): handlers of every
-- kind (a pair's four, a sensor's, wildcards, a pair with one slot whose
-- others fall to the wildcards), the arbiter's functions, keys, and the
-- library's orders. Everything the callbacks see goes into a digest that
-- the witness body's velocity carries into the state hash.
state = {log = 0, sum = 0, begins = 0, rnd = {}, order = ""}

local function note(s)
  local h = state.sum
  for i = 1, #s do h = (h * 31 + s:byte(i)) % 1000003 end
  state.sum = h
  state.log = state.log + 1
end
local function name(b) return b and tostring(b:index()) or "-" end -- its index: good after it is gone
local function str(x) return string.format("%.4f", x) end

world:onCollision("ball", "ground", {
  begin = function(arb)
    local a, b = arb:bodies()
    local nx, ny = arb:normal()
    note(table.concat({"begin", name(a), name(b), arb:count(), str(nx), str(ny), tostring(arb:isFirstContact())}, " "))
    state.begins = state.begins + 1
    return state.begins % 7 ~= 0 -- every seventh contact is ignored until it separates
  end,
  preSolve = function(arb)
    arb:setFriction(0.9)
    arb:setRestitution(arb:restitution() * 0.5)
    if world:steps() % 25 == 0 then
      local ax, ay, bx, by, d = arb:point(arb:count())
      note(table.concat({"pre", str(ax), str(ay), str(bx), str(by), str(d), str(arb:friction())}, " "))
    end
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
  postSolve = function(arb) note("paddle " .. str(arb:totalKE())) end,
})

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
  local w = world:body("witness")
  if w then w:setVelocity(state.sum % 997 / 10, state.log % 89 / 10) end
end
