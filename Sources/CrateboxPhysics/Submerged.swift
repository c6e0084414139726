#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CChipmunk
import CrateboxGeometry

/// The part of a shape below a water surface: its area, its centroid (world)
/// and how to weigh its spin drag. Normative: docs/replay-format.md, "Water and planets".
public struct Submerged {
    /// The submerged area (> 0).
    public let area: Double
    /// Its centroid, in world coordinates.
    public let centroid: Vector
    /// `W(m)`: the drag moment of mass `m` about the body's world centre of gravity.
    let dragMoment: (_ mass: Double, _ cog: cpVect) -> Double
}

extension Shape {
    /// The shape's part below `level` (world y), or nil when none of it is.
    public func submerged(below level: Double) -> Submerged? {
        switch geometry {
        case .box, .polygon: return submergedPolygon(level)
        case .circle: return submergedCircle(level)
        case .segment: return submergedCapsule(level)
        }
    }

    /// The shape's vertices in world coordinates, in Chipmunk's order.
    func worldVertices() -> [cpVect] {
        let count = cpPolyShapeGetCount(raw)
        return (0..<count).map { cpBodyLocalToWorld(body.raw, cpPolyShapeGetVert(raw, $0)) }
    }

    /// The Buoyancy demo's clip against the level (its radius ignored): the
    /// knife's clip with the plane y < level, which is the same arithmetic to
    /// the bit (p.x * 0.0 + p.y * 1.0 is p.y, so the distances are p.y - level).
    private func submergedPolygon(_ level: Double) -> Submerged? {
        let piece = Shape.clip(worldVertices(), cpVect(x: 0.0, y: 1.0), level)
        guard piece.count >= 3 else { return nil }
        let n = Int32(piece.count)
        let area = cpAreaForPoly(n, piece, 0.0)
        guard area > 0.0 else { return nil }
        return Submerged(area: area, centroid: Vector(cpCentroidForPoly(n, piece))) { m, cog in
            cpMomentForPoly(m, n, piece, cpVect(x: -cog.x, y: -cog.y), 0.0)
        }
    }

    private func submergedCircle(_ level: Double) -> Submerged? {
        let o = cpBodyLocalToWorld(body.raw, cpCircleShapeGetOffset(raw)), r = cpCircleShapeGetRadius(raw)
        let d = level - o.y
        let area: Double, centroid: Vector
        if d <= -r {
            return nil
        } else if d >= r {
            area = cpAreaForCircle(0.0, r)
            centroid = Vector(o)
        } else {
            let h = (r * r - d * d).squareRoot()
            area = (r * r) * Math.acos((-d) / r) + d * h
            centroid = Vector(o.x, o.y - ((2.0 / 3.0) * ((h * h) * h)) / area)
        }
        guard area > 0.0 else { return nil }
        return Submerged(area: area, centroid: centroid) { m, cog in
            cpMomentForCircle(m, 0.0, r, cpVect(x: o.x - cog.x, y: o.y - cog.y))
        }
    }

    /// A capsule's part below the level, by Green's theorem over its clipped boundary.
    private func submergedCapsule(_ level: Double) -> Submerged? {
        let a = cpBodyLocalToWorld(body.raw, cpSegmentShapeGetA(raw)), b = cpBodyLocalToWorld(body.raw, cpSegmentShapeGetB(raw))
        let r = cpSegmentShapeGetRadius(raw)
        guard r != 0.0 else { return nil }
        let ux = b.x - a.x, uy = b.y - a.y, len = (ux * ux + uy * uy).squareRoot()
        let nx = (-uy) / len, ny = ux / len
        let t0 = Math.atan2(-ny, -nx)
        var boundary = CapsuleBoundary(level: level, r: r)
        boundary.line(Vector(a.x - r * nx, a.y - r * ny), Vector(b.x - r * nx, b.y - r * ny))
        boundary.arc(about: Vector(b), from: t0, to: t0 + CapsuleBoundary.pi)
        boundary.line(Vector(b.x + r * nx, b.y + r * ny), Vector(a.x + r * nx, a.y + r * ny))
        boundary.arc(about: Vector(a), from: t0 + CapsuleBoundary.pi, to: (t0 + CapsuleBoundary.pi) + CapsuleBoundary.pi)
        guard let (area, centroid) = boundary.areaAndCentroid(), area > 0.0 else { return nil }
        return Submerged(area: area, centroid: centroid) { m, cog in
            cpMomentForSegment(m, cpVect(x: a.x - cog.x, y: a.y - cog.y), cpVect(x: b.x - cog.x, y: b.y - cog.y), r)
        }
    }
}
