import Animation
import CrateboxGeometry
import SceneFormat

/// An input to the world. Every input (a key, a drag, a gamepad, a replay line,
/// a test) becomes one of these and is applied between steps, never inside one.
/// Bodies are named by construction index (file order, then spawn order),
/// never by pointer, so a recorded event means the same body everywhere.
public enum Event: Equatable, Sendable {
    /// An accelerometer reading in g: gravity becomes |scene gravity| * (x, y).
    case tilt(x: Double, y: Double)
    /// Adds the scene's spawn body with its origin at (x, y).
    case spawn(x: Double, y: Double)
    /// Takes hold of a dynamic body at a world point, as a mouse does.
    case grab(body: Int, x: Double, y: Double)
    /// Moves the hand holding the grabbed body to a world point.
    case drag(x: Double, y: Double)
    /// Lets go of the grabbed body, which keeps its velocity (a throw).
    case release
    /// Removes a body from the world.
    case remove(body: Int)
    /// Rebuilds the world from its scene (tilt and spawned bodies are gone; held keys stay held).
    case reset
    /// A key or button of the scene's `controls` goes down or comes up.
    case key(ControlTrigger, down: Bool)
    /// The knife: cuts every polygon body the line from `a` to `b` crosses into two.
    case slice(a: Vector, b: Vector)
    /// Pushes the dynamic bodies within `radius` of (x, y) away from it.
    case explode(x: Double, y: Double, radius: Double, impulse: Double)
    /// The pointer moved to a world point (a scripted scene's `world:pointer()`).
    case pointer(x: Double, y: Double)
    /// A mouse button went down (or up) at a world point, for a scene's script:
    /// the pointer goes there, the script's `mousepressed` (`mousereleased`)
    /// is called before the coming step, and after a right button's press
    /// `world:clicked()` is true in that step.
    case click(x: Double, y: Double, button: MouseButton = .right, down: Bool = true)
}

extension Event {
    /// The sandbox's input this event is, which a scene may turn off (`"sandbox"`, 16.14): nil for the rest.
    public var sandboxInput: SandboxInput? {
        switch self {
        case .spawn: .spawn
        case .grab: .grab
        case .remove: .delete
        case .slice: .knife
        case .explode: .explode
        case .tilt: .tilt
        case .drag, .release, .reset, .key, .pointer, .click: nil
        }
    }
}

/// A mouse button, as a `click` event and a script name it.
public enum MouseButton: String, Equatable, Sendable, CaseIterable {
    /// The left button (the sandbox's spawn and grab, unless a scene turns them off).
    case left
    /// The right button (the sandbox's delete and knife, unless a scene gives it to its script).
    case right
    /// The middle button (the window pans with it; a journal may carry it for a script).
    case middle
}

/// An event the world refuses (it would make Chipmunk assert, or is absurd).
public struct WorldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the event, in one line.
    public var message: String
    /// An error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// A key or mouse event as a scene's script is given it (16.13).
enum ScriptInput: Equatable {
    /// A key (by SDL's name) went down or up.
    case key(String, down: Bool)
    /// A mouse button went down or up at a world point.
    case mouse(Vector, button: MouseButton, down: Bool)
}
