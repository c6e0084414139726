-- The rest of a script's libraries (docs/scene-format.md 16.1, 16.3, 16.4)
-- and its fixed globals (16.6), after sandbox.lua: setmetatable's refusals,
-- the table functions, string.rep and the pattern functions' limits, load,
-- math.random, and the names a script does not get. `S` is sandbox.lua's.
local S, host = ...
local G = _G
local debug, math, string, table = debug, math, string, table
local dgetmeta, rawset, rawget = debug.getmetatable, rawset, rawget
local type, select, error, pcall0, tostring0 = type, select, error, pcall, tostring
local setmeta0, load0 = setmetatable, load
local format0, rep0, sbyte, ult = string.format, string.rep, string.byte, math.ult
local fail, argerror, typeerror, charge = S.fail, S.argerror, S.typeerror, S.charge
local checkinteger, checkstring, checktable = S.checkinteger, S.checkstring, S.checktable
local MAX = 16777216 -- 2^24: elements of a table function, bytes of string.rep (16.3)

-- Returns the original function's results, or raises its error as it was
-- (no place: the C sandbox calls the original from C).
local function passed(ok, ...)
  if not ok then error((...), 0) end
  return ...
end

-- 16.2: setmetatable refuses __gc and __mode, and a metatable it was given
-- refuses them later.
local GUARD = {
  __newindex = function(t, k, v)
    if k == "__gc" or k == "__mode" then
      error(format0("a metatable may not get %s: it acts when the collector says, not at a step", k), 2)
    end
    rawset(t, k, v)
  end,
  __metatable = "a guarded metatable",
}
function G.setmetatable(...)
  local mt = select(2, ...)
  if type(mt) == "table" then
    if mt.__gc ~= nil then
      fail("setmetatable: finalizers (__gc) run when the collector says, not at a step: not in scripts")
    end
    if mt.__mode ~= nil then
      fail("setmetatable: weak tables (__mode) lose entries when the collector says, not at a step: not in scripts")
    end
    local own = dgetmeta(mt)
    if own ~= nil and own ~= GUARD then fail("setmetatable: a metatable may not have a metatable of its own") end
  end
  local t = passed(pcall0(setmeta0, ...))
  if type(mt) == "table" and dgetmeta(mt) == nil then setmeta0(mt, GUARD) end
  return t
end

-- 16.3: the table functions refuse a table with a metatable and more than
-- 2^24 elements, and are charged one instruction per element.
local function plain(name, t)
  if dgetmeta(t) ~= nil then
    fail(format0("table.%s: not on a table with a metatable (its metamethods would run out of the budget's sight)",
      name), 1)
  end
end
local function sized(name, n)
  if n > MAX then fail(format0("table.%s: more than %d elements", name, MAX), 1) end
  charge(n > 0 and n or 0)
end
local function range(name, i, j)
  if j >= i and j - i >= MAX then fail(format0("table.%s: more than %d elements", name, MAX), 1) end
  charge(j >= i and j - i + 1 or 0)
end
local function charged(ok, ...)
  if not ok then error((...), 0) end
  charge(select("#", ...))
  return ...
end
local T = {}
for _, name in ipairs({"insert", "remove", "concat", "unpack", "move"}) do T[name] = table[name] end

function table.insert(...)
  local t = checktable(1, (...), select("#", ...) > 0)
  plain("insert", t)
  sized("insert", #t)
  return passed(pcall0(T.insert, ...))
end
function table.remove(...)
  local t = checktable(1, (...), select("#", ...) > 0)
  plain("remove", t)
  sized("remove", #t)
  return passed(pcall0(T.remove, ...))
end
function table.concat(...)
  local n = select("#", ...)
  local t, sep, i, j = ...
  checktable(1, t, n > 0)
  plain("concat", t)
  i = (i == nil) and 1 or checkinteger(3, i, true)
  j = (j == nil) and #t or checkinteger(4, j, true)
  range("concat", i, j)
  return passed(pcall0(T.concat, ...))
end
function table.unpack(...)
  local t = checktable(1, (...), select("#", ...) > 0)
  plain("unpack", t)
  -- The original first: past Lua's stack (a million values, well under
  -- 2^24) it says "too many results to unpack", as cratebox's does.
  return charged(pcall0(T.unpack, ...))
end
function table.move(...)
  local n = select("#", ...)
  local a1, f, e, t, a2 = ...
  checktable(1, a1, n > 0)
  f, e = checkinteger(2, f, n > 1), checkinteger(3, e, n > 2)
  checkinteger(4, t, n > 3)
  if a2 ~= nil then checktable(5, a2, true) end
  plain("move", a1)
  if a2 ~= nil then plain("move", a2) end
  range("move", f, e)
  return passed(pcall0(T.move, ...))
end
function table.sort(...)
  local n = select("#", ...)
  local t, less = ...
  checktable(1, t, n > 0)
  if less ~= nil and type(less) ~= "function" then typeerror(2, "function", less, true) end
  plain("sort", t)
  local len = #t
  sized("sort", 0)
  if len > MAX then fail(format0("table.sort: more than %d elements", MAX)) end
  S.sort(t, len, less)
end

-- 16.3: string.rep is refused over 16 MiB and charged a sixteenth per byte.
function string.rep(...)
  local n = select("#", ...)
  local s, count, sep = ...
  s = checkstring(1, s, n > 0)
  count = checkinteger(2, count, n > 1)
  sep = (sep == nil) and "" or checkstring(3, sep, true)
  if count > 0 then
    -- Over 2^24 repetitions is refused too, whatever the result: Lua's own
    -- loop would run that many times for an empty string.
    local bytes = count <= MAX and #s * count + #sep * (count - 1)
    if not bytes or bytes > MAX then
      fail(format0("string.rep: the result would be over %d bytes (or take over %d repetitions)", MAX, MAX))
    end
    charge(bytes // 16)
    if bytes > 40 then charge(bytes // 16) end -- 16.3: a long string made
  end
  return passed(pcall0(rep0, ...))
end

-- 16.3: the pattern functions are refused when (m + 1) (n + 1)^(q + 1) >
-- 10^9: n the subject's bytes, m the pattern's, q its repetition items, left
-- to right: each `*`, `+`, `-` and `?` that is not the first byte, and each
-- `%b`; `%` and the byte after it are one item (`%*` is none), and a set
-- (`[` to its closing `]`, a `]` right after `[` or `[^` its own, `%`
-- escaping inside it) counts nothing.
local function quantifiers(p)
  local q, i, len = 0, 1, #p
  while i <= len do
    local c = sbyte(p, i)
    if c == 37 then -- '%'
      if sbyte(p, i + 1) == 98 then q = q + 1 end -- %b
      i = i + 2
    elseif c == 91 then -- '[': the set, then past its ']'
      i = i + 1
      if sbyte(p, i) == 94 then i = i + 1 end
      if sbyte(p, i) == 93 then i = i + 1 end
      while i <= len and sbyte(p, i) ~= 93 do i = i + (sbyte(p, i) == 37 and 2 or 1) end
      i = i + 1
    else
      if i > 1 and (c == 42 or c == 43 or c == 45 or c == 63) then q = q + 1 end
      i = i + 1
    end
  end
  return q
end
local function too_long(n, m, q)
  local steps = m + 1
  for _ = 0, q do
    steps = steps * (n + 1)
    if steps > 1000000000 then return true end
  end
  return false
end
local function pattern_function(name, original, plain_arg)
  string[name] = function(...)
    local n = select("#", ...)
    local s, p = ...
    s = checkstring(1, s, n > 0)
    p = checkstring(2, p, n > 1)
    if not (plain_arg and select(plain_arg, ...)) and too_long(#s, #p, quantifiers(p)) then
      fail(format0("string.%s: this pattern on %d bytes could take too long (at most about 10^9 steps of matching)",
        name, #s))
    end
    charge(#s // 16)
    return passed(pcall0(original, ...))
  end
end
pattern_function("find", string.find, 4)
pattern_function("match", string.match)
pattern_function("gmatch", string.gmatch)
pattern_function("gsub", string.gsub)

-- 16.3: tonumber(s, base) passes over s's digits: a sixteenth an instruction a byte
-- (charged here whatever its other arguments: the reference may count more, never less).
local tonumber1 = G.tonumber
function G.tonumber(...)
  local s = ...
  if select("#", ...) >= 2 and type(s) == "string" then charge(#s // 16) end
  return tonumber1(...)
end

-- 16.1: load takes text only, in the script's own globals; a chunk
-- without a name is "(load)", as cratebox names it (16.1 does not say).
function G.load(...)
  local n = select("#", ...)
  local text, name = ...
  text = checkstring(1, text, n > 0)
  name = (name == nil) and "=(load)" or checkstring(2, name, true)
  charge(#text) -- 16.3: an instruction a byte of its text
  return load0(text, name, "t", G)
end

-- 16.4: math.random, xoshiro256** seeded by splitmix64 (Lua's integers
-- wrap modulo 2^64; >> is a logical shift). Like Lua's own, a call draws
-- before it looks at its arguments.
local words = {}
local function rotl(x, k) return (x << k) | (x >> (64 - k)) end
function S.seed(seed)
  for i = 1, 4 do
    seed = seed + 0x9E3779B97F4A7C15
    local z = seed
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    words[i] = z ~ (z >> 31)
  end
end
local function draw()
  local s0, s1, s2, s3 = words[1], words[2], words[3], words[4]
  local r = rotl(s1 * 5, 7) * 9
  local t = s1 << 17
  s2 = s2 ~ s0
  s3 = s3 ~ s1
  s1 = s1 ~ s2
  s0 = s0 ~ s3
  s2 = s2 ~ t
  s3 = rotl(s3, 45)
  words[1], words[2], words[3], words[4] = s0, s1, s2, s3
  return r
end
-- r mod b on unsigned 64-bit words.
local function umod(a, b)
  if b < 0 then return ult(a, b) and a or a - b end
  if a >= 0 then return a % b end
  local r = a - (((a >> 1) // b) << 1) * b
  if not ult(r, b) then r = r - b end
  return r
end
function math.random(...)
  local r = draw()
  local n = select("#", ...)
  local m, k
  if n == 0 then
    return (r >> 11) * 0x1p-53
  elseif n == 1 then
    m, k = 1, checkinteger(1, (...), true)
    if k == 0 then return r end
  elseif n == 2 then
    m, k = checkinteger(1, (...), true), checkinteger(2, select(2, ...), true)
  else
    fail("wrong number of arguments")
  end
  if m > k then argerror(n, "interval is empty") end
  local size = k - m + 1 -- modulo 2^64; 0 when the range is all 2^64 integers
  if size == 0 then return m + r end
  return m + umod(r, size)
end

-- Debian's liblua5.4 is built with LUA_COMPAT_5_3, whose math library has
-- these too (16.1 opens Debian's `math`): libm's own functions, through host.
math.atan2 = math.atan
for _, name in ipairs({"cosh", "sinh", "tanh", "log10"}) do
  math[name] = function(...)
    return host.libm(name, S.checknumber(1, (...), select("#", ...) > 0))
  end
end
function math.pow(...)
  local n = select("#", ...)
  local x, y = ...
  return host.libm("pow", S.checknumber(1, x, n > 0), S.checknumber(2, y, n > 1))
end
function math.frexp(...)
  return host.frexp(S.checknumber(1, (...), select("#", ...) > 0))
end
function math.ldexp(...)
  local n = select("#", ...)
  local x, e = ...
  x = S.checknumber(1, x, n > 0)
  e = checkinteger(2, e, n > 1)
  return host.ldexp(x, ((e + 0x80000000) & 0xFFFFFFFF) - 0x80000000) -- (int) of the integer
end

-- 16.1: what a script does not get.
for _, name in ipairs({"io", "os", "package", "require", "debug", "coroutine", "dofile", "loadfile",
                       "collectgarbage", "print", "rawset", "python"}) do
  G[name] = nil
end
-- 16.5: print writes to the log, never to the world; only its tostring calls can stop it.
function G.print(...)
  for i = 1, select("#", ...) do G.tostring((select(i, ...))) end
end
string.dump, math.randomseed = nil, nil

-- 16.6: after the top level the globals live behind an empty _G: only
-- `state` may be set.
local HIDDEN, next0 = S.HIDDEN, S.next0
function S.fix_globals()
  for k, v in next0, G do HIDDEN[k] = v end
  for k in next0, HIDDEN do rawset(G, k, nil) end
  setmeta0(G, {
    __index = HIDDEN,
    __newindex = function(t, k, v)
      if k ~= "state" then
        error(format0("the global '%s' is set after the top level ran: globals are fixed then, and what lasts"
          .. " between steps belongs in the global 'state' (section 16.6)", type(k) == "string" and k or type(k)), 2)
      end
      HIDDEN.state = v
    end,
    __metatable = "the globals (fixed after the top level)",
  })
end
function S.global(name) return HIDDEN[name] end
return S
