import CrateboxGeometry

// A shape's values (sections 6 and 13): geometry, material, filter, its own mass.
extension SceneChecks {
    /// The collision groups a filter may name (Chipmunk's group is a pointer-sized
    /// value; the format keeps it to what a 32-bit signed number holds).
    static let groups = 0...Int(Int32.max)

    /// Every rule on one shape's values. True when nothing is wrong.
    @discardableResult
    mutating func shape(_ s: ShapeSpec, _ path: @autoclosure () -> String) -> Bool {
        let before = errors.count
        let j = SceneChecks.join
        let show = SceneChecks.show
        switch s.geometry {
        case .box(_, _, let r), .polygon(_, let r), .segment(_, _, let r): number(r, j(path(), "radius"), .nonNegative(Limits.coordinate))
        case .circle: break
        }
        switch s.geometry {
        case .box(let w, let h, _):
            pair(Vector(w, h), j(path(), "box"), .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height"))
        case .circle(let r, let offset):
            point(offset, j(path(), "offset"))
            number(r, j(path(), "circle"), .size(Limits.minimumLength, Limits.coordinate), label: "radius")
        case .polygon(let vertices, _):
            let gpath = j(path(), "polygon")
            if !Limits.polygonVertices.contains(vertices.count) {
                fail(gpath, "must have \(Limits.polygonVertices.lowerBound) to \(Limits.polygonVertices.upperBound) vertices, got \(vertices.count)")
            } else if vertices.indices.allSatisfy({ point(vertices[$0], "\(gpath)[\($0)]") }), let problem = Scene.polygonProblem(vertices) {
                fail(gpath, problem)
            }
        case .segment(let a, let b, _):
            let gpath = j(path(), "segment")
            let endA = point(a, "\(gpath)[0]"), endB = point(b, "\(gpath)[1]")
            let ends = endA && endB
            if ends && a == b {
                fail(gpath, "the two ends are the same point; a segment needs length")
            } else if ends && (b - a).length < Limits.minimumLength {
                fail(gpath, "the segment is \(show((b - a).length)) long; it must be at least \(show(Limits.minimumLength))")
            }
        }
        number(s.friction, j(path(), "friction"), .nonNegative(Limits.coordinate))
        number(s.elasticity, j(path(), "elasticity"), .within(0, 1))
        if let filter = s.filter { integer(Int(filter.group), j(path(), "group"), SceneChecks.groups) }
        if let v = s.surfaceVelocity { point(v, j(path(), "surfaceVelocity")) }
        if let v = s.oneWay, point(v, j(path(), "oneWay")), v == .zero {
            fail(j(path(), "oneWay"), "must be a direction, not [0, 0]: the way bodies may pass through")
        }
        if let name = s.collisionType {
            if name.utf8.isEmpty || name.utf8.count > 64 || name == "*" {
                fail(j(path(), "collisionType"), "must be a name of 1 to 64 bytes other than \"*\" (a script's handlers name it)")
            } else if s.oneWay != nil {
                fail(j(path(), "collisionType"), "a one-way platform's collision type is cratebox's own: give a shape oneWay or collisionType, not both")
            }
        }
        switch s.mass {
        case .mass(let m)?: number(m, j(path(), "mass"), .size(Limits.minimumMass, Limits.mass))
        case .density(let d)?: number(d, j(path(), "density"), .positive(Limits.mass))
        case nil: break
        }
        return errors.count == before
    }
}

extension Scene {
    /// What is wrong with `vertices` as a scene's polygon, or nil: it must be
    /// convex, counter-clockwise, with no repeated or collinear vertices, no
    /// self-intersection, and an area of at least `Limits.minimumArea`. The
    /// knife checks its pieces with it too, so that a saved scene reads back.
    public static func polygonProblem(_ vertices: [Vector]) -> String? {
        let n = vertices.count
        for i in 0..<n {
            for k in (i + 1)..<n where vertices[i] == vertices[k] { return "vertices \(i) and \(k) are the same point" }
        }
        var turning = 0.0
        var negative = 0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n]
            let e1 = b - a, e2 = c - b
            let cross = e1.x * e2.y - e1.y * e2.x
            let dot = e1.x * e2.x + e1.y * e2.y
            // Relative test: the turn at b must be a real angle, not rounding noise.
            if abs(cross) <= 1e-12 * e1.length * e2.length {
                return "vertices \(i), \((i + 1) % n) and \((i + 2) % n) are collinear; the polygon is degenerate"
            }
            if cross < 0 { negative += 1 }
            turning += Math.atan2(cross, dot)
        }
        if negative > 0 && negative < n { return "the polygon is concave; split it into convex shapes" }
        // A convex polygon turns once; a star whose every turn is the same way turns more.
        if abs(turning) > 3 * Double.pi { return "the polygon intersects itself" }
        if negative == n { return "the vertices go clockwise; list them counter-clockwise" }
        let area = ShapeGeometry.polygon(vertices: vertices, radius: 0).area
        if area < Limits.minimumArea {
            return "the polygon's area is \(SceneChecks.show(area)); it must be at least \(SceneChecks.show(Limits.minimumArea))"
        }
        return nil
    }
}
