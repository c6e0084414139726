-- A module: it gets its name, and requires another.
local name = ...
local vec = require("modules-vec")
return {
  vec = vec,
  loaded = #name,
  push = function(body, x, y)
    local dx, dy = vec.scale(x, y, 2)
    body:applyImpulse(dx, dy)
  end,
}
