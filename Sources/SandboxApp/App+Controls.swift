import CSDL2
import SceneFormat
import Simulation

/// The scene's keys and buttons (its `controls`): in a live session a bound
/// key drives the scene instead of doing what it does in the sandbox; each
/// press and release is a `key` event, so a drive is recorded and replayed.
extension App {
    /// Takes an SDL event that is one of the scene's triggers going down or
    /// up; returns whether it was (and so is not the sandbox's).
    func sceneControl(_ event: SDL_Event) -> Bool {
        guard case .playing(let physics) = mode, !scene.controls.isEmpty else { return false }
        let type = SDL_EventType(event.type)
        switch type {
        case SDL_KEYDOWN, SDL_KEYUP:
            let trigger = ControlTrigger.key(String(cString: SDL_GetKeyName(event.key.keysym.sym)))
            if type == SDL_KEYUP { return release(trigger, physics) }
            // With Ctrl the key is the sandbox's (Ctrl+S saves whatever the scene binds).
            let ctrl = (event.key.keysym.mod & UInt16(KMOD_CTRL.rawValue)) != 0
            guard !ctrl, scene.controls.contains(where: { $0.trigger == trigger }) else { return false }
            if event.key.repeat == 0 { press(trigger, physics) }
            return true
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let name = SDL_GameControllerGetStringForButton(SDL_GameControllerButton(Int32(event.cbutton.button))) else { return false }
            let trigger = ControlTrigger.button(String(cString: name))
            if type == SDL_CONTROLLERBUTTONUP { return release(trigger, physics) }
            guard scene.controls.contains(where: { $0.trigger == trigger }) else { return false }
            press(trigger, physics)
            return true
        case SDL_CONTROLLERAXISMOTION:
            return stick(event.caxis, physics)
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue):
            // Keys let go of while the window is not looking would stay held.
            releaseSceneControls()
            return false
        default:
            return false
        }
    }

    /// Lets go of every trigger the window pressed (leaving a session, losing focus).
    func releaseSceneControls() {
        if case .playing(let physics) = mode {
            for trigger in pressedControls { physics.send(.event(.key(trigger, down: false))) }
        }
        pressedControls = []
    }

    /// The key names the scene binds, which the arrows and WASD then do not tilt with.
    var boundKeyNames: Set<String> {
        guard case .playing = mode else { return [] }
        return Set(scene.controls.compactMap { if case .key(let name) = $0.trigger { name } else { nil } })
    }

    private func press(_ trigger: ControlTrigger, _ physics: PhysicsThread) {
        guard !pressedControls.contains(trigger) else { return }
        pressedControls.append(trigger)
        physics.send(.event(.key(trigger, down: true)))
    }

    private func release(_ trigger: ControlTrigger, _ physics: PhysicsThread) -> Bool {
        guard pressedControls.contains(trigger) else { return false }
        pressedControls.removeAll { $0 == trigger }
        physics.send(.event(.key(trigger, down: false)))
        return true
    }

    /// The left stick as four buttons, each down while the stick is pushed
    /// more than half-way its way; when the scene binds any of them, the stick
    /// drives and does not tilt.
    private func stick(_ axis: SDL_ControllerAxisEvent, _ physics: PhysicsThread) -> Bool {
        let names = ["stickleft", "stickright", "stickup", "stickdown"]
        guard scene.controls.contains(where: { if case .button(let n) = $0.trigger { names.contains(n) } else { false } }) else { return false }
        let value = Int(axis.value), half = 16384
        let pair: (String, String)
        switch SDL_GameControllerAxis(Int32(axis.axis)) {
        case SDL_CONTROLLER_AXIS_LEFTX: pair = ("stickleft", "stickright")
        case SDL_CONTROLLER_AXIS_LEFTY: pair = ("stickup", "stickdown")  // SDL's y grows downwards
        default: return false
        }
        for (name, on) in [(pair.0, value < -half), (pair.1, value > half)] {
            let trigger = ControlTrigger.button(name)
            guard scene.controls.contains(where: { $0.trigger == trigger }) else { continue }
            if on { press(trigger, physics) } else { _ = release(trigger, physics) }
        }
        return true
    }
}
