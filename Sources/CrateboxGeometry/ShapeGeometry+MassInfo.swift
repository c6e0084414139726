/// What Chipmunk's shape keeps of its mass (`struct cpShapeMassInfo`: cpShape.c, cpPolyShape.c), as
/// a made shape holds it: a box's and a polygon's vertices in the order Chipmunk keeps them, and the
/// centre, the moment of a unit mass about it and the area worked out from those. Section 8 adds a
/// body's up as `cpBodyAccumulateMassFromShapes` does; `MassTranscriptionTests` holds every number
/// to a real Chipmunk shape's, to the bit.
extension ShapeGeometry {
    /// A box's and a polygon's vertices as the made shape keeps them: `cpBoxShapeNew`'s
    /// `(w/2, -h/2), (w/2, h/2), (-w/2, h/2), (-w/2, -h/2)`; `cpPolyShapeNew`'s, each through the
    /// identity transform (`1 x + 0 y + 0`: a -0 becomes +0) and then its convex hull, which for a
    /// convex polygon listed counter-clockwise (the scene format's) starts at the vertex of least x
    /// (of least y among equals) and goes on in order. Empty for a circle and a segment.
    public var chipmunkVertices: [Vector] {
        switch self {
        case .box(let w, let h, _):
            let hw = w / 2, hh = h / 2
            return [Vector(hw, -hh), Vector(hw, hh), Vector(-hw, hh), Vector(-hw, -hh)]
        case .polygon(let vertices, _):
            let moved = vertices.map { Vector(1 * $0.x + 0 * $0.y + 0, 0 * $0.x + 1 * $0.y + 0) }
            var start = 0
            for (i, v) in moved.enumerated().dropFirst() where v.x < moved[start].x || (v.x == moved[start].x && v.y < moved[start].y) {
                start = i
            }
            return Array(moved[start...] + moved[..<start])
        case .circle, .segment:
            return []
        }
    }

    /// The area the made shape keeps, which `cpShapeSetDensity` multiplies (a box's and a
    /// polygon's on `chipmunkVertices`; otherwise `area`'s).
    public var chipmunkArea: Double {
        switch self {
        case .box(_, _, let r), .polygon(_, let r): return ShapeGeometry.polyArea(chipmunkVertices, r)
        case .circle, .segment: return area
        }
    }

    /// The shape's centre of gravity in body coordinates, as its mass info puts it: a circle's
    /// offset, a segment's midpoint `cpvlerp(a, b, 0.5)`, a box's and a polygon's
    /// `cpCentroidForPoly` of `chipmunkVertices`.
    public var centroid: Vector {
        switch self {
        case .box, .polygon: return ShapeGeometry.polyCentroid(chipmunkVertices)
        case .circle(_, let offset): return offset
        case .segment(let a, let b, _): return ShapeGeometry.midpoint(a, b)
        }
    }

    /// The moment of inertia of a unit mass of the shape about its `centroid`, as its mass info
    /// has it: `cpMomentForCircle(1, 0, r, (0, 0))`, a segment's `cpMomentForBox(1, cpvdist(a, b)
    /// + 2r, 2r)`, a box's and a polygon's `cpMomentForPoly(1, n, chipmunkVertices, -centroid, r)`
    /// (the radius not counted: Chipmunk's TODO).
    public var unitMoment: Double {
        switch self {
        case .box, .polygon:
            let vertices = chipmunkVertices
            return ShapeGeometry.polyMoment(1, vertices, offset: ShapeGeometry.negated(ShapeGeometry.polyCentroid(vertices)))
        case .circle(let r, _):
            return 1 * (0.5 * (0 * 0 + r * r) + (0 * 0 + 0 * 0))
        case .segment(let a, let b, let r):
            let w = ShapeGeometry.vdist(a, b) + 2 * r, h = 2 * r
            return 1 * (w * w + h * h) / 12
        }
    }
}
