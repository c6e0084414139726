import CSDL2
import SceneFormat

/// The scene's gamepad buttons as the window sees them: SDL events in, the
/// `key` events to send out (a trigger going down or up). The left stick is
/// four buttons, each down while the stick is pushed more than half-way its
/// way. (The scene's keyboard keys are `Keyboard`'s, with every other key.)
struct SceneButtons {
    /// The triggers the scene binds (its keys too: the help and the keyboard name them).
    let bound: [ControlTrigger]
    /// The triggers pressed here and not yet let go of.
    private(set) var pressed: [ControlTrigger] = []

    init(_ controls: [ControlBinding]) {
        var bound: [ControlTrigger] = []
        for binding in controls where !bound.contains(binding.trigger) { bound.append(binding.trigger) }
        self.bound = bound
    }

    static let stickButtons = ["stickleft", "stickright", "stickup", "stickdown"]

    /// Takes an SDL event: whether it was the scene's (and so not the
    /// sandbox's), and the key events it makes.
    mutating func handle(_ event: SDL_Event) -> (taken: Bool, changes: [(ControlTrigger, down: Bool)]) {
        guard !bound.isEmpty else { return (false, []) }
        let type = SDL_EventType(event.type)
        switch type {
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let name = SDL_GameControllerGetStringForButton(SDL_GameControllerButton(Int32(event.cbutton.button))) else { return (false, []) }
            let trigger = ControlTrigger.button(String(cString: name))
            if type == SDL_CONTROLLERBUTTONUP { return release(trigger) }
            guard bound.contains(trigger) else { return (false, []) }
            return (true, press(trigger))
        case SDL_CONTROLLERAXISMOTION:
            return stick(event.caxis)
        default:
            return (false, [])
        }
    }

    /// Lets go of everything pressed (leaving the session, losing focus).
    mutating func releaseAll() -> [(ControlTrigger, down: Bool)] {
        defer { pressed = [] }
        return pressed.map { ($0, false) }
    }

    private mutating func press(_ trigger: ControlTrigger) -> [(ControlTrigger, down: Bool)] {
        guard !pressed.contains(trigger) else { return [] }
        pressed.append(trigger)
        return [(trigger, true)]
    }

    private mutating func release(_ trigger: ControlTrigger) -> (taken: Bool, changes: [(ControlTrigger, down: Bool)]) {
        guard pressed.contains(trigger) else { return (false, []) }
        pressed.removeAll { $0 == trigger }
        return (true, [(trigger, false)])
    }

    /// When the scene binds any of the stick's directions, the stick drives and does not tilt.
    private mutating func stick(_ axis: SDL_ControllerAxisEvent) -> (taken: Bool, changes: [(ControlTrigger, down: Bool)]) {
        guard bound.contains(where: { if case .button(let n) = $0 { SceneButtons.stickButtons.contains(n) } else { false } }) else { return (false, []) }
        let value = Int(axis.value), half = 16384
        let pair: (String, String)
        switch SDL_GameControllerAxis(Int32(axis.axis)) {
        case SDL_CONTROLLER_AXIS_LEFTX: pair = ("stickleft", "stickright")
        case SDL_CONTROLLER_AXIS_LEFTY: pair = ("stickup", "stickdown")  // SDL's y grows downwards
        default: return (false, [])
        }
        var changes: [(ControlTrigger, down: Bool)] = []
        for (name, on) in [(pair.0, value < -half), (pair.1, value > half)] {
            let trigger = ControlTrigger.button(name)
            guard bound.contains(trigger) else { continue }
            changes += on ? press(trigger) : release(trigger).changes
        }
        return (true, changes)
    }
}
