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
