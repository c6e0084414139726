-- door.lua: a switch that opens a door (Scenes/door.json).
-- A red pressure plate rides on a spring in a groove; a castle's drawbridge
-- hangs on a pivot, driven by a motor. Put something heavy on the plate (a
-- crate: drag one, or click above the plate to drop one) and the plate sinks;
-- held down, the motor lowers the drawbridge and the balls kept inside roll
-- out. Take the weight off and the motor raises the drawbridge again. A light
-- box (or a ball) does not press the plate far enough. A right click takes a
-- crate or a ball away.

local PLATE_REST_Y = 24      -- the plate's height with nothing on it
local PRESS_DEPTH = 5        -- sunk this far (a mass of about 35 on it): pressed
local FREE_DEPTH = 3         -- risen back above this: free again
local FELT_DEPTH = 1         -- sunk this far: something is on it
local HOLD_STEPS = 20        -- pressed (or free) this many steps in a row counts
local OPEN_ANGLE = 2.3       -- where the motor lowers the drawbridge to (radians; the ground stops it first)
local DOWN_ANGLE = 1.9       -- lowered past this, the drawbridge is open
local GAIN = 4               -- the motor's speed (radians a second) per radian still to go
local OPEN_RATE = 2.0        -- the motor's top speed lowering it
local CLOSE_RATE = 1.2       -- and raising it: slower, so balls on it roll back
local GATE_X = 826           -- a ball left of this is out of the castle
local BALL_RADIUS = 17
local BALL_COLORS = {"#e74c3c", "#f1c40f", "#2ecc71", "#3498db", "#9b59b6", "#e67e22"}

-- What lasts between steps: whether the door is open, how many steps the
-- plate has been pressed (or free) in a row, and the balls' construction
-- indices (world:bodyAt gives nil once the user removed one).
state = {open = false, run = 0, balls = {}}

-- Twelve balls in the castle, two rows of six.
for row = 0, 1 do
  for col = 0, 5 do
    local ball = world:spawn{
      position = {920 + col * 56, 260 + row * 50}, mass = 1,
      shapes = {{circle = BALL_RADIUS, friction = 0.6, elasticity = 0.5}},
      look = BALL_COLORS[(row * 6 + col) % #BALL_COLORS + 1],
    }
    state.balls[#state.balls + 1] = ball:index()
  end
end

local function clamp(x, lo, hi) return math.max(lo, math.min(hi, x)) end

-- How far the plate is pushed down (0 when it is gone).
local function plate_depth()
  local plate = world:body("plate")
  if not plate then return 0 end
  local _, y = plate:position()
  return PLATE_REST_Y - y
end

local function balls_out()
  local out = 0
  for _, index in ipairs(state.balls) do
    local ball = world:bodyAt(index)
    if ball and ball:position() < GATE_X then out = out + 1 end
  end
  return out
end

-- The scene takes right clicks for its script ("rightClick": "script"): a
-- click removes the crate or ball under the pointer, never the plate or the
-- drawbridge.
local function remove_clicked()
  if not world:clicked() then return end
  local x, y = world:pointer()
  for _, hit in ipairs(world:pointQuery(x, y, 0)) do
    local body = hit.body
    if body and body:type() == "dynamic" and body:id() ~= "plate" and body:id() ~= "bridge" then
      world:remove(body)
      return
    end
  end
end

function step(world)
  remove_clicked()

  -- The switch: the door opens once the plate has been down HOLD_STEPS steps
  -- in a row, and closes once it has been up as long (a crate that bounces
  -- on the plate, or one thrown across it, does not count).
  local depth = plate_depth()
  local wants_open = depth > PRESS_DEPTH
  if state.open then wants_open = depth > FREE_DEPTH end
  if wants_open ~= state.open then
    state.run = state.run + 1
    if state.run >= HOLD_STEPS then state.open, state.run = wants_open, 0 end
  else
    state.run = 0
  end

  -- The motor turns the drawbridge toward where it should be, slowing as it
  -- gets there. The bridge or the castle may be gone (removed, or cut by the
  -- knife): then the motor went with it.
  local bridge, motor = world:body("bridge"), world:joint("bridge-motor")
  local door
  if bridge and motor then
    local target = state.open and OPEN_ANGLE or 0
    local angle = bridge:angle()
    motor:rate(clamp((target - angle) * GAIN, -CLOSE_RATE, OPEN_RATE))
    if state.open then
      door = angle > DOWN_ANGLE and "open" or "opening"
    else
      door = angle < 0.05 and "closed" or "closing"
    end
  else
    door = "broken"
  end

  local hint
  if not world:body("plate") then
    hint = "The plate is gone: R starts again."
  elseif door == "broken" then
    hint = "The drawbridge is broken: R starts again."
  elseif state.open or wants_open then
    hint = "The plate is down. Take the crate off it (drag it away, or right-click it) to close the drawbridge."
  elseif depth > FELT_DEPTH then
    hint = "Too light for the plate: put a crate on it."
  else
    hint = "Put a crate on the red plate: drag one there, or click above the plate to drop one (the light tan box is too light: try it)."
  end
  world:say(hint .. "   Drawbridge: " .. door .. "   Balls out: " .. balls_out() .. " of " .. #state.balls)
end
