-- world:spawn with shapes that give their own masses (scene-format.md 13.3):
-- a hammer (a light handle, a heavy head) dropped every half second, tumbling
-- head first; a body that gives a mass as well as its shapes is refused.
function step(world)
  local n = world:steps()
  if n == 1 then
    assert(not pcall(world.spawn, world, {position = {50, 200}, mass = 1, shapes = {{box = {10, 10}, mass = 1}}}))
    assert(not pcall(world.spawn, world, {position = {50, 200}, shapes = {{box = {10, 10}, mass = 1}, {circle = 3}}}))
  end
  if n % 60 == 0 and n <= 600 then
    local b = world:spawn{position = {60 + (n // 60) * 25, 250}, angle = 0.3,
                          shapes = {{box = {40, 4}, density = 0.01}, {circle = 6, offset = {20, 0}, mass = 4}}}
    world:say(string.format("%.17g", b:mass()))
  end
end
