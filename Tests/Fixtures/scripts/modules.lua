-- require (scene-format.md 16.18): modules-kick.lua requires modules-vec.lua;
-- each runs once (a second require gives the same table); the refusals'
-- words are folded into the ball's push. At step 500 a first require after
-- the top level stops the world.
local kick = require("modules-kick")
assert(require 'modules-kick' == kick and require "modules-vec" == kick.vec)

local function fold(h, text)
  for i = 1, #text do h = (h * 31 + text:byte(i)) % 1000003 end
  return h
end

local h = 0
for _, name in ipairs({"nowhere", "../up", "", string.rep("x", 65), "a.lua"}) do
  local ok, err = pcall(require, name)
  assert(not ok)
  h = fold(h, tostring(err))
end
local ok, err = pcall(require)
h = fold(h, tostring(err))
-- modules-loop.lua requires itself while it loads.
ok, err = pcall(function() return require("modules-loop") end)
assert(not ok)
h = fold(h, tostring(err))

function step(w)
  local n = w:steps()
  if n % 20 == 0 then kick.push(w:body("ball"), h % 97, kick.loaded) end
  if n == 500 then require("modules-late") end
end
