-- The queries (scene-format.md 16.9) at the top level and in step: what is
-- near a point, on a line, in a box, in cratebox's order.
local function ids(hits)
  local out = {}
  for i, hit in ipairs(hits) do out[i] = hit.body and hit.body:id() or "walls" end
  return table.concat(out, ",")
end

local near = world:pointQuery(100, 20, 200)
assert(ids(near) == "crate,walls,ball,walls", "near: " .. ids(near))  -- inside the crate, the floor, the ball, the left wall
assert(near[1].distance < 0)
for i = 2, #near do assert(near[i - 1].distance <= near[i].distance, "nearest first") end
local line = world:segmentQuery(0, 20, 400, 44, 0)
assert(ids(line) == "walls,crate,ball,walls", "line: " .. ids(line))
assert(line[2].alpha < line[3].alpha and line[2].nx == -1)
local box = world:boxQuery(150, 0, 260, 100)
assert(ids(box) == "walls,ball", "box: " .. ids(box))  -- the floor's box, then the ball (by construction index: the walls' body first)

state = {seen = ""}
function step(world)
  local hits = world:segmentQuery(200, 300, 200, 0, 1)
  state.seen = ids(hits)
end
