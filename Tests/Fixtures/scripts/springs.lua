-- A spring whose force is clamped (Chipmunk's Springies demo), a motor a
-- pre-solve drives, and a rotary spring with its own torque and a
-- post-solve that reads its impulse (scene-format.md 16.10).
local spring = world:joint("spring")
assert(spring:restLength() == 60 and spring:stiffness() == 50 and spring:id() == "spring")
assert(world:joint("nobody") == nil and tostring(spring) == "joint 0")
local a, b = spring:bodies()
assert(a == nil and b == world:body("bob"))

function clamped(joint, length)
  local stretch = joint:restLength() - length
  if stretch > 20 then stretch = 20 elseif stretch < -20 then stretch = -20 end
  return stretch * joint:stiffness()
end

state = {impulse = 0, solves = 0}

function drive(joint)
  joint:rate(math.sin(world:steps() / 60) * 4)  -- sets the motor's rate before the solver runs
end

function twist(joint, angle)
  return -angle * joint:stiffness() * 2
end

function measure(joint)
  state.impulse = state.impulse + math.abs(joint:impulse())
  state.solves = state.solves + 1
end
