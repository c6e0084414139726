import CChipmunk

/// A 2D vector of doubles: the Swift face of Chipmunk's `cpVect`.
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

    /// "(x, y)", for messages.
    public var description: String { "(\(x), \(y))" }

    var cp: cpVect { cpVect(x: x, y: y) }
    init(_ v: cpVect) { self.init(v.x, v.y) }
}
