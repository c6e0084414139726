#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D vector of doubles: points, offsets, velocities (Chipmunk's `cpVect`
/// as a value; `Physics` converts between the two).
public struct Vector: Hashable, Sendable, CustomStringConvertible, BitwiseCopyable {
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
        let c = Math.cos(angle), s = Math.sin(angle)
        return Vector(x * c - y * s, x * s + y * c)
    }

    /// The dot product.
    public func dot(_ v: Vector) -> Double { x * v.x + y * v.y }
    /// The cross product's z (positive when `v` is counter-clockwise of this vector).
    public func cross(_ v: Vector) -> Double { x * v.y - y * v.x }

    /// "(x, y)", for messages: each to two decimals, as a user reads a point
    /// ("(376.67, 127.92)", not "(376.6666666666667, 127.91666666666666)").
    public var description: String { "(\(Self.shown(x)), \(Self.shown(y)))" }

    /// `v` to two decimals, without a trailing ".0" ("376.67", "300", "1e+20").
    public static func shown(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return "\(v)" }
        let r = (v * 100).rounded() / 100
        let s = "\(r == 0 ? 0 : r)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
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
