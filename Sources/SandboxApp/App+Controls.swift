import CSDL2
import SceneFormat
import Simulation

/// The scene's keys and buttons (its `controls`) in a live session: a bound
/// key drives the scene instead of doing what it does in the sandbox; each
/// press and release is a `key` event, so a drive is recorded and replayed.
extension App {
    /// Takes an SDL event that is one of the scene's triggers going down or
    /// up; returns whether it was (and so is not the sandbox's).
    func sceneControl(_ event: SDL_Event) -> Bool {
        guard case .playing(let physics) = mode else { return false }
        if SDL_EventType(event.type) == SDL_WINDOWEVENT && event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue) {
            // Keys let go of while the window is not looking would stay held.
            releaseSceneControls()
            return false
        }
        let (taken, changes) = sceneKeys.handle(event)
        for (trigger, down) in changes { physics.send(.event(.key(trigger, down: down))) }
        return taken
    }

    /// Lets go of every trigger the window pressed (leaving a session, losing focus).
    func releaseSceneControls() {
        let changes = sceneKeys.releaseAll()
        if case .playing(let physics) = mode {
            for (trigger, down) in changes { physics.send(.event(.key(trigger, down: down))) }
        }
    }

    /// The key names the scene binds, which the arrows and WASD then do not tilt with.
    var boundKeyNames: Set<String> {
        guard case .playing = mode else { return [] }
        return Set(sceneKeys.bound.compactMap { if case .key(let name) = $0 { name } else { nil } })
    }
}
