local s = string.rep("ab", 100)
local n = 0
for w in s:gmatch("(a)(b)") do n = n + 1 end
local x = s:gsub("a+", "%1"):find("b.-a")
local f = string.format("%5.2f %s %d", 1.5, {}, 3)
