-- hoop.lua: counts the balls that drop through the hoop (Scenes/hoop.json).
-- The hoop's net is a sensor shape of collision type "hoop"; the balls (and
-- the scene's spawn body, which a click drops) are of type "ball".
state = {score = 0}

world:onCollision("ball", "hoop", {
  begin = function(arb)
    local ball = arb:bodies()
    local _, vy = ball:velocity()
    if vy < 0 then  -- falling: through from above, not bounced up from below
      state.score = state.score + 1
    end
    return true
  end,
})

function step(world)
  world:say("Through the hoop: " .. state.score .. "   (click above the hoop to drop a ball)")
end
