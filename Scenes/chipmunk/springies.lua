-- springies.lua: Chipmunk 7.0.3's Springies demo (demo/Springies.c). Every
-- damped spring of springies.json pulls with the demo's springForce: Chipmunk's
-- (restLength - length) * stiffness, but with the stretch clamped to +-20, so
-- that a far-stretched spring pulls no harder than one stretched 20 points.
local clamp = 20.0  -- the demo's 20.0f

-- cpfclamp(restLength - dist, -clamp, clamp) * stiffness, compared as Chipmunk's
-- cpfmax and cpfmin compare (a > b ? a : b, then a < b ? a : b).
function springForce(spring, dist)
  local stretch = spring:restLength() - dist
  if not (stretch > -clamp) then stretch = -clamp end
  if not (stretch < clamp) then stretch = clamp end
  return stretch * spring:stiffness()
end
