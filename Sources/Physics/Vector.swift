import CChipmunk

/// A 2D vector of doubles: the Swift face of Chipmunk's `cpVect`.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vector(0, 0)

    public var length: Double { (x * x + y * y).squareRoot() }
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    public static func * (a: Vector, s: Double) -> Vector { Vector(a.x * s, a.y * s) }

    public var description: String { "(\(x), \(y))" }

    var cp: cpVect { cpVect(x: x, y: y) }
    init(_ v: cpVect) { self.init(v.x, v.y) }
}
