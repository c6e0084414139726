#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Controls
import Physics
import Render
import Replay
import SceneFormat
import Simulation

/// The interactive window: the seed's loop (a display-synced frame, a fixed
/// 1/120 s step from an accumulator, drawing interpolated between steps) with
/// every input turned into a World event. Its parts: the `Mode` (live or
/// watching), `Input` (SDL events to commands), the `HUD`, `Captures`
/// (screenshots, scene saves, recordings) and the `AppWindow`.
public final class App {
    public struct Options {
        public var windowWidth = 1280
        public var windowHeight = 720
        public var screenshotDirectory = "."
        /// Record from the start to this journal.
        public var recordPath: String?
        public init() {}
    }

    /// Time scales offered by - and +.
    static let timeScales = [0.125, 0.25, 0.5, 1, 2]

    let options: Options
    let scene: Scene
    let mode: Mode
    var world: World {
        let world = mode.world
        world.keepsPreviousPoses = true  // the picture is drawn between steps (a seek makes a new World)
        return world
    }
    let captures: Captures
    var input = Input()
    var hud = HUD()
    var clock = FixedStepClock()
    var cameraMotion: CameraMotion
    var timeScaleIndex = 3
    var paused = false
    var stepOnce = false
    var debug = false
    var screenshotRequested = false
    var stepsLastFrame = 0
    var fps = 0.0
    /// Set while the window is open.
    var window: AppWindow!

    public convenience init(scene: Scene, sceneText: String, sceneFile: String, options: Options) throws(PhysicsError) {
        try self.init(.live(Session(scene: scene, sceneText: sceneText, sceneFile: sceneFile)), scene: scene, options: options)
    }

    public convenience init(replay: Replay, options: Options) throws(PhysicsError) {
        try replay.rewind()
        try self.init(.watching(Watching(replay)), scene: replay.scene, options: options)
    }

    private init(_ mode: Mode, scene: Scene, options: Options) throws(PhysicsError) {
        self.mode = mode
        self.scene = scene
        self.options = options
        captures = Captures(directory: options.screenshotDirectory, sceneName: scene.name)
        cameraMotion = CameraMotion(worldWidth: scene.width, worldHeight: scene.height)
    }

    /// Opens the window and runs until the user quits. Throws `.noDisplay`
    /// when there is no display to open a window on, and `.cannotWrite` when
    /// the window closes after a file the user asked for (a recording, a
    /// screenshot, a saved scene) could not be written: one line per file.
    public func run() throws(RenderError) {
        // A recording that cannot be written is an error before any window opens.
        if let path = options.recordPath, let session = mode.session {
            do { try session.startRecording(to: path) } catch { throw RenderError("cannot record: \(error)", kind: .cannotWrite) }
        }
        do {
            window = try AppWindow(title: "cratebox: \(scene.name)", width: options.windowWidth, height: options.windowHeight)
        } catch {
            // No window after all: the journal already begun is ended (step 0), not left without its end line.
            if let session = mode.session { _ = captures.stopRecording(session) }
            throw error
        }
        loop()
        window = nil
        if let session = mode.session, let said = captures.stopRecording(session) { hud.show(said) }
        let lost = captures.lostFiles(mode.session)
        if !lost.isEmpty { throw RenderError(lost.joined(separator: "\n"), kind: .cannotWrite) }
    }

    /// One frame after another until the user quits.
    private func loop() {
        if let path = options.recordPath { hud.show("recording to \(path)") }
        if mode.watching != nil { hud.show("watching a replay: Space plays, Left/Right jump a second, Home/End, click the timeline", seconds: 6) }
        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = SDL_GetPerformanceCounter()
        var pacer = FramePacer()
        var first = true
        while true {
            let now = SDL_GetPerformanceCounter()
            // The first frame's duration is the window opening, not play time.
            let frame = first ? 0 : Double(now - last) / frequency
            first = false
            last = now
            fps += ((frame > 0 ? 1 / frame : 0) - fps) * 0.05
            cameraMotion.advance(by: frame)
            guard handleInput(frame: frame) else { return }
            let physicsStart = SDL_GetPerformanceCounter()
            let steps = stepsThisFrame(frame)
            runSteps(steps)
            let physics = Double(SDL_GetPerformanceCounter() - physicsStart) / frequency
            if steps > 0 { clock.record(physics: physics, steps: steps, frame: max(frame, 1e-6)) }
            stepsLastFrame = steps
            // When physics takes more than half of real time, draw every other
            // display frame (the seed's rule) instead of stalling.
            if !pacer.shouldDraw(halve: clock.shouldHalveFrameRate && !paused) {
                SDL_Delay(UInt32(1000 / max(window.refreshRate, 30)))
                continue
            }
            draw(alpha: paused ? 1 : clock.accumulator / clock.stepDuration)
        }
    }

    /// Whole steps from the accumulator, at the time scale; one when stepping while paused.
    private func stepsThisFrame(_ frame: Double) -> Int {
        defer { stepOnce = false }
        if paused {
            clock = FixedStepClock(maxFrameDuration: clock.maxFrameDuration)
            return stepOnce ? 1 : 0
        }
        return clock.advance(by: frame * App.timeScales[timeScaleIndex]).steps
    }

    private func runSteps(_ steps: Int) {
        for _ in 0..<steps {
            switch mode {
            case .watching(let watching):
                guard world.stepCount < watching.replay.lastStep else {
                    if !paused && !watching.endShown { hud.show("end of the replay (step \(watching.replay.lastStep))") }
                    watching.endShown = true
                    paused = true
                    return
                }
                if let problem = watching.replay.advance() { return report(problem, watching) }
            case .live(let session):
                let wasRecording = session.isRecording
                do {
                    try session.step()
                } catch {
                    hud.show("physics stopped: \(error)")
                    paused = true
                    return
                }
                if wasRecording, !session.isRecording, let failure = session.recordingFailure {
                    hud.show("recording stopped: \(failure.error)", seconds: 8)
                }
            }
        }
    }

    private func report(_ problem: Replay.Outcome, _ watching: Watching) {
        if case .verified = problem { return }
        let said = watching.replay.report(problem)
        watching.problem = said
        print(said)  // shown in the HUD's replay lines, and printed once
        paused = true
    }

    func seek(to step: Int) {
        guard let watching = mode.watching else { return }
        watching.endShown = false
        do {
            if let problem = try watching.replay.seek(to: max(0, min(step, watching.replay.lastStep))) { report(problem, watching) }
        } catch {
            hud.show("cannot rebuild the scene: \(error)")
        }
        clock = FixedStepClock()
    }
}
