-- The environment of a scene script (docs/scene-format.md section 16),
-- written from the document for the reference (script.py loads it into a
-- fresh lupa runtime, with every library open, before the script's top
-- level). It keeps what it needs as locals, then takes away what a script
-- may not have (16.1) and replaces what would depend on addresses, the clock
-- or the collector (16.2, 16.3, 16.4). Returns the helpers world.lua uses.
--
-- The library functions cratebox writes in C are Lua functions here, so an
-- error they raise names its place as luaL_error would (the caller's line);
-- where the original C function is called, it is called through pcall, so
-- that its own errors carry no place, as the C sandbox's do.
local host = ...
local G = _G
local debug, math, string, table = debug, math, string, table
local getinfo, sethook, dgetmeta = debug.getinfo, debug.sethook, debug.getmetatable
local rawget, rawequal = rawget, rawequal
local type, select, error, pcall0 = type, select, error, pcall
local tostring0, tonumber0, next0, ipairs = tostring, tonumber, next, ipairs
local setmeta0, load0 = setmetatable, load
local mtype, tointeger, floor, mlog = math.type, math.tointeger, math.floor, math.log
local format0, find0, gsub0, sbyte = string.format, string.find, string.gsub, string.byte
local concat0, unpack0 = table.concat, table.unpack
local LIBS = {string = string, table = table, math = math, utf8 = utf8}
local LIBNAMES = {"string", "table", "math", "utf8"}

local S = {}      -- what library.lua, world.lua and script.py see
local HIDDEN = {} -- the globals, once fixed (16.6)
S.HIDDEN, S.next0, S.setmeta0, S.load0 = HIDDEN, next0, setmeta0, load0
S.dgetmeta, S.dsetmeta, S.format0, S.concat0 = dgetmeta, debug.setmetatable, format0, concat0

-- Budgets (16.3). The reference counts the script's instructions with a
-- count hook (every 1,000, as cratebox), plus its own Lua code in the library
-- functions, plus the work 16.3 charges for library calls: never less than
-- cratebox counts. So a call under the limit here is under it there; a call
-- over it is Unsupported (the reference cannot say where cratebox's count
-- runs out). The work 16.3 charges inside an instruction (strings of more
-- than 40 bytes made or compared, values `...` copies) happens in lupa's own
-- Lua, out of sight: the hook charges each 1,000 instructions twice over, a
-- value copied or a long string's sixteenth per instruction. A call that
-- makes and compares long strings faster than that (`s = s .. s`) may count
-- less here than in cratebox; the scenes compared here make none.
local CALL_LIMIT, STEP_LIMIT = 10000000, 100000000
local count, stepcount, counting = 0, 0, false
S.over, S.oom = false, false
-- Messages whose place came from a frame a tail call took (its line would
-- be the caller's in cratebox: script.py refuses a world stopped with one),
-- and messages whose words the documents do not give (16.11's: a world
-- stopped with one says so, and compare.py matches the rest of its line).
S.inexact, S.vague = {}, {}
local function charge(n)
  count = count + n
  stepcount = stepcount + n
  if count > CALL_LIMIT or stepcount > STEP_LIMIT then
    S.over = true
    error("the reference cannot follow a script to its instruction budget", 0)
  end
end
local function hook() charge(2000) end
S.charge = charge
function S.begin_step() stepcount = 0 end

-- Runs f(...) with the hook off (the library's own work, charged instead by
-- 16.3's formula); the hook's partial count, lost by turning it off, is
-- charged whole.
local function quietly(f, ...)
  if not counting then return f(...) end
  sethook()
  local ok, a, b = pcall0(f, ...)
  sethook(hook, "", 1000)
  charge(1000)
  if not ok then error(a, 0) end
  return a, b
end

-- A call into the script (16.3, 16.5): its own budget, its error as a value.
-- Returns true and f's first result, or false and the error.
function S.call(f, ...)
  count, counting = 0, true
  sethook(hook, "", 1000)
  local ok, r = pcall0(f, ...)
  sethook()
  counting = false
  if not ok and r == "not enough memory" then S.oom = true end
  return ok, r
end

-- A memory error a script catches is one the reference cannot place either.
local function caught(ok, ...)
  if not ok and (...) == "not enough memory" then S.oom = true end
  return ok, ...
end

-- luaL_where, luaL_error and luaL_argerror as the C library functions
-- raise them: `depth` counts the helper frames between the library function
-- and the helper that raises.
local function where(level)
  local ar = getinfo(level + 1, "Sl")
  if ar and ar.currentline > 0 then return ar.short_src .. ":" .. ar.currentline .. ": " end
  return ""
end
local function tailcalled(level, msg)
  local ar = getinfo(level + 1, "t")
  if ar and ar.istailcall then S.inexact[msg] = true end -- its caller's line is gone
end
local function globalname(f)
  for _, lib in ipairs(LIBNAMES) do
    for k, v in next0, LIBS[lib] do
      if rawequal(v, f) then return lib .. "." .. k end
    end
  end
  for k, v in next0, next0(HIDDEN) ~= nil and HIDDEN or G do -- the globals, fixed or not yet
    if rawequal(v, f) and type(k) == "string" then return k end
  end
  return nil
end
local function fail(msg, depth)
  depth = depth or 0
  tailcalled(2 + depth, msg)
  error(where(3 + depth) .. msg, 0)
end
-- `vague`: words the documents do not give (S.vague).
local function argerror(arg, extramsg, depth, vague)
  depth = depth or 0
  local ar = getinfo(2 + depth, "nf")
  local name = ar.name
  local msg
  if ar.namewhat == "method" then
    arg = arg - 1
    if arg == 0 then msg = format0("calling '%s' on bad self (%s)", name, extramsg) end
  end
  msg = msg or format0("bad argument #%d to '%s' (%s)", arg, name or globalname(ar.func) or "?", extramsg)
  tailcalled(2 + depth, msg)
  if vague then S.vague[msg] = true end
  error(where(3 + depth) .. msg, 0)
end
local function typename(v, present)
  if not present then return "no value" end
  local mt = dgetmeta(v)
  local n = type(mt) == "table" and rawget(mt, "__name")
  if type(n) == "string" then return n end
  return type(v)
end
local function typeerror(arg, expected, v, present, depth)
  argerror(arg, expected .. " expected, got " .. typename(v, present), (depth or 0) + 1)
end
local function tonum(v)
  if type(v) == "number" then return v end
  if type(v) == "string" then return tonumber0(v) end
  return nil
end
local function checknumber(arg, v, present)
  local x = tonum(v)
  if x == nil then typeerror(arg, "number", v, present, 1) end
  return x + 0.0
end
local function checkinteger(arg, v, present)
  local x = tonum(v)
  if x == nil then typeerror(arg, "number", v, present, 1) end
  local i = tointeger(x)
  if i == nil then argerror(arg, "number has no integer representation", 1) end
  return i
end
local function checkstring(arg, v, present)
  if type(v) == "string" then return v end
  if type(v) == "number" then return tostring0(v) end
  typeerror(arg, "string", v, present, 1)
end
local function checktable(arg, v, present)
  if type(v) ~= "table" then typeerror(arg, "table", v, present, 1) end
  return v
end
S.fail, S.argerror, S.typeerror = fail, argerror, typeerror
S.checknumber, S.checkinteger, S.checkstring, S.checktable = checknumber, checkinteger, checkstring,
  checktable

function G.pcall(...)
  if select("#", ...) == 0 then argerror(1, "value expected") end
  return caught(pcall0(...))
end
-- 16.3: xpcall's handler runs after the error has unwound (where the
-- budget counts), on the error; false and what it returns, or its own error.
local function handled(msgh, ok, ...)
  if ok then return true, ... end
  caught(ok, ...)
  local _, r = pcall0(msgh, (...))
  return false, r
end
function G.xpcall(...)
  local n = select("#", ...)
  local f, msgh = ...
  if type(msgh) ~= "function" then typeerror(2, "function", msgh, n > 1) end
  return handled(msgh, pcall0(f, select(3, ...)))
end

-- 16.3: table.sort is a stable merge sort: bottom-up, runs of 1, 2, 4...
-- merged left to right, `less(right, left)` asked, the left first on ties
-- (16.3 does not say which merge sort; this is cratebox's order of calls).
-- 16.2's key order sorts with it too.
local function merge_sort(a, n, less)
  local tmp = {}
  local width = 1
  while width < n do
    local lo = 1
    while lo + width <= n do
      local mid, hi = lo + width - 1, lo + 2 * width - 1
      if hi > n then hi = n end
      for i = lo, mid do tmp[i] = a[i] end
      local i, j, k = lo, mid + 1, lo
      while i <= mid and j <= hi do
        if less(a[j], tmp[i]) then a[k] = a[j]; j = j + 1 else a[k] = tmp[i]; i = i + 1 end
        k = k + 1
      end
      while i <= mid do a[k] = tmp[i]; i = i + 1; k = k + 1 end
      lo = hi + 1
    end
    width = width * 2
  end
end
local function sort_cost(n)
  if n < 1 then return 0 end
  return 4 * n * (1 + floor(mlog(n, 2) + 1e-9))
end

-- table.sort's work (library.lua checks its arguments). Without a
-- comparator, the merge runs with the hook off and is charged 16.3's
-- formula; Lua's `<` failing in this file is named without its place, as it
-- is when the C sort compares.
local function default_less(a, b) return a < b end
local function directly(f, ...) return f(...) end
function S.sort(t, n, less)
  if less ~= nil then return merge_sort(t, n, less) end
  local plain = true -- elements whose `<` may call a metamethod (script code) run counted
  for i = 1, n do
    local tv = type(t[i])
    if tv ~= "number" and tv ~= "string" then plain = false break end
  end
  local ok, err = pcall0(plain and quietly or directly, merge_sort, t, n, default_less)
  if not ok then
    if type(err) == "string" and find0(err, "^sandbox:%d+: ") then err = gsub0(err, "^sandbox:%d+: ", "") end
    error(err, 0)
  end
  if plain then charge(sort_cost(n)) end
end

-- 16.2: key order. Numbers by value (an integer before a float of the same
-- value), then strings byte by byte, then false, then true.
local RANK = {number = 0, string = 1, boolean = 2}
local function keyless(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return RANK[ta] < RANK[tb] end
  if ta == "boolean" then return b and not a end
  if a == b then return ta == "number" and mtype(a) == "integer" and mtype(b) == "float" end
  return a < b
end
local function sorted_keys(t)
  local keys, n = {}, 0
  for k in next0, t do
    local tk = type(k)
    if RANK[tk] == nil then
      return nil, format0("pairs and next refuse a table keyed by a %s: its order would come from an address"
        .. " (key it by numbers or strings)", tk)
    end
    n = n + 1
    keys[n] = k
  end
  merge_sort(keys, n, keyless)
  return keys, n
end
local function keys_of(t)
  local keys, n = quietly(sorted_keys, t)
  if keys == nil then fail(n, 1) end
  charge(sort_cost(n))
  return keys, n
end

function G.pairs(...)
  local t = ...
  if type(t) ~= "table" then typeerror(1, "table", t, select("#", ...) > 0) end
  local keys, n = keys_of(t)
  local i = 0
  return function()
    while i < n do
      i = i + 1
      local k = keys[i]
      local v = rawget(t, k)
      if v ~= nil then return k, v end -- a key removed during the loop is skipped
    end
    return nil
  end, nil, nil -- cratebox's pairs gives no state (16.2 does not say)
end

function G.next(...)
  local t, k = ...
  if type(t) ~= "table" then typeerror(1, "table", t, select("#", ...) > 0) end
  local keys, n = keys_of(t)
  local at = 0
  if k ~= nil then
    for i = 1, n do
      if rawequal(keys[i], k) then at = i break end
    end
    if at == 0 then fail("next: the key is not in the table") end
  end
  if at >= n then return nil end
  return keys[at + 1], rawget(t, keys[at + 1])
end

-- 16.2: tostring never shows an address; string.format's %s shows it, %p
-- is refused.
local function tostring_(...)
  if select("#", ...) == 0 then argerror(1, "value expected") end
  local v = ...
  local mt = dgetmeta(v)
  local f = type(mt) == "table" and rawget(mt, "__tostring")
  if f then return (f(v)) end
  local tv = type(v)
  if tv == "table" or tv == "function" or tv == "thread" or tv == "userdata" then return tv end
  return tostring0(v)
end
G.tostring = tostring_

function string.format(...)
  local fmt = ...
  local n = select("#", ...)
  if type(fmt) ~= "string" and type(fmt) ~= "number" then
    typeerror(1, "string", fmt, n > 0)
  end
  fmt = tostring0(fmt)
  local args = {...}
  local arg, i, len = 1, 1, #fmt
  while i <= len do
    if sbyte(fmt, i) == 37 then -- '%'
      if sbyte(fmt, i + 1) == 37 then
        i = i + 2
      else
        local _, e, conv = find0(fmt, "^[-+ #0]*%d*%.?%d*(.)", i + 1)
        if conv == nil then break end
        arg = arg + 1
        if conv == "p" then fail("string.format: %p would show an address") end
        if conv == "s" and arg <= n then args[arg] = tostring_(args[arg]) end
        i = e + 1
      end
    else
      i = i + 1
    end
  end
  local ok, r = pcall0(format0, unpack0(args, 1, n))
  if not ok then error(r, 0) end
  return r
end

return S
