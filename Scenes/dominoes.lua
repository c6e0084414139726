-- dominoes.lua: a chain reaction (Scenes/dominoes.json). Space gives the
-- ball on the ledge a push: it rolls down the ramp into a run of fifteen
-- dominoes, each a little taller than the last (or push the first one over
-- with the mouse). The last domino falls on the red button (a shape of
-- collision type "button" meeting one of type "domino"), which takes the
-- latch away from under the hopper's trapdoor: the trapdoor swings open and
-- forty balls pour out. The HUD counts the dominoes down and says when the
-- end is reached.

local DOMINOES = 15           -- domino1 ... domino15 in the scene
local FALLEN_ANGLE = 0.5      -- radians off upright: a domino this far over has fallen
local PUSH_SPEED = 150        -- what Space gives the ball, points/s to the right
local RESTING_SPEED = 30      -- Space pushes only a ball slower than this
local DT = 1.0 / 120.0        -- the step

-- What lasts between steps: whether Space was down last step, when the run
-- started and when the button was hit (steps, or false).
state = {spaceWasDown = false, startedAt = false, endedAt = false}

-- The dominoes now lying down (a deleted one is not counted).
local function fallen()
  local n = 0
  for i = 1, DOMINOES do
    local d = world:body("domino" .. i)
    if d and math.abs(math.sin(d:angle())) > math.sin(FALLEN_ANGLE) then n = n + 1 end
  end
  return n
end

-- The end: the latch goes (once Chipmunk's step is done), and the trapdoor swings.
local function openTrapdoor()
  local latch = world:body("latch")
  if latch then world:remove(latch) end
end

world:onCollision("domino", "button", {
  begin = function(arb)
    if not state.endedAt then
      state.endedAt = world:steps()
      world:afterStep(openTrapdoor)
    end
    return true
  end,
})

local function seconds(from, to) return string.format("%.1f", (to - from) * DT) end

function step(world)
  -- Space, just pressed: a push for the ball, if it is there and resting.
  local spaceDown = world:isDown("Space")
  local ball = world:body("ball")
  if spaceDown and not state.spaceWasDown and ball then
    local vx, vy = ball:velocity()
    if vx * vx + vy * vy < RESTING_SPEED * RESTING_SPEED then
      ball:applyImpulse(ball:mass() * PUSH_SPEED, 0)
      state.startedAt = state.startedAt or world:steps()
    end
  end
  state.spaceWasDown = spaceDown

  local down = fallen()
  if down > 0 and not state.startedAt then state.startedAt = world:steps() end  -- pushed by hand

  if state.endedAt then
    -- The trapdoor swings for half a second once the latch goes: "open" once it hangs open.
    local trapdoor = world:body("trapdoor")
    local open = not trapdoor or math.abs(math.sin(trapdoor:angle())) > 0.5
    world:say("The end! " .. down .. " of " .. DOMINOES .. " dominoes down in " ..
              seconds(state.startedAt or state.endedAt, state.endedAt) .. " s: the trapdoor " .. (open and "is open" or "opens..."))
  elseif state.startedAt then
    world:say("Dominoes down: " .. down .. " of " .. DOMINOES)
  else
    world:say("Dominoes down: 0 of " .. DOMINOES .. "   Space rolls the ball (or push the first domino)")
  end
end
