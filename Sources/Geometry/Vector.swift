#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D vector of doubles: points, offsets, velocities (Chipmunk's `cpVect`
/// as a value; `Physics` converts between the two).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The x coordinate (points; x grows to the right).
    public var x: Double
    /// The y coordinate (points; y grows upwards).
    public var y: Double

    /// The vector (x, y).
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The vector (0, 0).
    public static let zero = Vector(0, 0)

    /// The vector's length, √(x² + y²).
    public var length: Double { (x * x + y * y).squareRoot() }
    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The sum, coordinate by coordinate.
    public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    /// The difference, coordinate by coordinate.
    public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    /// The vector scaled by `s`.
    public static func * (a: Vector, s: Double) -> Vector { Vector(a.x * s, a.y * s) }

    /// The vector turned by `angle` radians, counter-clockwise.
    public func rotated(by angle: Double) -> Vector {
        let c = cos(angle), s = sin(angle)
        return Vector(x * c - y * s, x * s + y * c)
    }

    /// The dot product.
    public func dot(_ v: Vector) -> Double { x * v.x + y * v.y }
    /// The cross product's z (positive when `v` is counter-clockwise of this vector).
    public func cross(_ v: Vector) -> Double { x * v.y - y * v.x }

    /// "(x, y)", for messages.
    public var description: String { "(\(x), \(y))" }
}

/// A body's pose: where its origin is and how it is turned.
public struct Pose: Equatable, Sendable {
    /// The body's origin in world coordinates (points).
    public var position: Vector
    /// The body's angle in radians, counter-clockwise.
    public var angle: Double

    /// A pose at `position`, turned by `angle`.
    public init(position: Vector, angle: Double) {
        self.position = position
        self.angle = angle
    }

    /// The pose `alpha` of the way from `self` to `next` (angles are not wrapped:
    /// they are continuous across steps).
    public func interpolated(to next: Pose, _ alpha: Double) -> Pose {
        Pose(position: position + (next.position - position) * alpha, angle: angle + (next.angle - angle) * alpha)
    }
}
