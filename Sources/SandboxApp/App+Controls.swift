import CSDL2
import Render
import SceneFormat
import Simulation
import WindowModel

/// The scene's keys and buttons (its `controls`) in a live session: a bound
/// key drives the scene instead of doing what it does in the sandbox; each
/// press and release is a `key` event, so a drive is recorded and replayed.
/// Which key is whose is `Keyboard`'s decision; the gamepad's buttons are `SceneButtons`'.
extension App {
    /// Takes an SDL event that is one of the scene's gamepad triggers going
    /// down or up; returns whether it was (and so is not the sandbox's).
    func sceneButton(_ event: SDL_Event) -> Bool {
        guard case .playing(let physics) = mode else { return false }
        let (taken, changes) = sceneButtons.handle(event)
        for (trigger, down) in changes { physics.send(.event(.key(trigger, down: down))) }
        return taken
    }

    /// Lets go of every key and trigger the window pressed (leaving a session, losing focus).
    func releaseSceneControls() {
        let keys = keyboard.releaseAll().map { (ControlTrigger.key($0), false) }
        let buttons = sceneButtons.releaseAll()
        if case .playing(let physics) = mode {
            for (trigger, down) in keys + buttons { physics.send(.event(.key(trigger, down: down))) }
        }
    }

    /// The keyboard and the scene's buttons for `scene`, nothing held.
    func bindSceneControls(_ scene: Scene) {
        sceneButtons = SceneButtons(scene.controls)
        keyboard = Keyboard(sceneKeys: App.keyNames(scene.controls))
    }

    /// The keys a script that defines `keypressed` or `keyreleased` takes: all a scene may bind (scene-format.md 16.13).
    static let scriptKeyNames = Set(ControlTrigger.keyNames)

    /// The keyboard follows the world's script: while it takes keys, every key a scene may bind is the scene's.
    func followScriptKeys(_ drawn: DrawnWorld) {
        let keys = drawn.scriptTakesKeys ? App.scriptKeyNames : []
        if keyboard.scriptKeys != keys { keyboard.scriptKeys = keys }
    }

    /// The key names the scene binds, which the arrows and WASD then do not tilt with.
    static func keyNames(_ controls: [ControlBinding]) -> Set<String> {
        Set(controls.compactMap { if case .key(let name) = $0.trigger { name } else { nil } })
    }
}
