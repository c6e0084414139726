#if canImport(Glibc)
import Glibc
#endif
import CrateboxGeometry
import SceneFormat

// Plane geometry for editing: turning points between world and body
// coordinates, hit tests on a body's shapes, and the convex hull a polygon
// outline becomes.

extension BodySpec {
    /// A world point in this body's coordinates (at its scene pose).
    public func local(_ world: Vector) -> Vector { (world - position).rotated(by: -angle) }

    /// A point of this body (body coordinates) in the world.
    public func world(_ local: Vector) -> Vector { position + local.rotated(by: angle) }

    /// The smallest axis-aligned box holding the body's shapes in the world (at its scene pose).
    public var worldBounds: (min: Vector, max: Vector) {
        ShapeGeometry.bounds(of: shapes.map(\.geometry), at: position, angle: angle)
    }

    /// The points a pivot snaps to on this body, in the world: circles' centres
    /// (axles) first, then polygons' and boxes' corners.
    public var snapPoints: [Vector] {
        var centres: [Vector] = [], corners: [Vector] = []
        for shape in shapes {
            switch shape.geometry {
            case .circle(_, let offset): centres.append(world(offset))
            case .box(let w, let h, _):
                corners += [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)].map(world)
            case .polygon(let vertices, _): corners += vertices.map(world)
            case .segment: break
            }
        }
        return centres + corners
    }

    /// Whether the world point `p` is on the body, or within `slack` of it.
    public func contains(_ p: Vector, slack: Double = 0) -> Bool {
        let q = local(p)
        return shapes.contains { $0.geometry.contains(q, slack: slack) }
    }
}

/// The convex hull of `points`, counter-clockwise (Andrew's monotone chain),
/// without collinear points.
public func convexHull(_ points: [Vector]) -> [Vector] {
    let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
    guard sorted.count >= 3 else { return sorted }
    func chain(_ points: [Vector]) -> [Vector] {
        var hull: [Vector] = []
        for p in points {
            while hull.count >= 2 && (hull[hull.count - 1] - hull[hull.count - 2]).cross(p - hull[hull.count - 2]) <= 0 {
                hull.removeLast()
            }
            hull.append(p)
        }
        return hull
    }
    let lower = chain(sorted), upper = chain(sorted.reversed())
    return Array(lower.dropLast()) + Array(upper.dropLast())
}

/// The centroid of a convex polygon's area (its vertices' mean when it has none).
func centroid(_ polygon: [Vector]) -> Vector {
    var area = 0.0, c = Vector.zero
    for i in polygon.indices {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        let k = a.cross(b)
        area += k
        c = c + (a + b) * k
    }
    guard abs(area) > 1e-12 else {
        return polygon.reduce(.zero, +) * (1 / Double(max(polygon.count, 1)))
    }
    return c * (1 / (3 * area))
}
