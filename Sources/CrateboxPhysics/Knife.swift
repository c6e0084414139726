import CChipmunk
import CrateboxGeometry

/// A body the knife cuts: its shape and the two pieces, as Chipmunk's Slice
/// demo clips them. Normative: docs/replay-format.md, "slice".
public struct Cut {
    /// The body cut (it has only this shape).
    public let body: Body
    let shape: Shape
    /// The two pieces (the side of the line's normal first): world points,
    /// centroid, mass and moment, as the demo's `ClipPoly` computes them.
    let pieces: [(points: [cpVect], centroid: cpVect, mass: Double, moment: Double)]
}

extension Cut {
    /// Each piece as `Space.addPieces` will make it: the polygon Chipmunk keeps
    /// (in the piece's own axes), its mass and moment.
    public var madePieces: [(geometry: ShapeGeometry, mass: Double, moment: Double)] {
        pieces.map { p in
            let scratch = Shape(body: Body(mass: p.mass, moment: p.moment), points: p.points.map(Vector.init),
                                translatedBy: Vector(-p.centroid.x, -p.centroid.y), radius: cpPolyShapeGetRadius(shape.raw))
            return (scratch.geometry, p.mass, p.moment)
        }
    }
}

/// The knife's line: its normal and distance from the origin.
public struct KnifeLine {
    /// The line's ends.
    public let a: Vector, b: Vector
    let n: cpVect
    let dist: Double

    /// The line from `a` to `b` (they differ).
    public init(from a: Vector, to b: Vector) {
        self.a = a
        self.b = b
        let dx = b.x - a.x, dy = b.y - a.y
        let inv = 1.0 / ((dx * dx + dy * dy).squareRoot() + 2.2250738585072014e-308)  // cpvnormalize's DBL_MIN
        n = cpVect(x: (-dy) * inv, y: dx * inv)
        dist = a.x * n.x + a.y * n.y
    }
}

extension Shape {
    /// The cut the line makes through this shape, or nil when it does not cut
    /// it: a polygon or box, not a sensor nor one-way, crossed by the line with
    /// both ends outside it, into two pieces of 3 to 64 distinct points and an area of at least 1.
    public func cut(by line: KnifeLine) -> Cut? {
        switch geometry {
        case .box, .polygon: break
        case .circle, .segment: return nil
        }
        guard !isSensor, oneWay == nil else { return nil }
        var info = cpSegmentQueryInfo()
        guard cpShapeSegmentQuery(raw, line.a.cp, line.b.cp, 0.0, &info) != 0,
              cpShapePointQuery(raw, line.a.cp, nil) > 0.0, cpShapePointQuery(raw, line.b.cp, nil) > 0.0 else { return nil }
        let v = worldVertices()
        let whole = cpAreaForPoly(Int32(v.count), v, 0.0)
        var pieces: [(points: [cpVect], centroid: cpVect, mass: Double, moment: Double)] = []
        for piece in [Shape.clip(v, line.n, line.dist), Shape.clip(v, cpVect(x: -line.n.x, y: -line.n.y), -line.dist)] {
            let k = Int32(piece.count)
            guard (3...64).contains(piece.count), cpAreaForPoly(k, piece, 0.0) >= 1.0 else { return nil }
            for i in piece.indices { for j in piece.indices where j > i && piece[i].x == piece[j].x && piece[i].y == piece[j].y { return nil } }
            let c = cpCentroidForPoly(k, piece)
            let mass = body.mass * (cpAreaForPoly(k, piece, 0.0) / whole)
            let moment = cpMomentForPoly(mass, k, piece, cpVect(x: -c.x, y: -c.y), 0.0)
            // Chipmunk asserts on a body whose mass or moment is not positive and finite.
            guard mass > 0, mass.isFinite, moment > 0, moment.isFinite else { return nil }
            pieces.append((piece, c, mass, moment))
        }
        return Cut(body: body, shape: self, pieces: pieces)
    }

    /// The Slice demo's `ClipPoly`: the points of the polygon on the side
    /// where dot(p, m) < e, with the crossings.
    static func clip(_ v: [cpVect], _ m: cpVect, _ e: Double) -> [cpVect] {
        var piece: [cpVect] = []
        for i in v.indices {
            let p = v[i == 0 ? v.count - 1 : i - 1], q = v[i]
            let pd = (p.x * m.x + p.y * m.y) - e, qd = (q.x * m.x + q.y * m.y) - e
            if pd < 0.0 { piece.append(p) }
            if pd * qd < 0.0 {
                let t = abs(pd) / (abs(pd) + abs(qd))
                piece.append(cpVect(x: p.x * (1.0 - t) + q.x * t, y: p.y * (1.0 - t) + q.y * t))
            }
        }
        return piece
    }
}

extension Space {
    /// Adds the cut's two pieces to the space, each a new dynamic body with
    /// one polygon (the demo's calls, in its order); the body cut stays for the caller to remove.
    public func addPieces(of cut: Cut) throws(PhysicsError) -> [(body: Body, shape: Shape)] {
        var made: [(body: Body, shape: Shape)] = []
        for (piece, c, mass, moment) in cut.pieces {
            let body = Body(mass: mass, moment: moment)
            try add(body)
            body.position = Vector(c)
            body.velocity = Vector(cpBodyGetVelocityAtWorldPoint(cut.body.raw, c))
            body.angularVelocity = cut.body.angularVelocity
            let shape = Shape(body: body, points: piece.map(Vector.init), translatedBy: Vector(-c.x, -c.y),
                              radius: cpPolyShapeGetRadius(cut.shape.raw))
            shape.friction = cut.shape.friction
            shape.elasticity = cut.shape.elasticity
            let filter = cut.shape.filter
            shape.setFilter(group: filter.group, categories: filter.categories, mask: filter.mask)
            shape.surfaceVelocity = cut.shape.surfaceVelocity
            try add(shape)
            made.append((body, shape))
        }
        return made
    }
}
