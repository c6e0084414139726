/// A shape's area, centre of gravity and moment of inertia, as Chipmunk 7.0.3 computes them
/// (`cpAreaForCircle`, `cpAreaForSegment`, `cpAreaForPoly`, `cpCentroidForPoly`, `cpMomentForCircle`,
/// `cpMomentForBox`, `cpMomentForPoly` in chipmunk.c, and its shapes' mass info): the same operations
/// in the same order, so the same bits (PhysicsTests' `MassTranscriptionTests`
/// holds them to Chipmunk's own on random shapes). The scene format's checks
/// read these without the physics layer; the physics layer builds with Chipmunk's.
extension ShapeGeometry {
    /// The shape's area, its rounding included (a box is its four corners as a polygon).
    public var area: Double {
        switch self {
        case .box(let w, let h, let r):
            return ShapeGeometry.polyArea(ShapeGeometry.boxCorners(w, h), r)
        case .circle(let r, _):
            return ShapeGeometry.pi * abs(0 * 0 - r * r)  // cpAreaForCircle(0, r)
        case .polygon(let vertices, let r):
            return ShapeGeometry.polyArea(vertices, r)
        case .segment(let a, let b, let r):
            return r * (ShapeGeometry.pi * r + 2 * ShapeGeometry.vdist(a, b))
        }
    }

    /// Chipmunk's CP_PI, as a double.
    static let pi = 3.14159265358979323846264338327950288

    /// A box's corners as cpBoxShapeNew and the moment of a box take them.
    static func boxCorners(_ w: Double, _ h: Double) -> [Vector] {
        [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)]
    }

    /// cpvdist: the square root of the squared distance.
    static func vdist(_ a: Vector, _ b: Vector) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// cpvcross(v1, v2).
    static func vcross(_ v1: Vector, _ v2: Vector) -> Double { v1.x * v2.y - v1.y * v2.x }

    /// cpAreaForPoly(count, verts, r).
    static func polyArea(_ verts: [Vector], _ r: Double) -> Double {
        var area = 0.0, perimeter = 0.0
        for i in verts.indices {
            let v1 = verts[i], v2 = verts[(i + 1) % verts.count]
            area += vcross(v1, v2)
            perimeter += vdist(v1, v2)
        }
        return r * (pi * abs(r) + perimeter) + area / 2
    }

    /// cpvlerp(a, b, 0.5): a * (1 - 0.5) + b * 0.5.
    static func midpoint(_ a: Vector, _ b: Vector) -> Vector { Vector(a.x * 0.5 + b.x * 0.5, a.y * 0.5 + b.y * 0.5) }

    /// cpvneg(v).
    static func negated(_ v: Vector) -> Vector { Vector(-v.x, -v.y) }

    /// cpMomentForSegment(m, a, b, r).
    static func segmentMoment(_ m: Double, _ a: Vector, _ b: Vector, _ r: Double) -> Double {
        let offset = midpoint(a, b)
        let length = vdist(b, a) + 2 * r
        return m * ((length * length + 4 * r * r) / 12 + (offset.x * offset.x + offset.y * offset.y))
    }

    /// cpCentroidForPoly(count, verts).
    static func polyCentroid(_ verts: [Vector]) -> Vector {
        var sum = 0.0, vsum = Vector(0, 0)
        for i in verts.indices {
            let v1 = verts[i], v2 = verts[(i + 1) % verts.count]
            let cross = vcross(v1, v2)
            sum += cross
            vsum = Vector(vsum.x + (v1.x + v2.x) * cross, vsum.y + (v1.y + v2.y) * cross)
        }
        let scale = 1 / (3 * sum)
        return Vector(vsum.x * scale, vsum.y * scale)
    }

    /// cpMomentForPoly(m, count, verts, offset, r): the radius is not counted (Chipmunk's TODO).
    static func polyMoment(_ m: Double, _ verts: [Vector], offset: Vector) -> Double {
        if verts.count == 2 { return segmentMoment(m, verts[0], verts[1], 0) }
        var sum1 = 0.0, sum2 = 0.0
        for i in verts.indices {
            // cpvadd(verts[i], offset): adding a zero offset turns a -0 into +0, as Chipmunk's does.
            let v1 = Vector(verts[i].x + offset.x, verts[i].y + offset.y)
            let w = verts[(i + 1) % verts.count]
            let v2 = Vector(w.x + offset.x, w.y + offset.y)
            let a = vcross(v2, v1)
            let b = (v1.x * v1.x + v1.y * v1.y) + (v1.x * v2.x + v1.y * v2.y) + (v2.x * v2.x + v2.y * v2.y)
            sum1 += a * b
            sum2 += a
        }
        return (m * sum1) / (6 * sum2)
    }
}
