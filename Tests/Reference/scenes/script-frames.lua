-- A probe for the reference (Tests/Reference/compare.py) of what Chipmunk's
-- demos ask of a script: the pointer and clicks (replay-format.md's
-- `pointer` and `click`: world:pointer, world:clicked), keys bound for the
-- script alone (scene-format.md 14.2), world:gravity (tilts move it), a
-- body's frame (localToWorld, worldToLocal, rotation, centerOfGravity,
-- velocityAt, pushes at a world point), body:eachArbiter (between steps and
-- inside Chipmunk's step, its errors and world:remove refused inside it),
-- arb:setPoint (the Sticky demo's sinking of contacts, on bodies whose
-- centre of gravity is off their origin), shape:bb and shape:vertices.
-- The input functions (16.13): each key and mouse event in order, a tap
-- inside one step too, with what isDown and clicked say then.
-- Everything read goes into a digest that the witness body's velocity
-- carries into the state hash.
state = {sum = 0, log = 0, clicks = 0, hops = 0}

local function note(s)
  local h = state.sum
  for i = 1, #s do h = (h * 31 + s:byte(i)) % 1000003 end
  state.sum = h
  state.log = state.log + 1
end
local function num(...)
  local out = {}
  for i = 1, select("#", ...) do out[i] = string.format("%.17g", (select(i, ...))) end
  return table.concat(out, " ")
end
local function name(b) return b and tostring(b:index()) or "-" end

-- The top level sees no pointer and no click (16.5).
do
  local px, py = world:pointer()
  note("top " .. num(px, py) .. " " .. tostring(world:clicked()) .. " " .. num(world:gravity()))
  if px ~= 0 or py ~= 0 or world:clicked() then error("the top level sees the pointer") end
end

-- The Sticky demo's preSolve: sink each contact point into its shape, and
-- read back what was set.
local SINK = 0.75
world:onCollision("sticky", "*", {
  preSolve = function(arb)
    local nx, ny = arb:normal()
    local a, b = arb:bodies()
    for i = 1, arb:count() do
      local ax, ay, bx, by, depth = arb:point(i)
      arb:setPoint(i, ax - nx * SINK, ay - ny * SINK, bx + nx * SINK, by + ny * SINK)
      note("sink " .. name(a) .. " " .. name(b) .. " " .. num(i, depth, arb:point(i)))
    end
    return true
  end,
  postSolve = function(arb)
    local sa, sb = arb:shapes()
    note("post " .. tostring(sa) .. " " .. tostring(sb) .. " " .. num(arb:totalImpulse()))
  end,
})
-- A crate on the ground: its first contact moved along the ground when it
-- lands; then each step its last contact set to what arb:point reads
-- (the arbiter's order, the crate's point first: Chipmunk's pointA and pointB
-- traded on a swapped arbiter, as setPoint trades them back), the other
-- contact keeping its bits.
world:onCollision("crate", "ground", {
  begin = function(arb)
    if arb:count() == 2 then
      local ax, ay, bx, by = arb:point(2)
      arb:setPoint(1, ax + 1, ay, bx + 1, by)
      note("spread " .. num(arb:point(1)))
    end
    return true
  end,
  preSolve = function(arb)
    local n = arb:count()
    arb:setPoint(n, arb:point(n))
    note("reset " .. num(n, arb:point(n)))
    return true
  end,
})

-- The follower's velocity function, inside Chipmunk's step: the player's
-- ground normal from its arbiters, then Chipmunk's own integration.
function feel(body, gx, gy, damping, dt)
  local best, n = 0.0, 0
  body:eachArbiter(function(arb)
    local _, ny = arb:normal()
    n = n + 1
    if -ny > best then best = -ny end
    local a = arb:bodies()
    if a ~= body then error("the walk's body is not first") end
  end)
  note("feel " .. num(best, n, gx, gy, damping))
  local ok, why = pcall(function() body:eachArbiter(function() world:remove(body) end) end)
  if n > 0 then note("feel remove " .. tostring(ok) .. " " .. tostring(why)) end
  body:updateVelocity(gx, gy * (best > 0.5 and 0.5 or 1.0), damping, dt)
end

local function walk(b)
  local parts = {}
  b:eachArbiter(function(arb)
    local a, other = arb:bodies()
    local nx, ny = arb:normal()
    local sa, sb = arb:shapes()
    parts[#parts + 1] = table.concat({name(a), name(other), tostring(sa), tostring(sb), num(nx, ny, arb:count()),
                                      tostring(arb:isFirstContact()), num(arb:friction(), arb:restitution())}, " ")
    for i = 1, arb:count() do
      local ax, ay, bx, by, depth = arb:point(i)
      local vx, vy = b:velocityAt(ax, ay)
      local lx, ly = b:worldToLocal(ax, ay)
      parts[#parts + 1] = num(ax, ay, bx, by, depth, vx, vy, lx, ly)
    end
  end)
  return parts
end

local EXPECT = {
  remove = "world:remove: not inside body:eachArbiter, whose walk it would break: do it after the walk",
  stale = "an arbiter is only good inside its collision callback",
  vertices = "vertices: not a polygon or a box",
}
local function expect(what, ok, why)
  if ok or not string.find(why, EXPECT[what], 1, true) then
    error("expected the refusal '" .. EXPECT[what] .. "', got " .. tostring(ok) .. " " .. tostring(why))
  end
  note(why)
end

-- 16.9: a reset the script asks for keeps plain data for the next build's
-- global `kept` (nil at the first build and after a reset event).
if kept then
  note("kept " .. num(kept.n, kept.list[1], kept.list[2]) .. " " .. kept.list[3] .. " " .. tostring(kept.yes) .. " " .. tostring(kept.none) .. " " .. kept[true] .. " " .. kept[1])
  state.log = state.log + kept.n
else
  note("nothing kept")
end

function step(world)
  local s = world:steps()
  -- 16.10: a slide's and a rotary limit's min and max, a gear's ratio and phase, and their refusals.
  if s % 37 == 5 then
    local t, h, g = world:joint("tether"), world:joint("hinge"), world:joint("gearbox")
    if t then
      t:setMax(120 + s % 90)
      note("tether " .. num(t:min(), t:max()) .. " " .. tostring(select(2, pcall(t.setMin, t, 1e6))) .. " " .. tostring(select(2, pcall(t.setRatio, t, 1))))
    end
    if h then
      h:setMin(-0.5 - (s % 7) / 10)
      h:max(0.5 + (s % 5) / 10)
      note("hinge " .. num(h:min(), h:max()) .. " " .. tostring(select(2, pcall(h.setMax, h, -2))))
    end
    if g then
      g:setRatio(1 + s % 3)
      g:setPhase((s % 11) / 10)
      note("gear " .. num(g:ratio(), g:phase()) .. " " .. tostring(select(2, pcall(g.setRatio, g, 1e-9))) .. " " .. tostring(select(2, pcall(g.setPhase, g))))
    end
  end
  -- 16.12: shapes' setters by name: a collision type (the sticky handler then acts), a filter, friction, elasticity.
  if s % 41 == 3 then
    local crate, balloon, stick = world:body("crate"), world:body("balloon"), world:body("stick")
    if crate then
      local sh = crate:shapes()[1]
      sh:setCollisionType(s % 2 == 0 and "sticky" or "crate")
      note("type " .. tostring(sh:hasType("sticky")) .. " " .. tostring(select(2, pcall(sh.setCollisionType, sh, "*"))))
    end
    if balloon then
      local sh = balloon:shapes()[1]
      sh:setFilter(s % 3, 0xffffffff - s % 2, 0xfffffff0 + s % 16)
      note("filter " .. table.concat({sh:filter()}, " ") .. " " .. tostring(select(2, pcall(sh.setFilter, sh, -1, 0, 0))))
    end
    if stick then
      local sh = stick:shapes()[1]
      sh:setFriction(0.1 + s % 9 / 10)
      sh:setElasticity(s % 5 / 10)
      note("stick " .. num(sh:friction(), sh:elasticity()))
      -- An elasticity past 1 is refused (16.12): each contact would gain energy.
      note(tostring(select(2, pcall(sh.setElasticity, sh, 1.5))) .. tostring(select(2, pcall(sh.elasticity, sh, 2))))
    end
  end
  if s == 555 or s == 1111 then
    world:reset({n = state.log % 1000, list = {s, 2.5, "x"}, yes = true, none = nil, [true] = "t", [1] = "one"})
  end
  local px, py = world:pointer()
  local clicked = world:clicked()
  local gx, gy = world:gravity()
  note(num(s, px, py, gx, gy) .. " " .. tostring(clicked))

  -- A click pushes what is under the pointer there, and drops a crate there.
  if clicked then
    state.clicks = state.clicks + 1
    for _, hit in ipairs(world:pointQuery(px, py, 40)) do
      if hit.body and hit.body:type() == "dynamic" then
        hit.body:applyImpulse(0, 600, px, py)
        note("pushed " .. name(hit.body))
        break
      end
    end
    if state.clicks <= 12 then
      world:spawn{position = {px, py}, mass = 1, shapes = {{box = {14 + state.clicks, 10}, collisionType = "sticky"}}}
    end
  end

  -- The follower is pulled toward the pointer at a point of its own frame.
  local f = world:body("follower")
  if f then
    local x, y = f:position()
    local wx, wy = f:localToWorld(8, 5)
    local dx, dy = px - x, py - y
    local d = math.sqrt(dx * dx + dy * dy)
    if d > 1 then f:applyForce(dx / d * 900, dy / d * 900, wx, wy) end
    local cx, cy = f:centerOfGravity()
    local rx, ry = f:rotation()
    note("follower " .. num(x, y, wx, wy, cx, cy, rx, ry, f:worldToLocal(px, py)))
  end

  -- The balloon floats against the gravity of the moment (tilts turn it).
  local balloon = world:body("balloon")
  if balloon then
    local m = balloon:mass()
    local bx, by = balloon:localToWorld(balloon:centerOfGravity())
    balloon:applyForce(-gx * m * 1.3, -gy * m * 1.3, bx, by)
  end

  -- Keys of the script's own: Space hops the lopsided body at its lowest
  -- vertex, button a spins the wheel at its rim.
  local lop = world:body("lopsided")
  if lop then
    local lowest, lx, ly
    for _, v in ipairs(lop:shapes()[1]:vertices()) do
      local wx, wy = lop:localToWorld(v[1], v[2])
      if lowest == nil or wy < ly then lowest, lx, ly = v, wx, wy end
    end
    note("lowest " .. num(lowest[1], lowest[2], lx, ly))
    if world:isDown("Space") and s % 30 == 0 then
      lop:applyImpulse(0, 900, lx, ly)
      state.hops = state.hops + 1
    end
  end
  local wheel = world:body("wheel")
  if wheel and world:isDown("a") then
    local x, y = wheel:localToWorld(24, -3)
    wheel:applyForce(0, -3000, x, y)
  end

  -- The arm turns; what its frame says of the stick's centre.
  local arm, stick = world:body("arm"), world:body("stick")
  if arm then
    local rx, ry = arm:rotation()
    note("arm " .. num(rx, ry, arm:localToWorld(60, 0)))
    if stick then note("stick " .. num(arm:worldToLocal(stick:position()))) end
  end

  -- Every body's arbiters, every 5 steps; the refusals inside a walk.
  if s % 5 == 0 then
    for i = 0, 40 do
      local b = world:bodyAt(i)
      if b then
        for _, line in ipairs(walk(b)) do note(line) end
      end
    end
    local ground = world:body("ground")
    if ground then
      local seen
      local ok, why = pcall(function() ground:eachArbiter(function(arb) seen = arb world:remove(ground) end) end)
      if seen then
        expect("remove", ok, why)
        expect("stale", pcall(function() local n = seen:count() return n end))
      end
      local n = 0
      ok, why = pcall(function() ground:eachArbiter(function(arb) n = n + 1 error({n}) end) end)
      note("walk error " .. tostring(ok) .. " " .. type(why) .. " " .. num(n))
      local nested = {}
      ground:eachArbiter(function(arb)
        local a, b = arb:bodies()
        if b then
          b:eachArbiter(function(inner) nested[#nested + 1] = num(inner:count()) end)
          nested[#nested + 1] = num(arb:count(), arb:normal())
        end
      end)
      note("nested " .. table.concat(nested, ","))
    end
  end

  -- Shapes' boxes: a body whose box leaves the world comes back; every
  -- 7 steps each polygon's vertices.
  for i = 0, 40 do
    local b = world:bodyAt(i)
    if b then
      for k, sh in ipairs(b:shapes()) do
        local l, bo, r, t = sh:bb()
        if b:type() == "dynamic" and (l < -50 or r > 850 or bo < -50 or t > 650) then
          b:setPosition(400, 400)
          b:setVelocity(0, 0)
          note("back " .. name(b))
        end
        if s % 7 == 0 then
          local ok, vs = pcall(sh.vertices, sh)
          if ok then
            for _, v in ipairs(vs) do note(num(i, k, v[1], v[2], #v)) end
          else
            expect("vertices", false, vs)
          end
          note(num(i, k, l, bo, r, t))
        end
      end
    end
  end

  local w = world:body("witness")
  if w then w:setVelocity(state.sum % 997 / 10, state.log % 89 / 10) end
end

function keypressed(w, key)
  note("keypressed " .. key .. " " .. tostring(w:isDown(key)) .. " " .. w:steps())
  w:after(0.1, "tick", key, {n = #key, list = {key}})
end
function keyreleased(w, key)
  note("keyreleased " .. key .. " " .. tostring(w:isDown(key)))
end
function mousepressed(w, x, y, button)
  note("mousepressed " .. num(x, y) .. " " .. button .. " " .. tostring(w:clicked()) .. " " .. num(w:pointer()))
end
function mousereleased(w, x, y, button)
  note("mousereleased " .. num(x, y) .. " " .. button)
end

-- 16.15: timers, made at the top level and by the input functions, one
-- cancelled; each call notes its step and its copy of the arguments.
function tick(w, what, t)
  note("tick " .. w:steps() .. " " .. what .. " " .. num(t.n, #t.list))
  t.n = t.n + 1  -- a copy: the next call sees the first value again
end
state.ticker = world:every(0.25, "tick", "every", {n = 1, list = {1, 2}})
world:after(1, "tick", "once", {n = 7, list = {}})
local once = world:after(2, "tick", "cancelled", {n = 0, list = {}})
function cancel(w, id) note("cancel " .. tostring(w:cancel(id)) .. " " .. tostring(w:cancel(id))) end
world:after(0.5, "cancel", once)
