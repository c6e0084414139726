#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import WindowModel
import Animation
import Editing
import CrateboxGeometry
import Render
import CrateboxReplay
import SceneFormat
import Simulation

/// The interactive window. Physics runs on its own thread (`PhysicsThread`:
/// the seed's fixed 1/120 s steps from an accumulator, against real time);
/// this thread handles SDL input, turns it into requests, draws the newest
/// drawn world between its last two steps and presents, at the display's rate,
/// never waiting for a step. Its parts: `Input` (SDL events to commands), the
/// `HUD`, `Captures` (screenshots here; scene saves and recordings on the
/// physics thread) and the `AppWindow`.
public final class App {
    public struct Options: Sendable {
        public var windowWidth = 1280
        public var windowHeight = 720
        public var screenshotDirectory = "."
        /// Record from the start to this journal.
        public var recordPath: String?
        /// The time machine's bounds and the recording's keyframes.
        public var timeMachine = TimeMachineSettings()
        /// The scene's file, for PageDown/PageUp and `--watch`.
        public var scenePath: String?
        /// Reload the scene when its file changes.
        public var watch = false
        /// Reveal each scene opened through the seed's splash (off: `--no-splash`, `CRATEBOX_NO_SPLASH`).
        public var splash = true
        /// Build mode: a file of unsaved edits of the document from an earlier
        /// session, offered back (Ctrl+R).
        public var recoveryPath: String?
        /// Close the window after this many seconds with no input, and keep the
        /// figures `bench --window` reports.
        public var benchSeconds: Double?
        /// Play what the physics sounds like (off: `--no-sound`, `CRATEBOX_NO_SOUND`; or no device).
        public var sound = true
        /// Write each sound's step, due time, buffer time and frame here when the window closes (`CRATEBOX_SOUND_LOG`).
        public var soundLog: String?
        /// Write the count of frames drawn here a few times a second (`CRATEBOX_HEARTBEAT`; tests and the soak).
        public var heartbeat: String?
        public init() {}
    }

    let options: Options
    /// Playing, watching or building: one value (`enter` switches it).
    var mode: WindowMode
    /// The scene played (in build mode, the document's at the last Play).
    var scene: Scene
    /// The scene file shown, and its watch.
    var opened = OpenedFile()
    /// The camera and the layout last drawn.
    var looking: Looking
    /// What is drawn over the world: trails, rings, the reveal, graphs, debug drawing.
    var decor = Decorations()
    /// The document of the last Build, kept through Play (with its undo).
    var document: Document?
    /// Unsaved edits from an earlier session, offered back in build mode.
    var recovery = RecoveryFile()
    /// Writes the recovery file as the edits go on, off this thread (nil: no thread could be started).
    let recoveryWriter = RecoveryWriter()
    /// Files that could not be written by physics threads stopped on the way (Build, another file).
    var lostBefore: [String] = []
    let captures: Captures
    let window: AppWindow
    var input = Input()
    /// The keyboard (which decides whose each key is) and the scene's gamepad buttons, and what the window has pressed.
    var keyboard = Keyboard()
    var sceneButtons = SceneButtons([])
    var hud = HUD()
    var screenshotRequested = false
    /// Backspace held: how fast it runs through the past (`Scrubbing`).
    var scrubbing = Scrubbing()
    /// The frame rate, "physics is behind" said once, and the benchmark's figures.
    var meter = FrameMeter()
    /// The sound device, or why the window is silent.
    var sound: WindowSound

    /// How an app begins: a live session or a replay (each made on its physics thread), or build mode.
    private enum Start {
        case play(@Sendable () throws -> Timeline.Source)
        case watch(@Sendable () throws -> Timeline.Source)
        case build(Document)
    }

    /// A live session of a scene, as loaded.
    public convenience init(_ loaded: LoadedScene, options: Options) throws(WindowError) {
        try self.init(scene: loaded.scene, options: options, .play {
            .live(try Session(loaded))
        })
    }

    /// Continues a saved moment (`cratebox/state@1`, already read and
    /// checked), restored on the physics thread, which owns the world.
    public convenience init(restoring state: LoadedState, options: Options) throws(WindowError) {
        try self.init(scene: state.scene.scene, options: options, .play {
            .live(try Session(restoring: try state.restore()))
        })
    }

    /// Opens `document` in build mode.
    public convenience init(building document: Document, options: Options) throws(WindowError) {
        try self.init(scene: document.scene, options: options, .build(document))
        self.document = document
    }

    /// Watches a journal (already read and checked) in the window.
    public convenience init(replaying journal: Journal, scene: Scene, file: String, options: Options) throws(WindowError) {
        try self.init(scene: scene, options: options, .watch {
            let replay = try Replay(journal: journal, file: file)
            try replay.rewind()
            return .replay(replay)
        })
    }

    /// Starts the physics thread (a world that cannot be built, or a recording
    /// that cannot be written, is an error before any window opens), then
    /// opens the window. Throws `.noDisplay` when there is no display.
    private init(scene: Scene, options: Options, _ start: Start) throws(WindowError) {
        self.scene = scene
        self.options = options
        sceneButtons = SceneButtons(scene.controls)
        keyboard = Keyboard(sceneKeys: App.keyNames(scene.controls))
        captures = Captures(directory: options.screenshotDirectory, sceneName: scene.name)
        recovery.path = options.recoveryPath
        opened = OpenedFile(path: options.scenePath, script: scene.script, watching: options.watch)
        looking = Looking(motion: CameraMotion(fitting: scene.fitted))
        sound = WindowSound(options)
        do {
            switch start {
            case .build(var document):
                document.scriptChoices = App.scripts(beside: options.scenePath ?? document.file)
                mode = .building(Builder(document: document))
            case .play(let make): mode = .playing(try App.startPhysics(App.configuration(options, scene, recording: true, sound: sound.output), begin: false, make))
            case .watch(let make): mode = .watching(try App.startPhysics(App.configuration(options, scene, recording: false, sound: sound.output), begin: false, make))
            }
        } catch {
            throw WindowError(error.message, kind: error.cannotWrite ? .cannotWrite : .other)
        }
        do {
            window = try AppWindow(title: App.title(scene, mode), width: options.windowWidth, height: options.windowHeight)
        } catch {
            // No window after all: the journal already begun is ended (step 0), not left without its end line.
            _ = mode.physics?.stop()
            throw error
        }
        sound.start()
    }

    /// Runs until the user quits, then closes the window. Throws
    /// `.cannotWrite` when a file the user asked for (a recording, a
    /// screenshot, a saved scene, unsaved edits) could not be written: one line per file.
    public func run() throws(WindowError) {
        mode.physics?.begin()
        startSplash()
        loop()
        keepUnsavedEdits()
        recoveryWriter?.stop()
        let end = mode.physics?.stop() ?? (said: nil, lost: [], scene: nil, history: nil)
        let soundLost = sound.close(writingTraceTo: options.soundLog)
        window.close()
        if let said = end.said { hud.show(said) }
        let lost = lostBefore + end.lost + captures.lost + soundLost
        if !lost.isEmpty { throw WindowError(lost.joined(separator: "\n"), kind: .cannotWrite) }
    }

    /// One frame after another until the user quits (or the benchmark's time is up).
    private func loop() {
        if let path = options.recordPath { hud.show("recording to \(path)") }
        if let said = sound.said { hud.show(said) }
        if let file = currentDocument?.file, let offer = recovery.offer(for: file) { hud.show(offer, seconds: 10) }
        if mode.isWatching { hud.show("watching a replay: Space plays, Left/Right jump a second, Home/End, click the timeline", seconds: 6) }
        // Without vsync (a virtual display) frames are paced to the display's rate here.
        let frameTime = 1 / Double(max(window.refreshRate, 30))
        let start = Monotonic.now
        var last = start
        var first = true
        var heartbeat = options.heartbeat.map(Heartbeat.init)
        while true {
            let frameStart = Monotonic.now
            heartbeat?.beat(now: frameStart)
            // The first frame's duration is the window opening, not play time.
            let frame = first ? 0 : frameStart - last
            first = false
            last = frameStart
            meter.frame(frame)
            looking.motion.advance(by: frame)
            guard handleInput(frame: frame) else { return }
            followEdits(now: frameStart)
            switch mode {
            case .building(let builder):
                drawBuild(builder, now: frameStart)
            case .playing(let physics), .watching(let physics):
                reloadIfChanged(now: frameStart)
                for message in physics.takeMessages() { hud.show(message.text, seconds: message.seconds) }
                let published = physics.latest
                if !looking.fittedToWorld {
                    // The first world drawn: fitted with what its script made too (15.6).
                    looking.fittedToWorld = true
                    looking.motion = CameraMotion(fitting: published.drawn.fitted())
                }
                if meter.fellBehind(published.status) {
                    hud.show("physics is behind: the simulation runs slower than real time (the window does not)", seconds: 6)
                }
                let drawStart = Monotonic.now
                draw(published, now: drawStart)
                moveListener(following: published.status)
                meter.figures.frame(interval: frame, drawing: Monotonic.now - drawStart, status: published.status, sound: sound.output?.figures,
                                    since: frameStart - start)
                if let seconds = options.benchSeconds, Monotonic.now - start >= seconds {
                    meter.figures.finish(physics.latest.status, sound: sound.output?.figures)
                    return
                }
            }
            let spent = Monotonic.now - frameStart
            if spent < frameTime - 0.001 { SDL_Delay(UInt32((frameTime - spent) * 1000)) }
        }
    }

    /// What `bench window` reports, once the window has closed.
    public var windowFigures: WindowFigures? { meter.figures.result }
}
