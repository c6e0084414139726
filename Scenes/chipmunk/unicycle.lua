-- unicycle.lua: Chipmunk 7.0.3's Unicycle demo (demo/Unicycle.c), its
-- motor_preSolve: before the solver works on the motor each step, the motor's
-- rate is set to roll the wheel under the body so that it leans toward the
-- pointer's x, and keeps its balance. Each line is the demo's arithmetic, in
-- its order.

local DT = 1.0 / 120.0          -- cpSpaceGetCurrentTimeStep: the step
local MAX_V = 500.0             -- the fastest the body is asked to move
local MAX_SIN = math.sin(0.6)   -- the steepest lean
local MAX_RATE = 50.0           -- the motor's fastest rate
local MAX_FORCE = 8.0e4         -- and its maximum force

-- Chipmunk's cpfmax, cpfmin and cpfclamp, comparison for comparison.
local function fmax(a, b) if a > b then return a else return b end end
local function fmin(a, b) if a < b then return a else return b end end
local function fclamp(f, lo, hi) return fmin(fmax(f, lo), hi) end

-- The demo's bias_coef: the fraction of an error left after dt at this bias.
local function biasCoef(errorBias, dt) return 1.0 - errorBias ^ dt end

-- The demo's balance_sin: the lean it has settled on, from step to step.
state = {balanceSin = 0.0}

function motorPreSolve(motor)
  local wheel, balance = motor:bodies()
  local targetX = world:pointer()  -- ChipmunkDemoMouse.x

  local px = balance:position()
  local vx = balance:velocity()
  local targetV = fclamp(biasCoef(0.5, DT / 1.2) * (targetX - px) / DT, -MAX_V, MAX_V)
  local errorV = targetV - vx
  local targetSin = 3.0e-3 * biasCoef(0.1, DT) * errorV / DT

  state.balanceSin = fclamp(state.balanceSin - 6.0e-5 * biasCoef(0.2, DT) * errorV / DT, -MAX_SIN, MAX_SIN)
  local targetA = math.asin(fclamp(-targetSin + state.balanceSin, -MAX_SIN, MAX_SIN))
  -- asin(cpvcross(rotation, cpvforangle(targetA)))
  local rx, ry = balance:rotation()
  local angularDiff = math.asin(rx * math.sin(targetA) - ry * math.cos(targetA))
  local targetW = biasCoef(0.1, DT / 0.4) * (angularDiff) / DT

  local rate = fclamp(wheel:angularVelocity() + balance:angularVelocity() - targetW, -MAX_RATE, MAX_RATE)
  motor:rate(fclamp(rate, -MAX_RATE, MAX_RATE))
  motor:setMaxForce(MAX_FORCE)
end
