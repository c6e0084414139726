/// One of the sandbox's own inputs, which a scene may turn off (`"sandbox"`,
/// section 16.14), by the name the format gives it.
public enum SandboxInput: String, CaseIterable, Sendable {
    /// A left click on empty space adds the spawn body (`spawn` events).
    case spawn
    /// A left press on a dynamic body takes hold of it (`grab` events).
    case grab
    /// A right click removes the body clicked (`remove` events).
    case delete
    /// A right-button drag cuts (`slice` events).
    case knife
    /// X and a click is an explosion (`explode` events).
    case explode
    /// Keys, a gamepad's stick and its accelerometer tilt the box (`tilt` events).
    case tilt
}

/// Which of the sandbox's own inputs a scene leaves on: a game turns off what
/// it does not want, and what the sandbox leaves goes to the script's input
/// functions. All on by default.
public struct SandboxInputs: Equatable, Sendable {
    /// The inputs turned off, in the format's order (`SandboxInput.allCases`).
    public private(set) var off: [SandboxInput] = []

    /// Every input on (`"sandbox": true`, the default).
    public init() {}

    /// Every input on, or every one off (`"sandbox": false`).
    public init(all on: Bool) {
        off = on ? [] : SandboxInput.allCases
    }

    /// Whether `input` is on.
    public subscript(_ input: SandboxInput) -> Bool {
        get { !off.contains(input) }
        set { off = SandboxInput.allCases.filter { $0 == input ? !newValue : off.contains($0) } }
    }

    /// Whether every input is off.
    public var allOff: Bool { off.count == SandboxInput.allCases.count }

    /// Whether spawning is on.
    public var spawn: Bool { self[.spawn] }
    /// Whether grabbing is on.
    public var grab: Bool { self[.grab] }
    /// Whether deleting is on.
    public var delete: Bool { self[.delete] }
    /// Whether the knife is on.
    public var knife: Bool { self[.knife] }
    /// Whether explosions are on.
    public var explode: Bool { self[.explode] }
    /// Whether tilting is on.
    public var tilt: Bool { self[.tilt] }
}
