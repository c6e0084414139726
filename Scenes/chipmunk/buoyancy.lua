-- buoyancy.lua: Chipmunk 7.0.3's Buoyancy demo (demo/Buoyancy.c), its
-- waterPreSolve: each step a box touches the water sensor, its polygon is
-- clipped at the water level, and the box is pushed up by the weight of the
-- water it displaces and slowed by the fluid's drag. The geometry functions
-- are Chipmunk's (src/chipmunk.c, include/chipmunk/cpVect.h), operation for
-- operation, so that every bit is the demo's.

local FLUID_DENSITY = 0.00014
local FLUID_DRAG = 2.0
local DT = 1.0 / 120.0                      -- cpSpaceGetCurrentTimeStep: the step
local CPFLOAT_MIN = 2.2250738585072014e-308  -- DBL_MIN, cpvnormalize's guard

local function cross(ax, ay, bx, by) return ax * by - ay * bx end  -- cpvcross

-- cpAreaForPoly(count, verts, r), verts a list of {x, y}.
local function areaForPoly(verts, r)
  local area, perimeter, n = 0.0, 0.0, #verts
  for i = 1, n do
    local v1, v2 = verts[i], verts[i % n + 1]
    area = area + cross(v1[1], v1[2], v2[1], v2[2])
    local dx, dy = v1[1] - v2[1], v1[2] - v2[2]
    perimeter = perimeter + math.sqrt(dx * dx + dy * dy)
  end
  return r * (math.pi * math.abs(r) + perimeter) + area / 2.0
end

-- cpCentroidForPoly(count, verts): x, y.
local function centroidForPoly(verts)
  local sum, sx, sy, n = 0.0, 0.0, 0.0, #verts
  for i = 1, n do
    local v1, v2 = verts[i], verts[i % n + 1]
    local c = cross(v1[1], v1[2], v2[1], v2[2])
    sum = sum + c
    sx, sy = sx + (v1[1] + v2[1]) * c, sy + (v1[2] + v2[2]) * c
  end
  local s = 1.0 / (3.0 * sum)
  return sx * s, sy * s
end

-- cpMomentForPoly(m, count, verts, offset, 0) (two vertices: cpMomentForSegment).
local function momentForPoly(m, verts, ox, oy)
  local n = #verts
  if n == 2 then
    local a, b = verts[1], verts[2]
    local cx, cy = a[1] * (1.0 - 0.5) + b[1] * 0.5, a[2] * (1.0 - 0.5) + b[2] * 0.5
    local dx, dy = b[1] - a[1], b[2] - a[2]
    local length = math.sqrt(dx * dx + dy * dy) + 2.0 * 0.0
    return m * ((length * length + 4.0 * 0.0 * 0.0) / 12.0 + (cx * cx + cy * cy))
  end
  local sum1, sum2 = 0.0, 0.0
  for i = 1, n do
    local v1x, v1y = verts[i][1] + ox, verts[i][2] + oy
    local v2x, v2y = verts[i % n + 1][1] + ox, verts[i % n + 1][2] + oy
    local a = cross(v2x, v2y, v1x, v1y)
    local b = (v1x * v1x + v1y * v1y) + (v1x * v2x + v1y * v2y) + (v2x * v2x + v2y * v2y)
    sum1 = sum1 + a * b
    sum2 = sum2 + a
  end
  return (m * sum1) / (6.0 * sum2)
end

-- The demo's k_scalar_body: the effective mass factor at `point` along (nx, ny).
local function kScalarBody(body, px, py, nx, ny)
  local bx, by = body:position()
  local rcn = cross(px - bx, py - by, nx, ny)
  return 1.0 / body:mass() + rcn * rcn / body:moment()
end

-- The part of the polygon under the water level, in world coordinates.
local function clipBelow(poly, level)
  local body, verts, clipped = poly:body(), poly:vertices(), {}
  local j = #verts
  for i = 1, #verts do
    local ax, ay = body:localToWorld(verts[j][1], verts[j][2])
    local bx, by = body:localToWorld(verts[i][1], verts[i][2])
    if ay < level then clipped[#clipped + 1] = {ax, ay} end
    local aLevel, bLevel = ay - level, by - level
    if aLevel * bLevel < 0.0 then
      local t = math.abs(aLevel) / (math.abs(aLevel) + math.abs(bLevel))
      clipped[#clipped + 1] = {ax * (1.0 - t) + bx * t, ay * (1.0 - t) + by * t}  -- cpvlerp
    end
    j = i
  end
  return clipped
end

world:onCollision("water", "floater", {
  preSolve = function(arb)
    local water, poly = arb:shapes()
    local body = poly:body()

    -- The top of the water sensor's bounding box is the water level.
    local _, _, _, level = water:bb()
    local clipped = clipBelow(poly, level)

    -- Buoyancy from the clipped polygon's area, as an impulse at its centroid.
    local clippedArea = areaForPoly(clipped, 0.0)
    local displacedMass = clippedArea * FLUID_DENSITY
    local cx, cy = centroidForPoly(clipped)
    local gx, gy = world:gravity()
    local s = -displacedMass * DT
    body:applyImpulse(gx * s, gy * s, cx, cy)

    -- Linear damping for the fluid drag.
    local vx, vy = body:velocityAt(cx, cy)
    local f = 1.0 / (math.sqrt(vx * vx + vy * vy) + CPFLOAT_MIN)  -- cpvnormalize
    local k = kScalarBody(body, cx, cy, vx * f, vy * f)
    local damping = clippedArea * FLUID_DRAG * FLUID_DENSITY
    local vCoef = math.exp(-damping * DT * k)
    body:applyImpulse((vx * vCoef - vx) * (1.0 / k), (vy * vCoef - vy) * (1.0 / k), cx, cy)

    -- Angular damping for the fluid drag.
    local cogx, cogy = body:localToWorld(body:centerOfGravity())
    local wDamping = momentForPoly(FLUID_DRAG * FLUID_DENSITY * clippedArea, clipped, -cogx, -cogy)
    body:setAngularVelocity(body:angularVelocity() * math.exp(-wDamping * DT / body:moment()))

    return true
  end,
})
