function step() local t = {} for i = 1, 100 do t[#t + 1] = i * i end end
