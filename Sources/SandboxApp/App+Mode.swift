import CSDL2
import WindowModel
import Editing
import Render
import CrateboxReplay
import SceneFormat

/// The one place a physics thread starts, and the one way the window changes mode.
extension App {
    /// Starts a physics thread on the mode `make` builds (on the thread);
    /// `begin`: let its clock run now (the first one waits for the window).
    static func startPhysics(_ configuration: PhysicsThread.Configuration, begin: Bool,
                             _ make: @escaping @Sendable () throws -> Timeline.Source) throws(PhysicsThread.StartFailure) -> PhysicsThread {
        let physics = try PhysicsThread(configuration: configuration, makeSource: make)
        if begin { physics.begin() }
        return physics
    }

    /// How a physics thread is set up: the window's options, and where its
    /// steps' sounds go; only the first records from the start (`--record`).
    static func configuration(_ options: Options, _ scene: Scene, recording: Bool, sound: SoundOutput?) -> PhysicsThread.Configuration {
        PhysicsThread.Configuration(options: options, sceneName: scene.name, recordsFromStart: recording, sound: sound)
    }

    /// A physics thread for the window as it is now (running at once).
    func startPhysics(for scene: Scene, _ make: @escaping @Sendable () throws -> Timeline.Source) throws(PhysicsThread.StartFailure) -> PhysicsThread {
        try App.startPhysics(App.configuration(options, scene, recording: false, sound: sound.output), begin: true, make)
    }

    static func title(_ scene: Scene, _ mode: WindowMode) -> String {
        "cratebox: \(mode.builder == nil ? "" : "build ")\(scene.name)"
    }

    /// Leaves the mode the window is in for `next`, showing `scene` (in build
    /// mode, the scene last played): the physics thread of the mode left is
    /// stopped (what it said is shown; the files it could not write are kept
    /// for the report at close), input starts afresh, the camera fits the new
    /// box (unless `keepCamera` and the box is the same size) and the title
    /// follows. `keepingHistory`: the drawn past of the session left goes before the new one's.
    func enter(_ next: WindowMode, scene: Scene, keepCamera: Bool = false, keepingHistory: Bool = false) {
        if let old = mode.physics, old !== next.physics {
            releaseSceneControls()  // journaled before the recording ends
            let end = old.stop()
            // `--watch` reloaded a live session: the old run stays in the time machine, before the new one.
            if keepingHistory, case .playing(let new) = next, let history = end.history { new.send(.keepHistory(history)) }
            if let said = end.said { hud.show(said) }
            lostBefore += end.lost
        }
        let sameBox = scene.width == self.scene.width && scene.height == self.scene.height && scene.origin == self.scene.origin
        mode = next
        self.scene = scene
        meter.newSession()
        input.reset()
        decor.trails = Trails()  // T's marks are by body index: another world's bodies are others
        bindSceneControls(scene)
        if !(keepCamera && sameBox) { looking.motion = CameraMotion(fitting: scene.fitted) }
        looking.fittedToWorld = keepCamera && sameBox
        SDL_SetWindowTitle(window.window, App.title(scene, next))
    }
}
