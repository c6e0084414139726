local mt = {__index = function(t, k) return k end, __tostring = function() return "x" end}
local o = setmetatable({}, mt)
local y = tostring(o) .. o.z
local ok, e = pcall(error, {code = 1})
local r = math.random(1, 10) + math.random()
local u = utf8.char(72, 105)
local c = table.concat({1, 2, 3}, ",")
table.sort({3, 1, 2})
