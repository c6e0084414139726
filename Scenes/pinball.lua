-- Pinball: the flippers on Left and Right (or a click on each half of the
-- table), Space pulls the plunger (hold it longer to launch harder), three
-- balls, bumpers that flash and score, N starts a new game (the best score
-- kept through world:reset(keep): this build's global `kept`). The score is
-- written on the table (world:text). The scene turns the sandbox off
-- ("sandbox": false): clicks and keys are the game's. A ball waiting in the
-- lane is kinematic (body:setType): nothing nudges it until the plunger,
-- which makes it dynamic again (its mass is its shape's).
local UP, DOWN = 22, 12               -- the flippers' motor rates (rad/s)
local LANE_X, LANE_START = 450, 20    -- where a ball waits for the plunger
local BALLS, BUMPER_SCORE, KICK = 3, 100, 260
local BUMPER_LOOK, FLASH_LOOK = "#2980b9", "#f1c40f"

state = {score = 0, balls = BALLS, pulling = nil, over = false, best = kept and kept.best or 0}

local function flipper(side, up)
  local motor = world:joint(side .. "Motor")
  local rate = up and UP or DOWN
  motor:rate(side == "left" and (up and rate or -rate) or (up and -rate or rate))
end

local function inLane(ball)
  local x, y = ball:position()
  return x > 420 and y < 60
end

-- The ball waits in the lane, held still: a kinematic body has no velocity and feels no gravity.
local function wait(ball)
  ball:setType("kinematic")
  ball:setPosition(LANE_X, LANE_START)
  ball:setAngle(0)
end
wait(world:body("ball"))

local function nextBall()
  state.balls = state.balls - 1
  if state.balls <= 0 then state.over = true end
  wait(world:body("ball"))
end

-- A bumper lit by a hit goes dark again, and its "+100" goes.
function unflash(w, index)
  w:bodyAt(index):setLook(BUMPER_LOOK)
  w:text("hit" .. index)
end

-- A bumper kicks the ball away from its centre, lights up and scores.
world:onCollision("ball", "bumper", {
  begin = function(arb)
    local ball, bumper = arb:bodies()
    local bx, by = ball:position()
    local cx, cy = bumper:position()
    local dx, dy = bx - cx, by - cy
    local d = math.sqrt(dx * dx + dy * dy)
    if d > 0 then ball:applyImpulse(dx / d * KICK, dy / d * KICK) end
    if not state.over then state.score = state.score + BUMPER_SCORE end
    world:sound("metal", cx, cy, 0.8, 30)
    bumper:setLook(FLASH_LOOK)
    world:text("hit" .. bumper:index(), "+" .. BUMPER_SCORE, {x = cx, y = cy + 48, size = 18, align = "center", color = FLASH_LOOK})
    world:after(0.2, "unflash", bumper:index())
    return true
  end,
})

-- The drain under the flippers takes the ball; the next waits in the lane.
world:onCollision("ball", "drain", {
  begin = function(arb)
    if not state.over then world:afterStep(nextBall) end
    return true
  end,
})

function keypressed(w, key)
  if key == "Left" then flipper("left", true)
  elseif key == "Right" then flipper("right", true)
  elseif key == "Space" then state.pulling = w:steps()
  elseif key == "N" and state.over then w:reset({best = math.max(state.best, state.score)})
  end
end

function keyreleased(w, key)
  if key == "Left" then flipper("left", false)
  elseif key == "Right" then flipper("right", false)
  elseif key == "Space" and state.pulling then
    local ball = w:body("ball")
    local held = math.min(w:steps() - state.pulling, 120)
    state.pulling = nil
    if inLane(ball) and not state.over then
      ball:setType("dynamic")
      ball:applyImpulse(0, 700 + held * 6)
    end
  end
end

-- A click on either half of the table works that half's flipper.
function mousepressed(w, x, y, button)
  if button == "left" then flipper(x < 210 and "left" or "right", true) end
end
function mousereleased(w, x, y, button)
  if button == "left" then flipper(x < 210 and "left" or "right", false) end
end

function step(w)
  w:text("score", tostring(state.score), {x = 210, y = 690, size = 40, align = "center"})
  w:text("balls", string.rep("o ", state.balls), {x = 210, y = 640, size = 16, align = "center", color = "#bdc3c7"})
  if state.over then
    w:text("over", "GAME OVER\nN: a new game", {x = 210, y = 330, size = 30, align = "center", color = "#e74c3c"})
  end
  if state.over then
    w:say("Game over: " .. state.score .. " points (best " .. math.max(state.best, state.score) .. ").  N: a new game")
  else
    local pull = state.pulling and ("  plunger " .. math.min(w:steps() - state.pulling, 120) * 100 // 120 .. "%") or ""
    w:say("Score " .. state.score .. "   best " .. state.best .. "   balls " .. state.balls .. pull .. "   (Left, Right: flippers; Space: launch)")
  end
end
