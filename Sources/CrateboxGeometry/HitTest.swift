// Whether a point is on a shape: hit tests for the builder and the window.

/// How far `p` is from the segment `a`-`b`.
public func distance(_ p: Vector, toSegment a: Vector, _ b: Vector) -> Double {
    let ab = b - a, length2 = ab.dot(ab)
    let t = length2 > 0 ? min(max((p - a).dot(ab) / length2, 0), 1) : 0
    return (p - (a + ab * t)).length
}

extension ShapeGeometry {
    /// Whether the body-local point `q` is on the shape, or within `slack` of it.
    public func contains(_ q: Vector, slack: Double) -> Bool {
        switch self {
        case .box(let w, let h, let r):
            let dx = max(abs(q.x) - w / 2, 0), dy = max(abs(q.y) - h / 2, 0)
            return (dx * dx + dy * dy).squareRoot() <= r + slack
        case .circle(let r, let offset):
            return (q - offset).length <= r + slack
        case .segment(let a, let b, let r):
            return distance(q, toSegment: a, b) <= r + slack
        case .polygon(let vertices, let r):
            let inside = vertices.indices.allSatisfy { i in
                (vertices[(i + 1) % vertices.count] - vertices[i]).cross(q - vertices[i]) >= 0
            }
            if inside { return true }
            return vertices.indices.contains { i in
                distance(q, toSegment: vertices[i], vertices[(i + 1) % vertices.count]) <= r + slack
            }
        }
    }
}

