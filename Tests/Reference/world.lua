-- What a script calls and what calls it (docs/scene-format.md 16.5, 16.7),
-- after sandbox.lua and library.lua: the `world` table, bodies, arbiters,
-- world:onCollision, and the entry points script.py calls. The physics is
-- script.py's (`host`), by construction index.
local S, host = ...
local G = _G
local dsetmeta, dgetmeta, setmeta0, next0 = S.dsetmeta, S.dgetmeta, S.setmeta0, S.next0
local type, select, ipairs, tonumber, rawget = type, select, ipairs, tonumber, rawget
local pcall1, error0 = pcall, error -- sandbox.lua's pcall, Lua's error: before a script can change them
local format0, concat0, load0 = S.format0, S.concat0, S.load0
local fail, typeerror = S.fail, S.typeerror
local checknumber, checkinteger, checkstring, checktable = S.checknumber, S.checkinteger, S.checkstring,
  S.checktable

-- Bodies (16.5): one full userdata per construction index, so `==`
-- compares bodies; `tostring` is `body N`.
local BODY, ARB = {}, {}
local index_of = {}  -- handle -> construction index
local handles = {}   -- construction index -> handle
local BODY_MT = {__name = "cratebox.body", __metatable = "a body", __index = BODY,
                 __tostring = function(u) return "body " .. index_of[u] end}
local ARB_MT = {__name = "cratebox.arbiter", __metatable = "an arbiter", __index = ARB}
local function handle(i)
  if i == nil then return nil end
  local u = handles[i]
  if u == nil then
    u = host.token()
    dsetmeta(u, BODY_MT)
    index_of[u], handles[i] = i, u
  end
  return u
end
S.handle = handle
-- `need`: "push" (a dynamic body only) or "set" (dynamic or kinematic).
local function self_body(v, present, name, need)
  if dgetmeta(v) ~= BODY_MT then typeerror(1, "cratebox.body", v, present, 1) end
  local i = index_of[v]
  if not host.live(i) then fail(format0("body %d is gone (removed or cut)", i), 1) end
  if need then
    local kind = host.kind(i)
    if need == "push" and kind ~= "dynamic" then fail(format0("%s: body %d is not dynamic", name, i), 1) end
    if need == "set" and kind == "static" then fail(format0("%s: body %d is static", name, i), 1) end
  end
  return i
end
-- 16.5: numbers given are finite and within +-1e30.
local function finite(x, name)
  if x ~= x or x > 1e30 or x < -1e30 then
    fail((name and name .. ": " or "") .. "must be finite and within 1e30", 1)
  end
  return x
end
-- 16.7: while Chipmunk's space is locked (inside cpSpaceStep), a setter
-- that would wake a sleeping body is refused (before its numbers are read:
-- 16.7 does not say which comes first; this is cratebox's order).
local function awake(name, i, depth)
  if i ~= nil and host.stepping() and host.asleep(i) then
    fail(format0("%s: body %d is asleep, and waking it inside Chipmunk's step breaks Chipmunk's contact graph:"
      .. " do it in world:afterStep(function() ... end)", name, i), 1 + (depth or 0))
  end
end
local WAKES = {applyImpulse = true, applyForce = true, setVelocity = true, setAngularVelocity = true,
               setPosition = true, setAngle = true, setMass = true, setMoment = true}
-- 16.5: Chipmunk's own integration takes gx and gy within +-1e12, damping
-- from 0 to 1 and dt from 0 to its function's (every number read, then each checked, in order).
local RANGES = {updateVelocity = {{"gx", -1e12, 1e12}, {"gy", -1e12, 1e12}, {"damping", 0, 1}, {"dt", 0, 1}},
                updatePosition = {{"dt", 0, 1}}}
-- 16.8: Chipmunk's own integration, for the body's own velocity or position function only, once a
-- call, with at most the dt it was given: the body and kind running now, and that dt (nil: none).
local integrating = {}
local OWN = {updateVelocity = "velocity", updatePosition = "position"}
local function acting(name, need, nums)
  BODY[name] = function(...)
    local n = select("#", ...)
    local i = self_body((...), n > 0, name, not OWN[name] and need or nil)
    local most
    if OWN[name] then
      if integrating.i ~= i or integrating.kind ~= OWN[name] then
        fail(format0("%s: only body %d's own %s function may call it, once a call (16.8)", name, i, OWN[name]))
      end
      most = integrating.dt
      self_body((...), n > 0, name, need)
    end
    if WAKES[name] then awake(name, i) end
    local x = {}
    for k = 1, nums do
      x[k] = checknumber(k + 1, (select(k + 1, ...)), n > k)
      if not RANGES[name] then x[k] = finite(x[k], name) end
    end
    -- The numbers with ranges are all read first, then checked in order (as the surface checks them).
    for k, range in ipairs(RANGES[name] or {}) do
      local hi = range[1] == "dt" and most or range[3]
      if not (x[k] >= range[2] and x[k] <= hi) then
        fail(format0("%s: %s must be from %g to %g", name, range[1], range[2], hi))
      end
    end
    host.body(i, name, x[1], x[2], x[3], x[4])
    if OWN[name] then integrating.kind = nil end
  end
end
-- 16.5: a push at the centre of gravity, or with a third and a fourth
-- number at that world point: both of px and py or neither (nil for both),
-- so both are read, px first, when either is given.
local function pushing(name)
  BODY[name] = function(...)
    local n = select("#", ...)
    local i = self_body((...), n > 0, name, "push")
    awake(name, i)
    local x = finite(checknumber(2, (select(2, ...)), n > 1), name)
    local y = finite(checknumber(3, (select(3, ...)), n > 2), name)
    local px, py = select(4, ...)
    if px == nil and py == nil then return host.body(i, name, x, y) end
    px = finite(checknumber(4, px, n > 3), name)
    py = finite(checknumber(5, py, n > 4), name)
    host.body(i, name, x, y, px, py)
  end
end
pushing("applyImpulse")
pushing("applyForce")
acting("updateVelocity", "push", 4)
acting("updatePosition", "push", 1)
acting("setVelocity", "set", 2)
acting("setAngularVelocity", "set", 1)
acting("setPosition", "set", 2)
acting("setAngle", "set", 1)
-- 16.5: a mass and a moment within a scene's ranges (a moment finite: a
-- turning joint to the world could not be solved). cratebox's order: the body there, the number read,
-- then the surface's: the kind, waking, the range.
local function mass_setter(name, within, range)
  BODY[name] = function(...)
    local n = select("#", ...)
    local i = self_body((...), n > 0, name)
    local m = checknumber(2, (select(2, ...)), n > 1)
    if host.kind(i) ~= "dynamic" then fail(format0("%s: body %d is not dynamic", name, i)) end
    awake(name, i)
    if not within(m) then fail(name .. ": " .. range) end
    local stiff = host.stiff_body(i, name, m) -- 16.11.1: the springs' loads
    if stiff then fail(name .. ": " .. stiff) end
    host.body(i, name, m)
  end
end
mass_setter("setMass", function(m) return m >= 1e-6 and m <= 1e12 end, "the mass must be from 1e-06 to 1e+12")
mass_setter("setMoment", function(m) return m >= 1e-6 and m <= 1e30 end, "the moment must be from 1e-06 to 1e+30")
for _, name in ipairs({"position", "velocity", "angle", "angularVelocity", "mass", "moment", "id", "type", "force",
                       "torque", "isSleeping"}) do
  BODY[name] = function(...)
    return host.body(self_body((...), select("#", ...) > 0, name), name)
  end
end
-- 16.5: a body's frame (any body): a point in, a point out; and getters of two numbers.
for _, name in ipairs({"localToWorld", "worldToLocal", "velocityAt"}) do
  BODY[name] = function(...)
    local n = select("#", ...)
    local i = self_body((...), n > 0, name)
    local x = finite(checknumber(2, (select(2, ...)), n > 1), name)
    local y = finite(checknumber(3, (select(3, ...)), n > 2), name)
    return host.body(i, name, x, y)
  end
end
for _, name in ipairs({"rotation", "centerOfGravity"}) do
  BODY[name] = function(...)
    return host.body(self_body((...), select("#", ...) > 0, name), name)
  end
end
-- 16.17: body:setLook(look), body:look(): drawing only, kept by script.py.
-- A colour "#rrggbb", either case (section 6).
local function colour(v)
  return type(v) == "string" and #v == 7 and v:match("^#[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$") ~= nil
end
function BODY.setLook(...)
  local i = self_body((...), select("#", ...) > 0)
  local look = (select(2, ...))
  local ok = type(look) == "string" and (look == "crate" or look == "ball" or look == "plain" or colour(look))
  if not ok then
    if type(look) ~= "string" or #look > 64 or look:find("%z") then
      fail('setLook: the look must be "crate", "ball", "plain" or a colour "#rrggbb"')
    end
    fail(format0('setLook: the look must be "crate", "ball", "plain" or a colour "#rrggbb", got "%s"', look))
  end
  host.set_look(i, look)
end
function BODY.look(...)
  return host.look(self_body((...), select("#", ...) > 0))
end
function BODY.index(...)
  local v = ...
  if dgetmeta(v) ~= BODY_MT then typeerror(1, "cratebox.body", v, select("#", ...) > 0) end
  return index_of[v]
end

-- The world (16.5): the functions take `world:` but do not look at it.
local WORLD = {}
local toplevel = false
function WORLD.body(...)
  return handle(host.find(checkstring(2, (select(2, ...)), select("#", ...) > 1)))
end
function WORLD.bodyAt(...)
  return handle(host.at(checkinteger(2, (select(2, ...)), select("#", ...) > 1)))
end
function WORLD.steps() return host.steps() end
function WORLD.isDown(...)
  return host.is_down(checkstring(2, (select(2, ...)), select("#", ...) > 1), toplevel)
end
-- 16.5: the pointer and the click (replay-format.md's `pointer` and
-- `click`), which the top level does not see, and the space's gravity.
function WORLD.pointer()
  if toplevel then return 0.0, 0.0 end
  return host.pointer()
end
function WORLD.clicked()
  if toplevel then return false end
  return host.clicked()
end
function WORLD.gravity() return host.gravity() end
function WORLD.say(...)
  checkstring(2, (select(2, ...)), select("#", ...) > 1) -- drawing only: nothing the reference keeps
end
-- 16.17: world:text(id, text [, options]): drawing only; the reference keeps
-- the ids shown (the 256 limit) and checks each argument in the documented order.
local labels, label_count = {}, 0
local utf8len = G.utf8.len
local OPTIONS = {x = true, y = true, screen = true, size = true, color = true, align = true}
local ALIGN = {left = true, center = true, right = true}
function WORLD.text(...)
  local n = select("#", ...)
  local id, text, options = select(2, ...)
  if type(id) ~= "string" or #id < 1 or #id > 64 or utf8len(id) == nil then
    fail("world:text: the id must be a string of 1 to 64 bytes of UTF-8")
  end
  if n < 3 or text == nil then
    if labels[id] then labels[id], label_count = nil, label_count - 1 end
    return
  end
  if type(text) ~= "string" then fail("world:text: the text must be a string (or nil to remove the label)") end
  if #text > 1000 then fail("world:text: the text is longer than 1000 bytes") end
  if utf8len(text) == nil then fail("world:text: the text is not UTF-8") end
  if options ~= nil then
    if type(options) ~= "table" then fail("world:text: the options must be a table") end
    local unknown, unnamed = nil, false
    for k in next0, options do
      if type(k) ~= "string" then unnamed = true
      elseif not OPTIONS[k] and (unknown == nil or k < unknown) then unknown = k end
    end
    if unnamed then fail("world:text: the options' keys must be option names (x, y, screen, size, color, align)") end
    if unknown then fail(format0("world:text: '%s' is not an option (x, y, screen, size, color, align)", unknown:match("^[^%z]*"))) end
    for _, k in ipairs({"x", "y"}) do
      local v = rawget(options, k)
      if v ~= nil and not (type(v) == "number" and v >= -1e6 and v <= 1e6) then fail("world:text: " .. k .. " must be a number within ±1e6") end
    end
    local v = rawget(options, "screen")
    if v ~= nil and type(v) ~= "boolean" then fail("world:text: screen must be true or false") end
    v = rawget(options, "size")
    if v ~= nil and not (type(v) == "number" and v >= 4 and v <= 200) then fail("world:text: size must be a number from 4 to 200") end
    v = rawget(options, "color")
    if v ~= nil and not colour(v) then fail('world:text: color must be a colour "#rrggbb"') end
    v = rawget(options, "align")
    if v ~= nil and not (type(v) == "string" and ALIGN[v]) then fail('world:text: align must be "left", "center" or "right"') end
  end
  if not labels[id] then
    if label_count == 256 then fail("world:text: 256 labels are shown already; remove some") end
    labels[id], label_count = true, label_count + 1
  end
end
-- 16.5: world:sound(kind, x, y [, strength [, size]]): hearing only, nothing
-- the reference keeps; its arguments are checked in the documented order.
local SOUND_KINDS = {wood = true, rubber = true, metal = true, stone = true, splash = true, snap = true, cut = true,
                     explosion = true, hiss = true}
function WORLD.sound(...)
  local n = select("#", ...)
  local kind = checkstring(2, (select(2, ...)), n > 1)
  if not SOUND_KINDS[kind] then
    fail('world:sound: the kind must be "wood", "rubber", "metal", "stone", "splash", "snap", "cut", "explosion" or "hiss"')
  end
  local x = checknumber(3, (select(3, ...)), n > 2)
  local y = checknumber(4, (select(4, ...)), n > 3)
  if not (x >= -1e9 and x <= 1e9 and y >= -1e9 and y <= 1e9) then fail("world:sound: the point must be finite and within 1e9") end
  local strength, size = (select(5, ...)), (select(6, ...))
  if strength == nil then strength = 1.0 else strength = checknumber(5, strength, true) end
  if size == nil then size = 32.0 else size = checknumber(6, size, true) end
  if not (strength >= 0 and strength <= 1) then fail("world:sound: the strength must be from 0 to 1") end
  if not (size >= 1 and size <= 1e6) then fail("world:sound: the size must be from 1 to 1e6") end
end

-- 16.9: world:reset([keep]) asks for a reset at the end of the step; keep,
-- plain data, is copied at once for the next build's global `kept`.
function WORLD.reset(self, keep)
  if toplevel then fail("world:reset: the top level is the reset's own; ask for one from step or a callback") end
  host.ask_reset(S.keep_copy(keep, {}, 1, false))
end

-- 16.9: space queries. script.py gives the hits in their order, flat.
local function within(x, name)
  if x ~= x or x > 1e9 or x < -1e9 then fail(name .. ": must be finite and within 1e9", 1) end
  return x
end
local FIELDS = {point = {"x", "y", "distance"}, segment = {"x", "y", "nx", "ny", "alpha"}, box = {}}
local function hits(kind, ...)
  local flat = host.query(kind, ...)
  if flat == nil then fail("the query met more than 1000 shapes: ask about a smaller part of the world", 1) end
  local fields, out = FIELDS[kind], {}
  local stride = #fields + 1
  local n = #flat // stride
  S.charge(4 * n)
  for i = 1, n do
    local at = (i - 1) * stride
    local hit = {}
    if flat[at + 1] >= 0 then hit.body = handle(flat[at + 1]) end -- the walls' static body: no `body`
    for k, field in ipairs(fields) do hit[field] = flat[at + 1 + k] end
    out[i] = hit
  end
  return out
end
function WORLD.pointQuery(...)
  local n = select("#", ...)
  local _, x, y, d = ...
  x = within(checknumber(2, x, n > 1), "pointQuery")
  y = within(checknumber(3, y, n > 2), "pointQuery")
  d = within(checknumber(4, d, n > 3), "pointQuery")
  return hits("point", x, y, d)
end
function WORLD.segmentQuery(...)
  local n = select("#", ...)
  local v = {}
  for k = 1, 4 do v[k] = within(checknumber(k + 1, (select(k + 1, ...)), n > k), "segmentQuery") end
  local r = select(6, ...)
  r = (r == nil) and 0.0 or checknumber(6, r, true)
  if r ~= r or r < 0 or r > 1e9 then fail("segmentQuery: the radius must be from 0 to 1e9") end
  return hits("segment", v[1], v[2], v[3], v[4], r)
end
function WORLD.boxQuery(...)
  local n = select("#", ...)
  local v = {}
  for k = 1, 4 do v[k] = within(checknumber(k + 1, (select(k + 1, ...)), n > k), "boxQuery") end
  if v[1] > v[3] or v[2] > v[4] then fail("boxQuery: left must not pass right, nor bottom top") end
  return hits("box", v[1], v[2], v[3], v[4])
end

-- 16.10: joints, one value per index in the scene's `joints`.
local JOINT = {}
local joint_index, joint_handles = {}, {}
local JOINT_MT = {__name = "cratebox.joint", __metatable = "a joint", __index = JOINT,
                  __tostring = function(u) return "joint " .. joint_index[u] end}
local function joint_handle(k)
  if k == nil then return nil end
  local u = joint_handles[k]
  if u == nil then
    u = host.token()
    dsetmeta(u, JOINT_MT)
    joint_index[u], joint_handles[k] = k, u
  end
  return u
end

-- `kinds`: the joint types a getter or setter is for.
local function self_joint(v, present, name, kinds)
  if dgetmeta(v) ~= JOINT_MT then typeerror(1, "cratebox.joint", v, present, 1) end
  local k = joint_index[v]
  if not host.joint_live(k) then fail(format0("joint %d is gone (broken, or removed with a body)", k), 1) end
  if kinds and not kinds[host.joint(k, "type")] then fail(name .. ": not this joint's", 1) end
  return k
end
function WORLD.joint(...)
  return joint_handle(host.find_joint(checkstring(2, (select(2, ...)), select("#", ...) > 1)))
end
function JOINT.bodies(...)
  local a, b = host.joint(self_joint((...), select("#", ...) > 0), "bodies")
  return handle(a), handle(b)
end
for _, name in ipairs({"impulse", "maxForce", "id"}) do
  JOINT[name] = function(...) return host.joint(self_joint((...), select("#", ...) > 0), name) end
end
function JOINT.index(...)
  local v = ...
  if dgetmeta(v) ~= JOINT_MT then typeerror(1, "cratebox.joint", v, select("#", ...) > 0) end
  return joint_index[v]
end
-- 16.7: a joint's setter wakes both its bodies.
local function joint_awake(name, k)
  local a, b = host.joint(k, "bodies")
  awake(name, a, 1)
  awake(name, b, 1)
end
function JOINT.setMaxForce(...)
  local k = self_joint((...), select("#", ...) > 0)
  joint_awake("setMaxForce", k)
  local f = checknumber(2, (select(2, ...)), select("#", ...) > 1)
  if not (f >= 0) then fail("setMaxForce: must be 0 or more (math.huge: no limit)") end
  host.joint(k, "setMaxForce", f)
end
local SPRING, ROTARY = {spring = true}, {rotarySpring = true}
-- 16.10: what a setter sets is within a scene's range for it.
local JOINT_RANGES = {restLength = {0, 1e6}, distance = {0, 1e6}, restAngle = {-1e6, 1e6}, rate = {-1e6, 1e6},
                      stiffness = {0, 1e12}, damping = {0, 1e12}, ratio = {-1e6, 1e6}, phase = {-1e6, 1e6}}
local LIMITS = {slide = true, rotaryLimit = true}
-- 16.10: a slide's or rotary limit's min is at most its max, its max at least its min.
local function range_of(k, name)
  if name == "min" then
    return host.joint(k, "type") == "slide" and 0 or -1e6, host.joint(k, "max")
  elseif name == "max" then
    return host.joint(k, "min"), 1e6
  end
  return JOINT_RANGES[name][1], JOINT_RANGES[name][2]
end
-- A joint's number: a getter, or with an argument (a setter: always) a setter.
local function joint_number(name, label, setter, kinds)
  return function(...)
    local n = select("#", ...)
    local k = self_joint((...), n > 0, label, kinds)
    if n < 2 and not setter then return host.joint(k, name) end
    joint_awake(label, k)
    local v = checknumber(2, (select(2, ...)), true)
    local lo, hi = range_of(k, name)
    local gear = name == "ratio"
    if not (v >= lo and v <= hi) or (gear and not (math.abs(v) >= 1e-6)) then
      fail(format0("%s: must be from %g to %g%s, as in a scene", label, lo, hi, gear and " and at least 1e-06 either way" or ""))
    end
    if name == "stiffness" then -- 16.11.1: the springs' loads
      local stiff = host.stiff_joint(k, v)
      if stiff then fail(label .. ": " .. stiff) end
    end
    host.joint(k, name, v)
  end
end
for name, kinds in next0, {restLength = SPRING, stiffness = {spring = true, rotarySpring = true},
                           damping = {spring = true, rotarySpring = true}, restAngle = ROTARY,
                           rate = {motor = true}, distance = {pin = true}, min = LIMITS, max = LIMITS,
                           ratio = {gear = true}, phase = {gear = true}} do
  JOINT[name] = joint_number(name, name, false, kinds)
end
for name, kinds in next0, {min = LIMITS, max = LIMITS, ratio = {gear = true}, phase = {gear = true}} do
  local label = "set" .. name:sub(1, 1):upper() .. name:sub(2)
  JOINT[label] = joint_number(name, label, true, kinds)
end
-- 16.10: a groove's ends on body a, read as x and y or set: each within
-- ±1e6, the groove at least 0.001 long (cratebox's order: the kind, x and
-- y read, waking, x's range, y's, the length).
local GROOVE = {groove = true}
for _, e in ipairs({"A", "B"}) do
  JOINT["groove" .. e] = function(...)
    return host.joint(self_joint((...), select("#", ...) > 0, "groove" .. e, GROOVE), "groove" .. e)
  end
  JOINT["setGroove" .. e] = function(...)
    local n = select("#", ...)
    local label = "setGroove" .. e
    local k = self_joint((...), n > 0, label, GROOVE)
    local x = checknumber(2, (select(2, ...)), n > 1)
    local y = checknumber(3, (select(3, ...)), n > 2)
    joint_awake(label, k)
    if not (x >= -1e6 and x <= 1e6) then fail(label .. ": must be x within ±1e6, as in a scene") end
    if not (y >= -1e6 and y <= 1e6) then fail(label .. ": must be y within ±1e6, as in a scene") end
    local ox, oy = host.joint(k, e == "A" and "grooveB" or "grooveA")
    local dx, dy = ox - x, oy - y
    if not (math.sqrt(dx * dx + dy * dy) >= 0.001) then fail(label .. ": the groove's ends must be at least 0.001 apart, as in a scene") end
    host.joint(k, label, x, y)
  end
end

-- 16.11: making and removing bodies and joints, refused while Chipmunk
-- steps (a callback inside cpSpaceStep); world:afterStep's queue runs once
-- the step is done. script.py reads the tables (the scene reader's rules)
-- and builds; its refusal comes back as a message. A message 16.11 does
-- not give the words of is `vague`: a world stopped with it is one the
-- reference cannot follow (script.py).
local function vague(msg)
  S.vague[msg] = true
  return msg
end
-- 16.6, 16.9, 16.15: a copy of plain data (world:reset's keep, a timer's
-- arguments), or an error where it is not plain data (cratebox names the
-- place; the reference says only that it is not). As cratebox writes it:
-- `depth` counts every value from the one given (1), leaves too, at most
-- 100; a table once among all that `seen` has seen. A body or joint stays
-- itself within one build (a timer's argument); between builds (keep) the
-- reference does not carry one.
function S.keep_copy(v, seen, depth, handles)
  if depth > 100 then fail(vague("not plain data: nested more than 100 deep"), 2) end
  local t = type(v)
  if t == "nil" or t == "boolean" or t == "number" or t == "string" then return v end
  local mt = dgetmeta(v)
  if mt == BODY_MT or mt == JOINT_MT then
    if handles then return v end
    host.unsupported("a body or joint in world:reset's keep (the reference carries plain values between builds only)")
    return nil
  end
  if t ~= "table" or mt ~= nil or seen[v] then fail(vague("not plain data"), 2) end
  seen[v] = true
  local out = {}
  for k, x in next0, v do
    local kt = type(k)
    if kt ~= "number" and kt ~= "string" and kt ~= "boolean" then fail(vague("not plain data: a key"), 2) end
    out[k] = S.keep_copy(x, seen, depth + 1, handles)
  end
  return out
end
function S.set_kept(v) G.kept = v end

-- 16.15: timers. Each is {id, due, period (0: once), name, args, n}; its
-- arguments are copied when it is made and again for each call.
local timers, next_timer, MAX_TIMERS = {}, 0, 1024
local function global_function(name)
  local h = S.HIDDEN
  local f
  if next0(h) ~= nil then f = rawget(h, name) else f = rawget(G, name) end
  return type(f) == "function" and f or nil
end
local function make_timer(every, ...)
  local what = every and "world:every" or "world:after"
  local n = select("#", ...)
  local seconds = checknumber(2, (select(2, ...)), n > 1)
  if not (seconds > 0 and seconds <= 1e6) then fail(what .. ": the seconds must be greater than 0 and at most 1e6") end
  local name = checkstring(3, (select(3, ...)), n > 2)
  if #name > 255 or name:find("\0", 1, true) or not global_function(name) then
    fail(format0("%s: '%s' is not a global function of the script (define it above the call)", what, #name > 60 and "a long name" or name))
  end
  if #timers >= MAX_TIMERS then fail(format0("%s: %d timers wait already; cancel some", what, MAX_TIMERS)) end
  if n - 3 > 250 then fail(format0("%s: at most 250 arguments", what)) end
  -- The arguments as cratebox copies them: one list (so one level more), each table once among them.
  local args, seen = {}, {}
  for k = 4, n do args[k - 3] = S.keep_copy((select(k, ...)), seen, 2, true) end
  local steps = math.floor(seconds * 120 + 0.5)
  if steps < 1 then steps = 1 end
  next_timer = next_timer + 1
  timers[#timers + 1] = {id = next_timer, due = host.steps() + steps, period = every and steps or 0, name = name,
                         args = args, n = n - 3}
  return next_timer
end
function WORLD.after(...) return make_timer(false, ...) end
function WORLD.every(...) return make_timer(true, ...) end
function WORLD.cancel(...)
  local id = checkinteger(2, (select(2, ...)), select("#", ...) > 1)
  for i, t in ipairs(timers) do
    if t.id == id then
      for j = i, #timers - 1 do timers[j] = timers[j + 1] end
      timers[#timers] = nil
      return true
    end
  end
  return false
end
-- Before step(world), after the input functions: each timer due by now, in due order, ties by id.
function S.run_timers()
  local now = host.steps()
  while true do
    local best
    for i, t in ipairs(timers) do
      if t.due <= now and (best == nil or t.due < timers[best].due or (t.due == timers[best].due and t.id < timers[best].id)) then
        best = i
      end
    end
    if best == nil then return true, nil end
    local t = timers[best]
    if t.period > 0 then
      t.due = t.due + t.period
    else
      for j = best, #timers - 1 do timers[j] = timers[j + 1] end
      timers[#timers] = nil
    end
    local args = {}
    local seen = {}
    for k = 1, t.n do args[k] = S.keep_copy(t.args[k], seen, 2, true) end
    local ok, r = S.call(global_function(t.name), WORLD, table.unpack(args, 1, t.n))
    if not ok then return false, r end
  end
end
local function unlocked(name)
  if host.stepping() then
    fail(name .. ": Chipmunk is stepping (this is a callback inside its step): do it in"
      .. " world:afterStep(function() ... end)", 1)
  end
end
local function done(index, err)
  if err ~= nil then fail(err, 1) end
  return index
end
function WORLD.spawn(...)
  unlocked("world:spawn")
  local t = checktable(2, (select(2, ...)), select("#", ...) > 1)
  return handle(done(host.spawn(t)))
end
local walking = 0 -- body:eachArbiter walks under way (16.5)
function WORLD.remove(...)
  unlocked("world:remove")
  if walking > 0 then
    fail("world:remove: not inside body:eachArbiter, whose walk it would break: do it after the walk")
  end
  local v = select(2, ...)
  if dgetmeta(v) ~= BODY_MT then S.argerror(2, "a body", 0, true) end
  local i = index_of[v]
  if not host.live(i) then fail(format0("world:remove: body %d is gone (removed or cut)", i)) end
  host.remove(i)
end
-- A joint's end: a body (live), "world" or nil (the world's static body: -1).
local function joint_end(v, name)
  if v == nil or v == "world" then return -1 end
  if dgetmeta(v) ~= BODY_MT then fail(vague('world:addJoint: ' .. name .. ' must be a body or "world"'), 1) end
  local i = index_of[v]
  if not host.live(i) then fail(format0("world:addJoint: body %d is gone (removed or cut)", i), 1) end
  return i
end
function WORLD.addJoint(...)
  unlocked("world:addJoint")
  local t = checktable(2, (select(2, ...)), select("#", ...) > 1)
  local a, b = joint_end(rawget(t, "a"), "a"), joint_end(rawget(t, "b"), "b")
  return joint_handle(done(host.add_joint(t, a, b)))
end
function WORLD.removeJoint(...)
  unlocked("world:removeJoint")
  local v = select(2, ...)
  local k = dgetmeta(v) == JOINT_MT and joint_index[v] or nil
  if k == nil then S.argerror(2, "a joint", 0, true) end
  if not host.joint_live(k) then
    fail(format0("world:removeJoint: joint %d is gone (broken, or removed with a body)", k))
  end
  host.remove_joint(k)
end
-- The queue, and how many were queued for this step's end (at most 10,000).
local after, after_count = {}, 0
local AFTER_LIMIT = 10000
function WORLD.afterStep(...)
  if toplevel then fail(vague("world:afterStep: from step or a callback (the top level runs before any step)")) end
  local f = select(2, ...)
  if type(f) ~= "function" then typeerror(2, "function", f, select("#", ...) > 1) end
  if after_count >= AFTER_LIMIT then
    fail(vague(format0("world:afterStep: more than %d functions wait for this step's end", AFTER_LIMIT)))
  end
  after_count = after_count + 1
  after[#after + 1] = f
end
-- Runs the queue in order, those queued meanwhile too: (true) or (false, error).
function S.after_step()
  local i = 1
  while i <= #after do
    local ok, r = S.call(after[i])
    if not ok then return false, r end
    i = i + 1
  end
  after, after_count = {}, 0
  return true, nil
end

-- 16.7: handlers, by the index script.py gave them.
local handlers = {}
local SLOTS = {"begin", "preSolve", "postSolve", "separate"}
local IS_SLOT = {begin = true, preSolve = true, postSolve = true, separate = true}
function WORLD.onCollision(...)
  if not toplevel then fail("world:onCollision: handlers are set by the top level, as the world is built (16.7)") end
  local n = select("#", ...)
  local _, a, b, given = ...
  a, b = checkstring(2, a, n > 1), checkstring(3, b, n > 2)
  checktable(4, given, n > 3)
  if #a < 1 or #a > 64 or a == "*" or #b < 1 or #b > 64 then
    fail('world:onCollision: a collision type is a name of 1 to 64 bytes (and "*", any type, only second)')
  end
  for k in next0, given do
    if not IS_SLOT[k] then fail("world:onCollision: the handlers are begin, preSolve, postSolve and separate") end
  end
  local fns, slots = {}, {}
  for _, slot in ipairs(SLOTS) do
    local f = given[slot]
    if f ~= nil then
      if type(f) ~= "function" then fail("world:onCollision: " .. slot .. " must be a function") end
      fns[slot] = f
      slots[#slots + 1] = slot
    end
  end
  if #slots == 0 then fail("world:onCollision: no handler given") end
  local k = host.add_handler(a, b ~= "*" and b or nil, concat0(slots, " "))
  if k == nil then fail("world:onCollision: those types already have handlers") end
  handlers[k] = fns
end

-- The arbiter (16.7): good only inside the call it was made for (a
-- collision callback, or one call of body:eachArbiter's walk, 16.5), which
-- may run inside another's; each value names its own arbiter (its address,
-- for script.py).
local serial = 0
local active = {}  -- serial -> true while its call runs
local arb_serial = setmeta0({}, {__mode = "k"})
local arb_address = setmeta0({}, {__mode = "k"})
local function self_arb(v, present)
  if dgetmeta(v) ~= ARB_MT then typeerror(1, "cratebox.arbiter", v, present, 1) end
  if not active[arb_serial[v]] then fail("an arbiter is only good inside its collision callback", 1) end
  return arb_address[v]
end
-- Calls f(arb) with a new arbiter value for the arbiter at `address`: S.call's (ok, result or error).
local function with_arbiter(address, call, f)
  serial = serial + 1
  local arb, mine = host.token(), serial
  dsetmeta(arb, ARB_MT)
  arb_serial[arb], arb_address[arb] = mine, address
  active[mine] = true
  local ok, r = call(f, arb)
  active[mine] = nil
  return ok, r
end
function ARB.bodies(...)
  local p = self_arb((...), select("#", ...) > 0)
  local ia, ib = host.arb(p, "bodies")
  return handle(ia), handle(ib)
end
for _, name in ipairs({"normal", "count", "totalImpulse", "totalKE", "isFirstContact", "restitution",
                       "friction", "surfaceVelocity"}) do
  ARB[name] = function(...)
    local p = self_arb((...), select("#", ...) > 0)
    return host.arb(p, name)
  end
end
function ARB.point(...)
  local p = self_arb((...), select("#", ...) > 0)
  local i = checkinteger(2, (select(2, ...)), select("#", ...) > 1)
  local count = host.arb(p, "count")
  if i < 1 or i > count then fail(format0("arb:point: contact %d is not one of its %d", i, count)) end
  return host.arb(p, "point", i - 1)
end
for name, nums in next0, {setRestitution = 1, setFriction = 1, setSurfaceVelocity = 2} do
  ARB[name] = function(...)
    local n = select("#", ...)
    local p = self_arb((...), n > 0)
    local a = checknumber(2, (select(2, ...)), n > 1)
    -- 16.7: a restitution from 0 to 1, as an elasticity (past 1 a contact gains energy every step).
    if name == "setRestitution" then
      if not (a >= 0 and a <= 1) then fail("setRestitution: must be from 0 to 1") end
    else
      a = finite(a)
    end
    local b = nums == 2 and finite(checknumber(3, (select(3, ...)), n > 2)) or nil
    host.arb(p, name, a, b)
  end
end
-- 16.7: contact i's two points, in arb:point's order, world coordinates
-- (the index checked first, as arb:point checks it, then each number).
function ARB.setPoint(...)
  local n = select("#", ...)
  local p = self_arb((...), n > 0)
  local i = checkinteger(2, (select(2, ...)), n > 1)
  local count = host.arb(p, "count")
  if i < 1 or i > count then fail(format0("arb:setPoint: contact %d is not one of its %d", i, count)) end
  local v = {}
  for k = 1, 4 do v[k] = finite(checknumber(k + 2, (select(k + 2, ...)), n > k + 1)) end
  host.arb(p, "setPoint", i - 1, v[1], v[2], v[3], v[4])
end

-- 16.5: body:eachArbiter(f), Chipmunk's walk (script.py calls S.walk_one
-- for each arbiter); the first error ends it and is raised here, as it was.
local walk_error
function S.walk_one(address, f)
  local ok, r = with_arbiter(address, pcall1, f)
  if not ok then walk_error = {r} end
  return ok
end
-- 16.5.1: body:setType(type [, mass, moment]): the body, between steps and outside a walk,
-- the type by name, both numbers or neither; then the World's checks and Chipmunk's (host).
local TYPES = {dynamic = 0, kinematic = 1, static = 2}
function BODY.setType(...)
  local n = select("#", ...)
  local i = self_body((...), n > 0, "setType")
  unlocked("setType")
  if walking > 0 then fail("setType: not inside body:eachArbiter, whose walk it would break: do it after the walk") end
  local t = select(2, ...)
  local code = type(t) == "string" and TYPES[t] or nil
  if code == nil then fail('setType: the type must be "dynamic", "kinematic" or "static"') end
  local m, mo = select(3, ...), (select(4, ...))
  if m ~= nil or mo ~= nil then
    m = checknumber(3, m, n > 2)
    mo = checknumber(4, mo, n > 3)
  end
  S.charge(host.type_work(i)) -- 16.3: the body's shapes, joints and arbiters, the world's bodies
  done(host.set_type(i, code, m, mo))
end
function BODY.eachArbiter(...)
  local n = select("#", ...)
  local i = self_body((...), n > 0, "eachArbiter")
  local f = select(2, ...)
  if type(f) ~= "function" then typeerror(2, "function", f, n > 1) end
  walking = walking + 1
  walk_error = nil
  host.each_arbiter(i, f)
  walking = walking - 1
  local e = walk_error
  walk_error = nil
  if e ~= nil then error0(e[1], 0) end
end

-- What shapes.lua (16.12) builds on.
S.BODY, S.ARB, S.self_body, S.self_arb, S.awake = BODY, ARB, self_body, self_arb, awake

-- Entry points (script.py). Each returns S.call's (ok, result or error).
G.world = WORLD
-- 16.18: require(name), the modules the scene carries (host.module: the
-- text, or nil), each run once per build, first required at the top level only.
local loaded, LOADING = {}, {}  -- LOADING: the mark of a module that is loading (no module returns it)
local MODULE_NAME = "^[A-Za-z0-9_%-]+$"
function G.require(...)
  local name = checkstring(1, (select(1, ...)), select("#", ...) > 0)
  if not (#name >= 1 and #name <= 64 and name:find(MODULE_NAME)) then
    fail(format0("require: '%s' is not a module's name (1 to 64 letters, digits, '_' or '-': NAME.lua beside the scene, no path)",
      name:match("^[^%z]*")))
  end
  local v = loaded[name]
  if v == LOADING then fail(format0("require: '%s' is required while it loads (a loop of requires)", name)) end
  if v ~= nil then return v end
  if not toplevel then
    fail(format0("require: '%s' is first required after the top level: require it at the top level, which runs it once per build", name))
  end
  local text = host.module(name)
  if text == nil then
    fail(format0("require: no module '%s' (%s.lua beside the scene, which the script or a module must require by that literal name)", name, name))
  end
  local chunk, err = load0(text, "=" .. name .. ".lua", "t", G)
  if not chunk then error0(err, 0) end
  loaded[name] = LOADING
  local ok, r = pcall1(chunk, name)
  if not ok then
    loaded[name] = nil
    error0(r, 0)
  end
  if r == nil then r = true end
  loaded[name] = r
  return r
end
function S.top(text, name)
  local chunk, err = load0(text, "=" .. name, "t", G)
  if not chunk then return false, err end
  toplevel = true
  local ok, r = S.call(chunk)
  toplevel = false
  if ok then S.fix_globals() end
  return ok, r
end
function S.step()
  local f = S.HIDDEN.step
  if type(f) ~= "function" then return true, nil end
  return S.call(f, WORLD)
end
-- 16.13: an input function (keypressed, keyreleased, mousepressed,
-- mousereleased), if the script defines it, with the world and the event's values.
function S.input(name, ...)
  local f = S.HIDDEN[name]
  if type(f) ~= "function" then return true, nil end
  return S.call(f, WORLD, ...)
end
function S.collide(k, slot, address)
  return with_arbiter(address, S.call, handlers[k][slot])
end
function S.separate(k, ia, ib, removal)
  return S.call(handlers[k].separate, {a = handle(ia), b = handle(ib), removal = removal})
end
-- 16.10: a joint's functions. A force or torque function's result is a
-- number (or a string that is one), finite, within +-1e30; else `false`.
function S.joint_call(name, k, ...)
  return S.call(S.HIDDEN[name], joint_handle(k), ...)
end
function S.spring_call(name, k, x)
  local ok, r = S.call(S.HIDDEN[name], joint_handle(k), x)
  if not ok then return false, r end
  r = type(r) == "number" and r or type(r) == "string" and tonumber(r) or nil
  if r == nil or r ~= r or r > 1e30 or r < -1e30 then return true, false end
  return true, r + 0.0
end
-- 16.8: a body's velocity and position functions, by their global names
-- (at the top level, the globals as they are then: 16.11's spawns).
function S.is_function(name) return type(S.HIDDEN[name]) == "function" end
function S.is_global_function(name) return type(G[name]) == "function" end
local function integrate(kind, i, dt, f, ...)
  integrating.i, integrating.kind, integrating.dt = i, kind, dt
  local ok, r = S.call(f, ...)
  integrating.i, integrating.kind, integrating.dt = nil, nil, nil
  return ok, r
end
function S.velocity(name, i, gx, gy, damping, dt)
  return integrate("velocity", i, dt, S.HIDDEN[name], handle(i), gx, gy, damping, dt)
end
function S.position(name, i, dt)
  return integrate("position", i, dt, S.HIDDEN[name], handle(i), dt)
end
return S
