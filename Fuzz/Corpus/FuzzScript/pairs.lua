local t = {b = 1, a = 2, [3] = "c"}
for k, v in pairs(t) do local s = tostring(k) .. tostring(v) end
assert(next(t) == 3)
