#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// How a body moves: pushed by forces and collisions, moved only by its
/// velocity, or fixed (Chipmunk's `cpBodyType`).
public enum BodyKind: String, Sendable {
    /// Moved by forces, gravity and collisions (`cpBodyNew`).
    case dynamic
    /// Moved only by its velocity, which the program sets; pushes dynamic bodies (`cpBodyNewKinematic`).
    case kinematic
    /// Never moves (`cpBodyNewStatic`).
    case `static`
}

/// What a shape is, in its body's coordinates (Chipmunk's four shape kinds).
public enum ShapeGeometry: Equatable, Sendable {
    /// A rectangle centred on the body's origin, corners rounded by `radius` (`cpBoxShapeNew`).
    case box(width: Double, height: Double, radius: Double)
    /// A disc of `radius` centred at `offset` from the body's origin (`cpCircleShapeNew`).
    case circle(radius: Double, offset: Vector)
    /// A convex polygon through `vertices`, counter-clockwise, rounded by `radius` (`cpPolyShapeNew`).
    case polygon(vertices: [Vector], radius: Double)
    /// A segment from `a` to `b`, `radius` thick on each side (`cpSegmentShapeNew`).
    case segment(a: Vector, b: Vector, radius: Double)
}

extension ShapeGeometry {
    /// Points of the shape (body coordinates), each with a radius around it,
    /// that together bound it: a box's or polygon's corners, a circle's
    /// centre, a segment's ends, each grown by the shape's radius. The one
    /// list of what a shape covers for the overlap check, hit tests and the
    /// picture's fit.
    public var boundingPoints: [(point: Vector, radius: Double)] {
        switch self {
        case .box(let w, let h, let r):
            return [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)].map { ($0, r) }
        case .circle(let r, let offset): return [(offset, r)]
        case .polygon(let vertices, let r): return vertices.map { ($0, r) }
        case .segment(let a, let b, let r): return [(a, r), (b, r)]
        }
    }

    /// The world box holding `shapes` on a body at `position` turned by
    /// `angle`: each bounding point at (x + px cos - py sin, y + px sin + py
    /// cos), grown by its radius (the overlap check, the spawn crowd check and
    /// build mode's bounds; replay-format.md's `spawn` states the formula).
    /// Empty shapes give min (+inf) above max (-inf).
    public static func bounds(of shapes: some Sequence<ShapeGeometry>, at position: Vector, angle: Double) -> (min: Vector, max: Vector) {
        let c = Math.cos(angle), s = Math.sin(angle)
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for shape in shapes {
            for (p, r) in shape.boundingPoints {
                let x = position.x + p.x * c - p.y * s, y = position.y + p.x * s + p.y * c
                (minX, maxX, minY, maxY) = (min(minX, x - r), max(maxX, x + r), min(minY, y - r), max(maxY, y + r))
            }
        }
        return (Vector(minX, minY), Vector(maxX, maxY))
    }
}
