/// An input to the world. Every input (a key, a drag, a gamepad, a replay line,
/// a test) becomes one of these and is applied between steps, never inside one.
public enum Event: Equatable, Sendable {
    /// An accelerometer reading in g: gravity becomes |scene gravity| * (x, y).
    case tilt(x: Double, y: Double)
    /// Adds the scene's spawn body with its origin at (x, y).
    case spawn(x: Double, y: Double)
}

/// An event the world refuses (it would make Chipmunk assert, or is absurd).
public struct WorldError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
