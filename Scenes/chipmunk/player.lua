-- player.lua: Chipmunk 7.0.3's Platformer Player demo (demo/Player.c): the
-- player's velocity function (ground normal from its arbiters, jump boost,
-- the "feet" as its shape's surface velocity and friction, air control, fall
-- clamp), the demo's update (jump before the step, the boost counted down
-- after it), and the demo's eighteen boxes. Keys: Left, Right, Up (jump).
--
-- The demo sets its bodies' positions by writing body->p, which leaves each
-- body's transform (what cpBodyGetPosition reads, and where cpSpaceAddShape
-- puts its shape in the spatial index) at the origin until the first step
-- integrates it. So the bodies are made at (0, 0), and on the first step
-- their position function puts them where the demo wrote them before
-- Chipmunk's own integration: the same bits, and the same spatial index.
-- The boxes are spawned here rather than listed in player.json, where
-- nineteen bodies overlapping at the origin would break the reader's
-- overlap rule (docs/scene-format.md, section 8).

local PLAYER_VELOCITY = 500.0
local PLAYER_GROUND_ACCEL_TIME = 0.1
local PLAYER_GROUND_ACCEL = PLAYER_VELOCITY / PLAYER_GROUND_ACCEL_TIME
local PLAYER_AIR_ACCEL_TIME = 0.25
local PLAYER_AIR_ACCEL = PLAYER_VELOCITY / PLAYER_AIR_ACCEL_TIME
local JUMP_HEIGHT = 50.0
local JUMP_BOOST_HEIGHT = 55.0
local FALL_VELOCITY = 900.0
local GRAVITY = 2000.0
local DT = 1.0 / 120.0  -- the step

-- Chipmunk's cpfmax, cpfmin, cpfclamp and cpflerpconst, comparison for comparison.
local function fmax(a, b) if a > b then return a else return b end end
local function fmin(a, b) if a < b then return a else return b end end
local function fclamp(f, lo, hi) return fmin(fmax(f, lo), hi) end
local function flerpconst(f1, f2, d) return f1 + fclamp(f2 - f1, -d, d) end

-- ChipmunkDemoKeyboard: x is Right minus Left, y is Up (Down is not bound).
local function keyboard()
  local function key(name) if world:isDown(name) then return 1.0 else return 0.0 end end
  return key("Right") - key("Left"), key("Up")
end

-- The demo's statics: remainingBoost, grounded, lastJumpState; and whether
-- the bodies still wait for their first step.
state = {remainingBoost = 0.0, grounded = false, lastJumpState = false, placed = false}

-- Where the demo puts each body made at the origin (by construction index),
-- set on the first step.
START = {}

function placeThenUpdatePosition(body, dt)
  local at = not state.placed and START[body:index()]
  if at then body:setPosition(at[1], at[2]) end
  body:updatePosition(dt)
end

function playerUpdateVelocity(body, gx, gy, damping, dt)
  local kx, ky = keyboard()
  local jumpState = ky > 0.0

  -- Grab the grounding normal from last frame (the highest of the arbiters'
  -- normals, turned to point from what the player stands on).
  local groundNormalY = 0.0
  body:eachArbiter(function(arb)
    local _, ny = arb:normal()
    ny = -ny
    if ny > groundNormalY then groundNormalY = ny end
  end)

  state.grounded = groundNormalY > 0.0
  if groundNormalY < 0.0 then state.remainingBoost = 0.0 end

  -- Do a normal-ish update (no gravity while the jump boosts).
  local boost = jumpState and state.remainingBoost > 0.0
  if boost then body:updateVelocity(0.0, 0.0, damping, dt) else body:updateVelocity(gx, gy, damping, dt) end

  -- Target horizontal speed for air/ground control; the "feet" move in the
  -- opposite direction of the player, as the shape's surface velocity.
  local targetVx = PLAYER_VELOCITY * kx
  local feet = body:shapes()[1]
  feet:setSurfaceVelocity(-targetVx, 0.0)
  feet:friction(state.grounded and PLAYER_GROUND_ACCEL / GRAVITY or 0.0)

  -- Air control if not grounded, then the fall clamp.
  local vx, vy = body:velocity()
  if not state.grounded then vx = flerpconst(vx, targetVx, PLAYER_AIR_ACCEL * dt) end
  body:setVelocity(vx, fclamp(vy, -FALL_VELOCITY, math.huge))
end

-- The demo's update after cpSpaceStep.
function afterUpdate()
  local _, ky = keyboard()
  state.remainingBoost = state.remainingBoost - DT
  state.lastJumpState = ky > 0.0
  state.placed = true
end

-- The demo's update before cpSpaceStep: jump if the key was just pressed on the ground.
function step(world)
  local _, ky = keyboard()
  local jumpState = ky > 0.0
  local player = world:body("player")  -- nil once deleted
  if player and jumpState and not state.lastJumpState and state.grounded then
    local jumpV = math.sqrt(2.0 * JUMP_HEIGHT * GRAVITY)
    local vx, vy = player:velocity()
    player:setVelocity(vx + 0.0, vy + jumpV)
    state.remainingBoost = JUMP_BOOST_HEIGHT / jumpV
  end
  world:afterStep(afterUpdate)
end

-- The player's start, then the boxes to jump on, as the demo makes them:
-- six rows of three, mass 4, infinite moment, at (0, 0) until the first step.
local player = world:body("player")
local px, py = player:position()
if px == 0 and py == 0 then START[player:index()] = {0, -200} end  -- not in a saved scene
for i = 0, 5 do
  for j = 0, 2 do
    local box = world:spawn{
      position = {0, 0}, mass = 4, moment = "infinite", positionFunction = "placeThenUpdatePosition",
      shapes = {{box = {50, 50}, friction = 0.699999988079071, elasticity = 0}},
    }
    START[box:index()] = {100 + j * 60, -200 + i * 60}
  end
end
