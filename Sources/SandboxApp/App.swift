#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Controls
import Animation
import Editing
import Geometry
import Render
import Replay
import SceneFormat
import Simulation

/// The interactive window. Physics runs on its own thread (`PhysicsThread`:
/// the seed's fixed 1/120 s steps from an accumulator, against real time);
/// this thread handles SDL input, turns it into requests, draws the newest
/// snapshot between its last two steps and presents, at the display's rate,
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
        /// The most memory the time machine's history may take, in bytes.
        public var historyBudget = History.defaultBudget
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
        public init() {}
    }

    let options: Options
    /// The scene played (in build mode, the document's at the last Play).
    var scene: Scene
    var watching: Bool
    /// The scene's file (nil for the built-in scene), for PageDown/PageUp and --watch.
    var scenePath: String?
    /// Why the last file opened (or reloaded) could not be, shown until one opens.
    var problems: [String] = []
    var fileWatch: FileWatch?
    /// The scene's reveal while it runs: when it began (at the first frame drawn, nil before).
    var splash: (began: Double?, track: KeyframeTrack<Point2>)?
    /// When the watched file last changed, until it is reloaded.
    var changedAt: Double?
    private let makeMode: @Sendable () throws -> Mode
    /// The live graphs (F3), while they are on.
    var graphs: LiveGraphs?
    /// Build mode, while it is on.
    var builder: Builder?
    /// The document of the last Build, kept through Play (with its undo).
    var document: Document?
    /// Unsaved edits from an earlier session, offered back in build mode, and whether they were taken.
    var recoveryPath: String?
    var recovered = false
    /// Files that could not be written by physics threads stopped for Build.
    var lostBefore: [String] = []
    let captures: Captures
    var input = Input()
    var hud = HUD()
    var cameraMotion: CameraMotion
    var debug = false
    var screenshotRequested = false
    var fps = 0.0
    /// When Backspace went down, while it is held.
    var scrubbingSince: Double?
    /// Whether the HUD said that physics cannot keep up (once).
    var saidBehind = false
    /// Set while the window is open.
    var window: AppWindow!
    var physics: PhysicsThread!
    /// Frame intervals and drawing times, when benchmarking.
    var figures = FrameFigures()

    public convenience init(scene: Scene, sceneText: String, sceneFile: String, options: Options) {
        self.init(scene: scene, watching: false, options: options) {
            .live(try Session(scene: scene, sceneText: sceneText, sceneFile: sceneFile))
        }
    }

    /// Opens `document` in build mode.
    public convenience init(building document: Document, options: Options) {
        self.init(scene: document.scene, watching: false, options: options) {
            .live(try Session(scene: document.scene, sceneText: document.scene.json(), sceneFile: document.file))
        }
        self.document = document
        builder = Builder(document: document)
    }

    /// Watches a journal (already read and checked) in the window.
    public convenience init(replaying journal: Journal, scene: Scene, file: String, options: Options) {
        self.init(scene: scene, watching: true, options: options) {
            let replay = try Replay(journal: journal, file: file)
            try replay.rewind()
            return .watching(Watching(replay))
        }
    }

    private init(scene: Scene, watching: Bool, options: Options, makeMode: @escaping @Sendable () throws -> Mode) {
        self.scene = scene
        self.watching = watching
        self.options = options
        self.makeMode = makeMode
        captures = Captures(directory: options.screenshotDirectory, sceneName: scene.name)
        scenePath = options.scenePath
        recoveryPath = options.recoveryPath
        if options.watch, let path = options.scenePath { fileWatch = FileWatch(path: path) }
        cameraMotion = CameraMotion(worldWidth: scene.width, worldHeight: scene.height)
    }

    /// Opens the window and runs until the user quits. Throws `.noDisplay`
    /// when there is no display to open a window on, and `.cannotWrite` when
    /// the window closes after a file the user asked for (a recording, a
    /// screenshot, a saved scene) could not be written: one line per file.
    public func run() throws(RenderError) {
        // A world that cannot be built, or a recording that cannot be written, is an error before any window opens.
        var configuration = PhysicsThread.Configuration()
        configuration.captureDirectory = options.screenshotDirectory
        configuration.sceneName = scene.name
        configuration.recordPath = options.recordPath
        configuration.historyBudget = options.historyBudget
        if builder == nil {
            do {
                physics = try PhysicsThread(configuration: configuration, makeMode: makeMode)
            } catch {
                throw RenderError(error.message, kind: error.cannotWrite ? .cannotWrite : .other)
            }
        }
        do {
            window = try AppWindow(title: "cratebox: \(builder == nil ? "" : "build ")\(scene.name)", width: options.windowWidth, height: options.windowHeight)
        } catch {
            // No window after all: the journal already begun is ended (step 0), not left without its end line.
            _ = physics?.stop()
            throw error
        }
        physics?.begin()
        startSplash()
        loop()
        keepUnsavedEdits()
        let end = physics?.stop() ?? (said: nil, lost: [], scene: nil)
        window = nil
        if let said = end.said { hud.show(said) }
        let lost = lostBefore + end.lost + captures.lost
        if !lost.isEmpty { throw RenderError(lost.joined(separator: "\n"), kind: .cannotWrite) }
    }

    /// One frame after another until the user quits (or the benchmark's time is up).
    private func loop() {
        if let path = options.recordPath { hud.show("recording to \(path)") }
        if let path = recoveryPath, let file = currentDocument?.file {
            hud.show("\(path) holds unsaved edits of \(file) from an earlier session: Ctrl+R opens them", seconds: 10)
        }
        if watching { hud.show("watching a replay: Space plays, Left/Right jump a second, Home/End, click the timeline", seconds: 6) }
        // Without vsync (a virtual display) frames are paced to the display's rate here.
        let frameTime = 1 / Double(max(window.refreshRate, 30))
        let start = Monotonic.now
        var last = start
        var first = true
        while true {
            let frameStart = Monotonic.now
            // The first frame's duration is the window opening, not play time.
            let frame = first ? 0 : frameStart - last
            first = false
            last = frameStart
            fps += ((frame > 0 ? 1 / frame : 0) - fps) * 0.05
            cameraMotion.advance(by: frame)
            if let builder {
                guard buildFrame(builder) else { return }
                let spent = Monotonic.now - frameStart
                if spent < frameTime - 0.001 { SDL_Delay(UInt32((frameTime - spent) * 1000)) }
                continue
            }
            guard handleInput(frame: frame) else { return }
            if builder != nil { continue }
            reloadIfChanged(now: frameStart)
            for message in physics.takeMessages() { hud.show(message.text, seconds: message.seconds) }
            let published = physics.latest
            if published.status.droppedTime > 0 && !saidBehind {
                hud.show("physics is behind: the simulation runs slower than real time (the window does not)", seconds: 6)
                saidBehind = true
            }
            let drawStart = Monotonic.now
            draw(published, now: drawStart)
            figures.frame(interval: frame, drawing: Monotonic.now - drawStart, status: published.status, since: frameStart - start)
            if let seconds = options.benchSeconds, Monotonic.now - start >= seconds {
                figures.finish(physics.latest.status)
                return
            }
            let spent = Monotonic.now - frameStart
            if spent < frameTime - 0.001 { SDL_Delay(UInt32((frameTime - spent) * 1000)) }
        }
    }

    /// What `bench --window` reports, once the window has closed.
    public var windowFigures: WindowFigures? { figures.result }
}
