#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Editing
import FileOutput
import Render
import CrateboxReplay
import SandboxApp

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the sandbox window (the default command).",
        discussion: "Press H in the window for the keys. Without a display, use `render` or `simulate`."
    )

    @OptionGroup var input: SceneArgument
    @OptionGroup var window: WindowSettings
    var size: PictureSize { window.size }
    var scene: String? { input.scene }

    @Option(help: "Record the session to this journal from the start (F9 starts and stops recording too).")
    var record: String?

    @Flag(help: "Reload the scene when its file changes (a file that does not validate leaves the last good world running, its errors shown).")
    var watch = false

    @Option(help: "Open FILE in build mode (an empty walled box the size of the window when FILE does not exist); Ctrl+S saves it there.")
    var build: String?

    @Option(help: ArgumentHelp("Recordings (--record, F9) write a keyframe (the exact state) every SECONDS of simulated time.", valueName: "seconds"))
    var keyframes: Double?

    func validate() throws {
        if let keyframes, Simulate.keyframeSteps(keyframes) == nil {
            throw ValidationError("--keyframes must be between one step (\(1.0 / 120) s) and 86400 seconds, got \(keyframes)")
        }
        if watch, let scene, Loader.holdsState(scene) { throw ValidationError("--watch follows a scene file; a saved state does not change") }
        if watch && scene == nil { throw ValidationError("--watch needs a scene file") }
        if build != nil && scene != nil { throw ValidationError("give the scene to build with --build FILE alone") }
        if build != nil && record != nil { throw ValidationError("--record records a scene played from the start; in build mode, F9 records while playing") }
    }

    func run() throws {
        if let build { return try runBuild(build) }
        if let scene, Loader.holdsState(scene) { return try runState(scene) }
        let loaded = try input.load()
        try Run.requireDisplay()
        var options = windowOptions
        options.recordPath = record
        options.scenePath = scene
        options.watch = watch
        try Run.open { () throws(WindowError) in try App(loaded, options: options) }
    }

    /// What every window of `run` takes: the window's settings, and the
    /// keyframes its recordings write.
    var windowOptions: App.Options {
        var options = window.options
        options.timeMachine.keyframeSteps = keyframes.flatMap(Simulate.keyframeSteps)
        return options
    }

    /// `run NAME.state`: the saved moment, continued as the session would have gone on.
    func runState(_ path: String) throws {
        let state: LoadedState
        do { state = try Loader.state(path) } catch { throw Failure(error) }
        try Run.requireDisplay()
        var options = windowOptions
        options.recordPath = record
        try Run.open { () throws(WindowError) in try App(restoring: state, options: options) }
    }

    /// `run --build FILE`: the document from FILE, or a new empty box there.
    func runBuild(_ path: String) throws {
        var options = windowOptions
        let document: Document
        if access(path, F_OK) == 0 {
            document = Document(scene: try SceneArgument(scene: path).load().scene, file: path)
        } else {
            let base = Loader.fileName(path)
            let name = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
            do {
                document = try Document.emptyBox(width: Double(size.width), height: Double(size.height), name: name, file: path)
            } catch {
                throw Failure.failed(error.message)
            }
        }
        options.recoveryPath = Run.newestRecovery(of: path)
        if let recovery = options.recoveryPath {
            say("\(recovery) holds unsaved edits of \(path) from an earlier session: press Ctrl+R in the window to open them")
        }
        try Run.requireDisplay()
        try Run.open { () throws(WindowError) in try App(building: document, options: options) }
    }

    /// The newest file of unsaved edits kept for `path` (`NAME.unsaved.json`,
    /// then `NAME.unsaved-2.json`...: the last that exists), if any.
    static func newestRecovery(of path: String) -> String? {
        let stem = Document.recoveryStem(for: path)
        var newest: String?, candidate = stem + ".json", n = 2
        while access(candidate, F_OK) == 0 {
            newest = candidate
            candidate = "\(stem)-\(n).json"
            n += 1
        }
        return newest
    }

    /// A window feature is on unless its `--no-...` flag (`off`) or its
    /// environment variable (set, and not empty or "0") says otherwise.
    static func wanted(off: Bool, unless variable: String) -> Bool {
        guard !off else { return false }
        guard let value = getenv(variable).map({ String(cString: $0) }) else { return true }
        return value.isEmpty || value == "0"
    }

    /// The reveal is on unless `--no-splash` or `CRATEBOX_NO_SPLASH` says otherwise.
    static func splashWanted(_ noSplash: Bool) -> Bool { wanted(off: noSplash, unless: "CRATEBOX_NO_SPLASH") }

    /// Sound is on unless `--no-sound` or `CRATEBOX_NO_SOUND` says otherwise;
    /// `CRATEBOX_SOUND_LOG` names a file for the trace of what played.
    static func soundWanted(_ noSound: Bool) -> (on: Bool, log: String?) {
        let log = getenv("CRATEBOX_SOUND_LOG").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return (wanted(off: noSound, unless: "CRATEBOX_NO_SOUND"), log)
    }

    /// Opens the window and runs it; its errors become their exit statuses.
    @discardableResult
    static func open(_ makeApp: () throws(WindowError) -> App) throws -> App {
        do {
            let app = try makeApp()
            try app.run()
            return app
        } catch {
            switch error.kind {
            case .noDisplay: throw noDisplay(error.message)
            case .cannotWrite: throw Failure(Exit.cannotCreate, lines: error.message.split(separator: "\n").map { "cratebox: \($0)" })
            case .other: throw Failure.failed("\(error)")
            }
        }
    }

    static func requireDisplay() throws(Failure) {
        let env = { (name: String) -> String in getenv(name).map { String(cString: $0) } ?? "" }
        if env("DISPLAY").isEmpty && env("WAYLAND_DISPLAY").isEmpty && env("SDL_VIDEODRIVER").isEmpty {
            throw noDisplay("DISPLAY and WAYLAND_DISPLAY are not set")
        }
    }

    static func noDisplay(_ reason: String) -> Failure {
        Failure(Exit.noDisplay, "cratebox: no display to open a window on (\(reason)); try `cratebox render SCENE --output picture.png` or `cratebox simulate SCENE`")
    }
}
