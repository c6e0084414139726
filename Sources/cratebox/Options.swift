import ArgumentParser
import FileOutput
import Render
import CrateboxReplay
import SceneFormat
import Simulation

/// `[SCENE]`: a scene file, or the built-in crate scene when none is given.
struct SceneArgument: ParsableArguments {
    @Argument(help: "A scene file (default: the built-in crate scene).")
    var scene: String?

    init() {}

    /// The argument given as `scene` (set, not parsed: an unparsed argument cannot be read).
    init(scene: String?) {
        self.scene = scene
    }

    /// The scene, read and validated (65 invalid, 66 unreadable).
    func load() throws(Failure) -> LoadedScene {
        guard let scene else { return LoadedScene(scene: DefaultScene.scene(), text: DefaultScene.json, fileName: DefaultScene.fileName) }
        do { return try Loader.scene(scene) } catch { throw Failure(error) }
    }

    /// How the scene is named in messages.
    var name: String { scene ?? DefaultScene.fileName }
}

/// `--steps N | --seconds S`, shared by the commands that run a scene forward.
struct RunLength: ParsableArguments {
    @Option(parsing: .unconditional, help: "Number of 1/120 s steps to run (default 600).")
    var steps: Int?

    @Option(parsing: .unconditional, help: "Simulated seconds to run (rounded to whole steps).")
    var seconds: Double?

    static let maxSteps = 10_000_000

    func validate() throws {
        if steps != nil && seconds != nil { throw ValidationError("give --steps or --seconds, not both") }
        if let steps, steps < 0 || steps > RunLength.maxSteps {
            throw ValidationError("--steps must be between 0 and \(RunLength.maxSteps), got \(steps)")
        }
        if let seconds, !(seconds >= 0 && seconds * 120 <= Double(RunLength.maxSteps)) {
            throw ValidationError("--seconds must be between 0 and \(RunLength.maxSteps / 120), got \(seconds)")
        }
    }

    /// Whether a length was given.
    var isGiven: Bool { steps != nil || seconds != nil }

    var stepCount: Int {
        if let steps { return steps }
        if let seconds { return Int((seconds / World.stepDuration).rounded()) }
        return 600
    }
}

/// `--tilt X,Y`: an accelerometer reading in g applied before the first step.
struct TiltOption: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Tilt the box before the first step: an accelerometer reading X,Y in g (e.g. -1,0).", valueName: "x,y"))
    var tilt: Tilt?

    /// Applies the tilt to a world, if one was given.
    func apply(to world: World) throws {
        if let tilt { try world.apply(.tilt(x: tilt.x, y: tilt.y)) }
    }

    /// Applies the tilt to a live timeline (journaled), if one was given.
    func apply(to timeline: Timeline) throws {
        if let tilt { try timeline.apply(.tilt(x: tilt.x, y: tilt.y)) }
    }
}

/// `--size WxH`: the window's size in points, or the picture's in pixels.
struct SizeOption: ParsableArguments {
    @Option(help: "WxH: the window's size in points, or the picture's in pixels (default 1280x720).")
    var size: PictureSize?

    func validate() throws { try size?.check() }

    static let standard = PictureSize(argument: "1280x720")!

    /// The size given, or `fallback`.
    func or(_ fallback: PictureSize = SizeOption.standard) -> PictureSize { size ?? fallback }
}

/// `--size WxH`'s value.
struct PictureSize: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int

    /// "1280x720", as it is given (and as `--help` shows a default).
    var description: String { "\(width)x\(height)" }
    var defaultValueDescription: String { description }

    init(width: Int, height: Int) { (self.width, self.height) = (width, height) }

    /// Any WxH of whole numbers; `check` says whether it is a size cratebox makes.
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w
        height = h
    }

    /// Each side 1 to `Offscreen.maxSize`, or an error that says so.
    func check() throws {
        let sides = 1...Offscreen.maxSize
        guard sides.contains(width), sides.contains(height) else {
            throw ValidationError("--size \(self): each side must be 1 to \(Offscreen.maxSize) (e.g. 1280x720)")
        }
    }
}

/// `--tilt X,Y`'s value.
struct Tilt: ExpressibleByArgument {
    var x: Double
    var y: Double

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        // Plain decimal numbers only (Double() would also take "0x10" and "nan").
        guard argument.allSatisfy({ "0123456789+-.eE, ".contains($0) }), parts.count == 2,
              let x = Double(parts[0].trimmingCharacters(in: " ")), let y = Double(parts[1].trimmingCharacters(in: " ")),
              x.isFinite, y.isFinite, abs(x) <= 100, abs(y) <= 100 else { return nil }
        self.x = x
        self.y = y
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}

/// A journal, read (65 invalid, 66 unreadable).
func loadJournal(_ path: String, requireHeader: Bool = true) throws(Failure) -> Journal {
    do { return try Loader.journal(path, requireHeader: requireHeader).journal } catch { throw Failure(error) }
}

/// A journal's replay at step 0 (65 for a journal that cannot be replayed).
func makeReplay(_ path: String) throws(Failure) -> Replay {
    let journal = try loadJournal(path)
    do { return try Replay(journal: journal, file: path) } catch { throw Failure(Exit.invalidScene, error.description) }
}

/// A journal's replay at step 0 and the file's lines as it has them, the file read once.
func makeReplayWithLines(_ path: String) throws(Failure) -> (Replay, [String]) {
    let (loaded, bytes): (LoadedJournal, [UInt8])
    do { (loaded, bytes) = try Loader.journalWithBytes(path) } catch { throw Failure(error) }
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do { return (try Replay(journal: loaded.journal, file: path), lines) } catch { throw Failure(Exit.invalidScene, error.description) }
}

/// `--time-limit`: the CPU seconds a command may spend on a file (`WorkLimit`).
struct TimeLimitOption: ParsableArguments {
    @Option(name: .customLong("time-limit"), help: ArgumentHelp("Give up after SECONDS of CPU time, with one line (0: no limit): a stranger's journal cannot keep the machine busy for days.", valueName: "seconds"))
    var seconds: Double = 600

    func validate() throws {
        if !(seconds >= 0 && seconds <= 1e7) { throw ValidationError("--time-limit must be between 0 and 10000000 seconds") }
    }

    /// Sets the limit for this process (before any work starts): `files` times the limit for files worked on in one process.
    func apply(files: Int = 1) { WorkLimit.seconds = seconds * Double(max(1, files)) }
}
