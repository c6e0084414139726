import CrateboxGeometry

/// What drives a binding: a key of the keyboard or a gamepad button, by the
/// names SDL gives them (docs/scene-format.md, section 14.2).
public enum ControlTrigger: Hashable, Sendable, CustomStringConvertible {
    /// A key, by SDL's key name ("Right", "A", "Space").
    case key(String)
    /// A gamepad button, by SDL's button name ("a", "dpleft"), or the left
    /// stick pushed more than half-way ("stickleft").
    case button(String)

    /// The key's or button's name.
    public var name: String {
        switch self {
        case .key(let n), .button(let n): n
        }
    }

    /// The name as the window shows it: a key as it is, a button as "pad a".
    public var description: String {
        switch self {
        case .key(let n): n
        case .button(let n): "pad \(n)"
        }
    }

    /// The keys a scene may bind. Escape and the function keys stay the window's.
    public static let keyNames: [String] =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        + (0...9).map { "\($0)" }
        + ["Left", "Right", "Up", "Down", "Space", "Return", "Tab", "Backspace", "Delete", "Insert",
           "Home", "End", "PageUp", "PageDown", "Left Shift", "Right Shift", "Left Ctrl", "Right Ctrl",
           "Left Alt", "Right Alt"]
        + (0...9).map { "Keypad \($0)" }

    /// The gamepad buttons a scene may bind (SDL's names), and the left stick's four directions.
    public static let buttonNames = ["a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick",
                                     "leftshoulder", "rightshoulder", "dpup", "dpdown", "dpleft", "dpright",
                                     "stickleft", "stickright", "stickup", "stickdown"]
}

/// A key or button bound to something in the scene that it drives while held
/// (the scene's `controls`; what each action does is normative: section 14.3).
public struct ControlBinding: Equatable, Sendable {
    /// What the binding does while its trigger is held.
    public enum Action: Equatable, Sendable {
        /// The motor joint (by index into `Scene.joints`) turns at `rate` with
        /// `maxForce` (nil: the joint's own).
        case motor(joint: Int, rate: Double, maxForce: Double?)
        /// A force in the body's own axes, applied at a point on it (body-local) before every step.
        case thruster(body: Int, force: Vector, at: Vector)
        /// The kinematic body moves at this velocity (in its own axes when
        /// `local`) and spin; several held servos of one body add up.
        case servo(body: Int, velocity: Vector, angularVelocity: Double, local: Bool)
        /// The slide joint's `max` changes by `speed` points per second,
        /// within the joint's `min` and its `max` in the file.
        case winch(joint: Int, speed: Double)
        /// Nothing of its own: the trigger only reaches the scene's script (`world:isDown`).
        case script

        /// The same action on renumbered bodies and joints (their new index,
        /// or nil when the one it drives is gone: then the binding goes too).
        public func renumbered(body newBody: (Int) -> Int?, joint newJoint: (Int) -> Int?) -> Action? {
            switch self {
            case .motor(let j, let rate, let force): newJoint(j).map { .motor(joint: $0, rate: rate, maxForce: force) }
            case .winch(let j, let speed): newJoint(j).map { .winch(joint: $0, speed: speed) }
            case .thruster(let b, let force, let at): newBody(b).map { .thruster(body: $0, force: force, at: at) }
            case .servo(let b, let v, let w, let local): newBody(b).map { .servo(body: $0, velocity: v, angularVelocity: w, local: local) }
            case .script: .script
            }
        }

        /// The body it acts on, for a thruster or a servo.
        public var body: Int? {
            switch self {
            case .thruster(let b, _, _), .servo(let b, _, _, _): b
            case .motor, .winch, .script: nil
            }
        }

        /// The joint it acts on, for a motor or a winch.
        public var joint: Int? {
            switch self {
            case .motor(let j, _, _), .winch(let j, _): j
            case .thruster, .servo, .script: nil
            }
        }
    }

    /// The key or button.
    public var trigger: ControlTrigger
    /// What it drives.
    public var action: Action
    /// What the window calls it ("drive"); nil: named after its action.
    public var label: String?

    /// A binding of `trigger` to `action`.
    public init(trigger: ControlTrigger, action: Action, label: String? = nil) {
        self.trigger = trigger
        self.action = action
        self.label = label
    }

    /// The label, or a word for the action.
    public var shownLabel: String {
        if let label { return label }
        switch action {
        case .motor: return "motor"
        case .thruster: return "thrust"
        case .servo: return "move"
        case .winch(_, let speed): return speed < 0 ? "wind in" : "wind out"
        case .script: return "script"
        }
    }
}

extension Scene {
    /// The bindings with their bodies and joints renumbered (`renumbered`);
    /// those whose body or joint is gone are left out.
    public func renumberedControls(body newBody: (Int) -> Int?, joint newJoint: (Int) -> Int?) -> [ControlBinding] {
        controls.compactMap { binding in
            binding.action.renumbered(body: newBody, joint: newJoint).map {
                ControlBinding(trigger: binding.trigger, action: $0, label: binding.label)
            }
        }
    }

    /// Gives an id to every body and joint a binding names that has none
    /// (`body7`, `joint3`, the first free), so that the scene can be written:
    /// bindings name what they drive by id.
    public mutating func nameControlTargets() {
        var bodyIds = Set(bodies.compactMap(\.id))  // membership only; never iterated
        var jointIds = Set(joints.compactMap(\.id))
        for binding in controls {
            // (A binding of a body or joint that is not there is the checks' to refuse.)
            if let i = binding.action.body, bodies.indices.contains(i), bodies[i].id == nil {
                var n = i
                while bodyIds.contains("body\(n)") { n += 1 }
                bodies[i].id = "body\(n)"
                bodyIds.insert("body\(n)")
            }
            if let i = binding.action.joint, joints.indices.contains(i), joints[i].id == nil {
                var n = i
                while jointIds.contains("joint\(n)") { n += 1 }
                joints[i].id = "joint\(n)"
                jointIds.insert("joint\(n)")
            }
        }
    }
}

extension Scene {
    /// The kind of binding ("thruster" or "servo") of the scene's controls that drives body
    /// `index`, the first in the file; nil when none does. Such a body keeps its type (body:setType).
    public func driver(of index: Int) -> String? {
        for binding in controls {
            switch binding.action {
            case .thruster(index, _, _): return "thruster"
            case .servo(index, _, _, _): return "servo"
            default: continue
            }
        }
        return nil
    }

    /// Whether a binding of the scene's controls drives body `index` (`driver(of:)`).
    public func drives(body index: Int) -> Bool { driver(of: index) != nil }
}
