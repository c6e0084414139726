-- factory.lua: a spawner and a destroyer (Scenes/factory.json).
-- A chute at the top left drops a crate every second onto the top belt; the
-- belts (shapes with a surfaceVelocity, their rollers kinematic wheels) carry
-- it right, then left, and the moving floor carries it into the fire pit on
-- the right, whose sensor shapes (collision type "pit") destroy whatever
-- falls in: crates, and anything the user throws there. So the factory runs
-- for ever without filling up. When the line is full (the user stopped it:
-- tilted the box, took the pit away...) or something blocks the chute, the
-- chute waits. A right click takes away the crate under the pointer.

local SPAWN_EVERY = 120            -- steps between two crates: one a second
local FIRST_CRATE = 30             -- steps before the chute's first one
local CHUTE_X, CHUTE_Y = 160, 640  -- where a crate appears, inside the chute
local MAX_CRATES = 30              -- at most this many of the factory's crates at once
local SIZES = {28, 32, 36}         -- a crate's side, drawn at random
local DENSITY = 0.1                -- a 32-point crate weighs about 100
-- Crates already on the line when the scene starts: on the floor, the middle
-- belt and the top belt.
local STOCK = {{850, 90}, {650, 90}, {450, 90}, {420, 320}, {640, 320}, {860, 320}, {520, 520}, {300, 520}}

-- What lasts between steps: the counts, the steps until the next crate, the
-- construction indices of the factory's crates still about (world:bodyAt
-- says nil once one is gone), and why the chute waits ("" when it does not).
state = {made = 0, destroyed = 0, wait = FIRST_CRATE, crates = {}, why = ""}

local function make_crate(x, y)
  local side = SIZES[math.random(#SIZES)]
  local crate = world:spawn{
    position = {x, y}, angle = (math.random() - 0.5) * 0.6, density = DENSITY,
    shapes = {{box = {side, side}, friction = 0.7, elasticity = 0.1}},
  }
  state.crates[#state.crates + 1] = crate:index()
  state.made = state.made + 1
end

for _, at in ipairs(STOCK) do make_crate(at[1], at[2]) end

-- The pit: a dynamic body touching a flame goes once Chipmunk's step is done
-- (bodies cannot be removed inside it). Two flames may meet it in one step,
-- and the user may remove it first: remove it only if it is still there.
world:onCollision("pit", "*", {
  begin = function(arb)
    local _, body = arb:bodies()
    if body and body:type() == "dynamic" then
      local index = body:index()
      world:afterStep(function()
        local doomed = world:bodyAt(index)
        if doomed then
          world:remove(doomed)
          state.destroyed = state.destroyed + 1
        end
      end)
    end
    return true
  end,
})

-- The factory's crates still in the world (forgetting the others).
local function crates_about()
  local about = {}
  for _, index in ipairs(state.crates) do
    if world:bodyAt(index) then about[#about + 1] = index end
  end
  state.crates = about
  return #about
end

-- Whether a dynamic body is where the next crate would appear.
local function chute_blocked()
  local half = SIZES[#SIZES] / 2 + 4
  for _, hit in ipairs(world:boxQuery(CHUTE_X - half, CHUTE_Y - half, CHUTE_X + half, CHUTE_Y + half)) do
    if hit.body and hit.body:type() == "dynamic" then return true end
  end
  return false
end

-- The scene takes right clicks for its script ("rightClick": "script"): a
-- click takes away the crate (or any loose body) under the pointer, never the
-- machine.
local function remove_clicked()
  if not world:clicked() then return end
  local x, y = world:pointer()
  for _, hit in ipairs(world:pointQuery(x, y, 0)) do
    if hit.body and hit.body:type() == "dynamic" then
      world:remove(hit.body)
      return
    end
  end
end

function step(world)
  remove_clicked()
  state.wait = state.wait - 1
  if state.wait <= 0 then
    if crates_about() >= MAX_CRATES then
      state.why = "   (the line is full: the chute waits)"
    elseif chute_blocked() then
      state.why = "   (something blocks the chute)"
    else
      make_crate(CHUTE_X, CHUTE_Y)
      state.wait = SPAWN_EVERY
      state.why = ""
    end
  end
  world:say("Made: " .. state.made .. "   Destroyed: " .. state.destroyed .. state.why ..
    "   A crate a second rides the belts into the fire pit. Click to drop one, drag one in, right-click one away.")
end
