-- Shapes in scripts (docs/scene-format.md 16.12), after world.lua: body:shapes()
-- and arb:shapes(), a shape's functions, and a body's activate (its force,
-- torque and isSleeping are world.lua's getters). A shape's setters obey
-- 16.7's wake rule (world.lua's `awake`). The physics is script.py's
-- (script_shapes.py), by construction index and place.
local S, host = ...
local dsetmeta, dgetmeta, setmeta0, format0 = S.dsetmeta, S.dgetmeta, S.setmeta0, S.format0
local type, select, ipairs = type, select, ipairs
local fail, typeerror = S.fail, S.typeerror
local checknumber, checkstring, checkinteger = S.checknumber, S.checkstring, S.checkinteger
local BODY, ARB, handle = S.BODY, S.ARB, S.handle
local self_body, self_arb, awake = S.self_body, S.self_arb, S.awake

-- A shape value names (construction index, place). Each call makes new
-- values; two of the same body and place compare equal (__eq), and one
-- shows as `shape K of body N`.
local SHAPE = {}
local place = setmeta0({}, {__mode = "k"}) -- value -> {i, k}
local SHAPE_MT = {
  __name = "cratebox.shape", __metatable = "a shape", __index = SHAPE,
  __tostring = function(u) return format0("shape %d of body %d", place[u][2], place[u][1]) end,
  __eq = function(u, v)
    local p, q = place[u], place[v]
    return p ~= nil and q ~= nil and p[1] == q[1] and p[2] == q[2]
  end,
}
local function shape_handle(i, k)
  if i == nil then return nil end -- the walls' shapes
  local u = host.token()
  dsetmeta(u, SHAPE_MT)
  place[u] = {i, k}
  return u
end
local function self_shape(v, present)
  if dgetmeta(v) ~= SHAPE_MT then typeerror(1, "cratebox.shape", v, present, 1) end
  local p = place[v]
  if not host.live(p[1]) then
    fail(format0("shape %d of body %d is gone (its body was removed or cut)", p[2], p[1]), 1)
  end
  return p[1], p[2]
end
-- A refusal whose words the documents do not give (S.vague).
local function vague(msg)
  S.vague[msg] = true
  return msg
end

function BODY.shapes(...)
  local i = self_body((...), select("#", ...) > 0, "shapes")
  local out = {}
  for k = 1, host.shape_count(i) do out[k] = shape_handle(i, k) end
  return out
end
function BODY.activate(...)
  local i = self_body((...), select("#", ...) > 0, "activate", "set")
  awake("activate", i)
  host.body(i, "activate")
end
function ARB.shapes(...)
  local p = self_arb((...), select("#", ...) > 0)
  local ia, ka, ib, kb = host.arb_shapes(p)
  return shape_handle(ia, ka), shape_handle(ib, kb)
end

function SHAPE.body(...)
  return handle((self_shape((...), select("#", ...) > 0)))
end
-- Getters, or with an argument setters (friction 0 to 1e30, elasticity 0 to 1): an argument given,
-- even nil, makes a setter.
local MOST = {friction = {1e30, "1e+30"}, elasticity = {1, "1"}}
for _, name in ipairs({"friction", "elasticity"}) do
  SHAPE[name] = function(...)
    local n = select("#", ...)
    local i, k = self_shape((...), n > 0)
    if n < 2 then return host.shape_get(i, k, name) end
    awake(name, i)
    local x = checknumber(2, (select(2, ...)), true)
    if not (x >= 0 and x <= MOST[name][1]) then fail(name .. ": must be from 0 to " .. MOST[name][2]) end
    host.shape_set(i, k, name, x)
  end
end
-- The setters by their own names (16.12).
for _, name in ipairs({"friction", "elasticity"}) do
  local label = "set" .. name:sub(1, 1):upper() .. name:sub(2)
  SHAPE[label] = function(...)
    local n = select("#", ...)
    local i, k = self_shape((...), n > 0)
    local x = checknumber(2, (select(2, ...)), n > 1)
    awake(label, i)
    if not (x >= 0 and x <= MOST[name][1]) then fail(label .. ": must be from 0 to " .. MOST[name][2]) end
    host.shape_set(i, k, name, x)
  end
end
-- 16.12: a collision type by its name (a one-way platform's stays cratebox's), and a filter as a scene gives one.
function SHAPE.setCollisionType(...)
  local n = select("#", ...)
  local i, k = self_shape((...), n > 0)
  local name = checkstring(2, (select(2, ...)), n > 1)
  if #name == 0 or #name > 64 or name == "*" then fail("setCollisionType: a collision type is a name of 1 to 64 bytes") end
  if host.shape_get(i, k, "oneWay") then fail("setCollisionType: a one-way platform's shape keeps cratebox's type") end
  awake("setCollisionType", i)
  host.shape_set(i, k, "collisionType", name)
end
function SHAPE.filter(...)
  local i, k = self_shape((...), select("#", ...) > 0)
  return host.shape_get(i, k, "filter")
end
function SHAPE.setFilter(...)
  local n = select("#", ...)
  local i, k = self_shape((...), n > 0)
  local g, c, m = checkinteger(2, (select(2, ...)), n > 1), checkinteger(3, (select(3, ...)), n > 2), checkinteger(4, (select(4, ...)), n > 3)
  if g < 0 or g > 2147483647 or c < 0 or c > 4294967295 or m < 0 or m > 4294967295 then
    fail("setFilter: the group must be from 0 to 2147483647, the categories and the mask from 0 to 4294967295")
  end
  awake("setFilter", i)
  host.shape_set(i, k, "filter", g, c, m)
end
function SHAPE.surfaceVelocity(...)
  local i, k = self_shape((...), select("#", ...) > 0)
  return host.shape_get(i, k, "surfaceVelocity")
end
function SHAPE.setSurfaceVelocity(...)
  local n = select("#", ...)
  local i, k = self_shape((...), n > 0)
  awake("setSurfaceVelocity", i)
  local x, y = checknumber(2, (select(2, ...)), n > 1), checknumber(3, (select(3, ...)), n > 2)
  if x ~= x or x > 1e30 or x < -1e30 or y ~= y or y > 1e30 or y < -1e30 then
    fail(vague("setSurfaceVelocity: must be finite and within 1e30"))
  end
  host.shape_set(i, k, "surfaceVelocity", x, y)
end
function SHAPE.sensor(...)
  local n = select("#", ...)
  local i, k = self_shape((...), n > 0)
  if n < 2 then return host.shape_get(i, k, "sensor") end
  awake("sensor", i)
  local on = select(2, ...)
  if type(on) ~= "boolean" then typeerror(2, "boolean", on, true) end
  host.shape_set(i, k, "sensor", on)
end
function SHAPE.hasType(...)
  local n = select("#", ...)
  local i, k = self_shape((...), n > 0)
  return host.shape_has_type(i, k, checkstring(2, (select(2, ...)), n > 1))
end
-- 16.12: the bounding box as Chipmunk last computed it, and a polygon's
-- (or box's) vertices in its body's frame, each a table {x, y}.
function SHAPE.bb(...)
  local i, k = self_shape((...), select("#", ...) > 0)
  return host.shape_get(i, k, "bb")
end
function SHAPE.vertices(...)
  local i, k = self_shape((...), select("#", ...) > 0)
  local flat = host.shape_vertices(i, k)
  if flat == nil then fail("vertices: not a polygon or a box") end
  local out = {}
  for n = 1, #flat // 2 do out[n] = {flat[2 * n - 1], flat[2 * n]} end
  return out
end
return S
