-- Every function of Lua's math library (and ^), fed with numbers that change
-- each step, sets the wheel's speed and spin: a result one bit off changes the
-- state hash. cratebox's math (docs/math.md) must give one hash on every CPU,
-- and the reference the same (OneHashTests, compare.py).

local function mixed(t)
  local x = t * 0.37 + 0.1
  local u = ((t * 0.013) % 1.8) - 0.9
  local v = 1 + t * 0.25
  return math.sin(x) + math.cos(x) + math.tan(x * 0.01)
    + math.asin(u) + math.acos(u) + math.atan(u * 3) + math.atan(u, x - 20)
    + math.exp(u * 5) + math.log(v) + math.log(v, 2) + math.log(v, 10) + math.log(v, 3)
    + math.sqrt(v) + v ^ 0.37 + (u + 1) ^ -2.5 + 2 ^ (u * 10)
    + math.cosh(u) + math.sinh(u) + math.tanh(u * 4) + math.pow(v, 1.1) + math.log10(v)
    + math.fmod(x, 1.3) + math.floor(x) + math.ceil(u) + select(2, math.modf(x)) + math.abs(u)
    + math.ldexp(u, 3) + math.frexp(v) + math.max(u, 0.5) + math.min(u, -0.5)
    + math.random() + math.pi
end

function step(world)
  local t = world:steps()
  local wheel = world:body("wheel")
  local m = mixed(t)
  wheel:setAngularVelocity(m * 0.1)
  wheel:setVelocity(math.sin(m) * 30, math.cos(m * 1.7) * 30)
end
