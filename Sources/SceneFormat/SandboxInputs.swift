/// Which of the sandbox's own inputs a scene leaves on (`"sandbox"`, section
/// 16.14): a game turns off what it does not want, and what the sandbox
/// leaves goes to the script's input functions. All on by default.
public struct SandboxInputs: Equatable, Sendable {
    /// A left click on empty space adds the spawn body (`spawn` events).
    public var spawn = true
    /// A left press on a dynamic body takes hold of it (`grab` events).
    public var grab = true
    /// A right click removes the body clicked (`remove` events).
    public var delete = true
    /// A right-button drag cuts (`slice` events).
    public var knife = true
    /// X and a click is an explosion (`explode` events).
    public var explode = true
    /// Keys, a gamepad's stick and its accelerometer tilt the box (`tilt` events).
    public var tilt = true

    /// Every input on (`"sandbox": true`, the default).
    public init() {}

    /// Every input set to `on` (`"sandbox": false` is all off).
    public init(all on: Bool) {
        (spawn, grab, delete, knife, explode, tilt) = (on, on, on, on, on, on)
    }

    /// The names of the inputs, in the order the format lists them.
    public static let names = ["spawn", "grab", "delete", "knife", "explode", "tilt"]

    /// The input named `name` (one of `names`).
    public subscript(name: String) -> Bool {
        get {
            switch name {
            case "spawn": spawn
            case "grab": grab
            case "delete": delete
            case "knife": knife
            case "explode": explode
            default: tilt
            }
        }
        set {
            switch name {
            case "spawn": spawn = newValue
            case "grab": grab = newValue
            case "delete": delete = newValue
            case "knife": knife = newValue
            case "explode": explode = newValue
            default: tilt = newValue
            }
        }
    }

    /// The names of those turned off, in order.
    public var off: [String] { SandboxInputs.names.filter { !self[$0] } }
}
