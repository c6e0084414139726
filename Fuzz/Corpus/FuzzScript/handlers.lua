h = 1  -- the first byte picks the scene: hoop.json
-- Balls fall through a ghost platform (its pre-solve lets them pass), then
-- through a sensor hoop (counted at begin, in the order they came), and land
-- (the first impulse of each landing is added up by a wildcard post-solve).
state = {through = 0, left = 0, landed = 0, impulse = 0, order = {}}

world:onCollision("ball", "hoop", {
  begin = function(arb)
    local ball = arb:bodies()
    state.through = state.through + 1
    state.order[#state.order + 1] = ball:id()
    return true
  end,
  separate = function(pair)
    assert(pair.b:id() == "hoop" and type(pair.removal) == "boolean")
    state.left = state.left + 1
    if pair.removal then state.removed = (state.removed or 0) + 1 end
  end,
})

world:onCollision("ball", "ghost", {preSolve = function(arb) return false end})

world:onCollision("ball", "*", {
  postSolve = function(arb)
    if arb:isFirstContact() then
      local _, y = arb:totalImpulse()
      state.impulse = state.impulse + math.abs(y)
      state.landed = state.landed + 1
      local nx, ny = arb:normal()
      assert(arb:count() >= 1 and nx == nx and ny == ny)
    end
  end,
})

function step(world)
  world:say(state.through .. " through the hoop")
end
