-- platformer.lua: a small platformer level with Chipmunk's player
-- (Scenes/platformer.json). Run with Left and Right, jump with Up (hold it
-- to jump higher); collect the gold pickups and reach the flag on the top
-- platform. The HUD counts the pickups and the time.
--
-- The player is Chipmunk's Platformer Player demo (demo/Player.c, as
-- Scenes/chipmunk/player.lua has it): a body of infinite moment whose
-- velocity function finds the ground among its arbiters, runs by giving its
-- "feet" (its shape) a surface velocity and friction, steers in the air and
-- clamps its fall; a jump is a kick up plus a boost without gravity while Up
-- is held. The level: a step, a one-way plank (jump up through it), a lift
-- moving to and fro, three ledges, eight pickups (sensors of collision type
-- "pickup": touching one removes it and counts it) and the flag on the
-- summit, whose green glow is a sensor of type "finish".

local PLAYER_VELOCITY = 500.0                     -- running speed, points/s
local GROUND_ACCEL = PLAYER_VELOCITY / 0.1        -- full speed in 0.1 s on the ground
local AIR_ACCEL = PLAYER_VELOCITY / 0.25          -- and in 0.25 s in the air
local JUMP_HEIGHT = 60.0                          -- the kick's height
local JUMP_BOOST_HEIGHT = 70.0                    -- more, while Up is held
local FALL_VELOCITY = 900.0                       -- the fastest fall
local GRAVITY = 2000.0                            -- the scene's gravity (platformer.json): jump speed, grip
local DT = 1.0 / 120.0                            -- the step

-- The pickups to find: the scene's pickup1, pickup2... (eight in platformer.json;
-- fewer in a scene saved after some were taken).
local PICKUPS = 0
for i = 1, 100 do
  if world:body("pickup" .. i) then PICKUPS = PICKUPS + 1 end
end

local function clamp(f, lo, hi) return math.min(math.max(f, lo), hi) end
local function lerpconst(f1, f2, d) return f1 + clamp(f2 - f1, -d, d) end

-- Right minus Left, and whether Up is held (the keys the scene binds).
local function keyboard()
  local function key(name) if world:isDown(name) then return 1.0 else return 0.0 end end
  return key("Right") - key("Left"), world:isDown("Up")
end

-- What lasts between steps: the demo's jump statics, what was taken, the
-- clock (steps at the start and at the finish).
state = {
  remainingBoost = 0.0, grounded = false, lastJump = false,
  taken = {}, count = 0,          -- taken[construction index] = true
  start = world:steps(), finishedAt = false,
}

-- Chipmunk calls this to integrate the player's velocity (the demo's playerUpdateVelocity).
function playerVelocity(body, gx, gy, damping, dt)
  local kx, jump = keyboard()

  -- The ground: the most upward normal of last step's contacts, seen from below the player.
  local groundNormalY = 0.0
  body:eachArbiter(function(arb)
    local _, ny = arb:normal()
    if -ny > groundNormalY then groundNormalY = -ny end
  end)
  state.grounded = groundNormalY > 0.0
  if groundNormalY < 0.0 then state.remainingBoost = 0.0 end  -- a ceiling stops the boost

  -- No gravity while the jump boosts.
  if jump and state.remainingBoost > 0.0 then
    body:updateVelocity(0.0, 0.0, damping, dt)
  else
    body:updateVelocity(gx, gy, damping, dt)
  end

  -- The feet move against the way the player runs: friction does the running.
  local targetVx = PLAYER_VELOCITY * kx
  local feet = body:shapes()[1]
  feet:setSurfaceVelocity(-targetVx, 0.0)
  feet:friction(state.grounded and GROUND_ACCEL / GRAVITY or 0.0)

  local vx, vy = body:velocity()
  if not state.grounded then vx = lerpconst(vx, targetVx, AIR_ACCEL * dt) end
  body:setVelocity(vx, math.max(vy, -FALL_VELOCITY))
end

-- A pickup touched: counted once, removed once Chipmunk's step is done.
world:onCollision("player", "pickup", {
  begin = function(arb)
    local _, pickup = arb:bodies()
    local index = pickup:index()
    if not state.taken[index] then
      state.taken[index] = true
      state.count = state.count + 1
      world:afterStep(function()
        local gone = world:bodyAt(index)
        if gone then world:remove(gone) end
      end)
    end
    return true
  end,
})

-- The goal (the green glow at the flag's foot) touched: the clock stops.
world:onCollision("player", "finish", {
  begin = function(arb)
    if not state.finishedAt then state.finishedAt = world:steps() end
    return true
  end,
})

-- After each step: the boost runs down, the jump key is remembered.
function afterUpdate()
  local _, jump = keyboard()
  state.remainingBoost = state.remainingBoost - DT
  state.lastJump = jump
end

local function seconds(steps) return string.format("%.1f", (steps - state.start) * DT) end

-- Before each step: jump when Up is pressed on the ground; the HUD line.
function step(world)
  local _, jump = keyboard()
  local player = world:body("player")  -- nil once deleted (or cut)
  if player and jump and not state.lastJump and state.grounded then
    local jumpV = math.sqrt(2.0 * JUMP_HEIGHT * GRAVITY)
    local vx, vy = player:velocity()
    player:setVelocity(vx, vy + jumpV)
    state.remainingBoost = JUMP_BOOST_HEIGHT / jumpV
  end
  world:afterStep(afterUpdate)

  if state.finishedAt then
    world:say("Finished! " .. state.count .. " of " .. PICKUPS .. " pickups in " .. seconds(state.finishedAt) .. " s")
  elseif not player then
    world:say("The player is gone: R starts again")
  else
    world:say("Pickups " .. state.count .. " of " .. PICKUPS .. "   " .. seconds(world:steps()) ..
              " s   Left/Right run, Up jumps: reach the flag")
  end
end
