-- plink.lua: Chipmunk 7.0.3's Plink demo (demo/Plink.c). plink.json holds
-- the 54 static triangles; this script drops the 300 pentagons at random x,
-- as the demo's init does, and before every step puts each pentagon that fell
-- off (below -260, or more than 340 from the middle) back at the top at a new
-- random x, as the demo's update does. Both draw from glibc's rand(), which
-- the demo app seeds with srand(45073): it is rebuilt here, its state in
-- `state.rand`, so that every draw is the demo's. (The pentagons start in one
-- row at height 350, more overlapping pairs than a scene file may start with,
-- section 8 of docs/scene-format.md; world:spawn does not count them.)

local RAND_MAX = 2147483647

-- glibc's srandom_r for its default generator (TYPE_3: 31 words, the rear
-- pointer 3 words behind the front): word i is 16807 times word i-1 modulo
-- 2^31 - 1 (computed as glibc does, without overflow), then 310 draws are
-- thrown away.
local function srand(seed)
  if seed == 0 then seed = 1 end
  local r, word = {seed}, seed
  for i = 2, 31 do
    local hi, lo = word // 127773, word % 127773
    word = 16807 * lo - 2836 * hi
    if word < 0 then word = word + 2147483647 end
    r[i] = word
  end
  state.rand = {r = r, front = 4, rear = 1}
  for _ = 1, 310 do rand() end
end

-- glibc's random_r: the front word gains the rear word (modulo 2^32), and the
-- draw is that sum without its lowest bit; both pointers move on, wrapping.
function rand()
  local g = state.rand
  local r, front, rear = g.r, g.front, g.rear
  local sum = (r[front] + r[rear]) & 0xffffffff
  r[front] = sum
  front, rear = front + 1, rear + 1
  if front > 31 then front = 1 elseif rear > 31 then rear = 1 end
  g.front, g.rear = front, rear
  return sum >> 1
end

-- A random x across the screen: rand()/(cpFloat)RAND_MAX*640 - 320.
local function random_x()
  return rand() / RAND_MAX * 640 - 320
end

-- The demo's pentagon, radius 10, as Chipmunk's convex hull lists the corners
-- the demo computes (10*cos(a), 10*sin(a) for a = -2*pi*i/5), and its moment
-- cpMomentForPoly(1.0f, 5, verts, cpvzero, 0.0f).
local PENTAGON = {
  {-8.090169943749475, 5.87785252292473},
  {-8.0901699437494727, -5.8778525229247327},
  {3.0901699437494745, -9.5105651629515346},
  {10, 0},
  {3.0901699437494723, 9.5105651629515364},
}
local PENTAGON_MOMENT = 38.483616572915793

state = {}
srand(45073)

-- The demo's 300 pentagons at height 350, in the demo's order: mass 1,
-- elasticity 0, friction 0.4f. state.pentagons keeps their construction indices.
state.pentagons = {}
for i = 1, 300 do
  local body = world:spawn{
    position = {random_x(), 350}, mass = 1, moment = PENTAGON_MOMENT,
    shapes = {{polygon = PENTAGON, radius = 0, friction = 0.40000000596046448, elasticity = 0}},
  }
  state.pentagons[i] = body:index()
end

-- A right click on a pentagon turns it into a peg, and a peg back into a
-- pentagon (the demo's cpBodySetType between static and dynamic): the body is
-- made again, static or dynamic, where it is, and takes the old one's place
-- in state.pentagons.
local function toggle(world)
  local x, y = world:pointer()
  for _, hit in ipairs(world:pointQuery(x, y, 0)) do
    for i, index in ipairs(state.pentagons) do
      if hit.body and hit.body:index() == index then
        local px, py = hit.body:position()
        local static = hit.body:type() == "static"
        local spec = {
          position = {px, py}, angle = hit.body:angle(),
          shapes = {{polygon = PENTAGON, radius = 0, friction = 0.40000000596046448, elasticity = 0}},
        }
        if static then spec.mass, spec.moment = 1, PENTAGON_MOMENT else spec.type, spec.look = "static", "#7f8c8d" end
        world:remove(hit.body)
        state.pentagons[i] = world:spawn(spec):index()
        return
      end
    end
  end
end

-- The demo's update: the right click first, then its cpSpaceEachBody walk, in
-- the order the pentagons were added (the triangles' static body never
-- moves): one that fell off goes back to the top, keeping its velocity. (A
-- pentagon the user removed is skipped, and so is a peg.)
function step(world)
  if world:clicked() then toggle(world) end
  for _, index in ipairs(state.pentagons) do
    local body = world:bodyAt(index)
    if body and body:type() == "dynamic" then
      local x, y = body:position()
      if y < -260 or math.abs(x) > 340 then
        body:setPosition(random_x(), 260)
      end
    end
  end
end
