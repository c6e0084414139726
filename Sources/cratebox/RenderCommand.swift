#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Render
import CrateboxReplay
import SceneFormat
import Simulation

struct RenderPicture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scene after N steps into a PNG, offscreen (no display needed)."
    )

    @Argument(help: "A scene file or a replay journal (default: the built-in crate scene).")
    var scene: String?

    @OptionGroup var duration: RunLength

    @OptionGroup var tilt: TiltOption
    @OptionGroup var timeLimit: TimeLimitOption

    @Option(help: "The PNG to write.")
    var output: String?

    @OptionGroup var sizeOption: SizeOption
    var size: PictureSize { sizeOption.or() }

    @Flag(help: "Draw shape outlines, joints, contacts, sleeping bodies and bounding boxes.")
    var debug = false

    @Flag(help: "Draw the HUD's band along the top, as the window does: the scene, the step, the bodies and the line its script said (world:say).")
    var hud = false

    /// The band's first line with --hud: the scene's file name (nil: no band).
    var band: String? { hud ? (scene.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "built-in crates") : nil }

    @Option(help: "Write a numbered PNG sequence into this folder instead of one picture (a video tool turns it into a clip).")
    var frames: String?

    @Option(help: "With --frames: a picture every K steps.")
    var every = 4

    @Option(help: "Write a clip instead (.mp4, .webm or .gif), made by ffmpeg.")
    var video: String?

    @Option(help: "With --video: frames per second of sim time.")
    var fps = 60

    @Option(help: "Write the run's sound alone, as a 48 kHz stereo WAV file (a clip made with --video carries it too).")
    var audio: String?

    @Flag(help: "With --video: leave the sound out (a GIF never has it).")
    var noSound = false

    func validate() throws {
        let outputs = [frames, output, video, audio].compactMap { $0 }.count
        if outputs == 0 { throw ValidationError("give --output FILE.png (or --frames DIR, --video FILE.mp4 or --audio FILE.wav)") }
        if outputs > 1 { throw ValidationError("give one of --output, --frames, --video and --audio") }
        if noSound && video == nil { throw ValidationError("--no-sound goes with --video") }
        // A picture is a PNG: a name that says otherwise would hold a PNG under a false name.
        if let output, !output.lowercased().hasSuffix(".png") {
            throw ValidationError("--output writes a PNG picture: give a name ending in .png, got \"\(output)\" (--video makes .mp4, .webm or .gif, --audio .wav)")
        }
        if let audio, !audio.lowercased().hasSuffix(".wav") { throw ValidationError("--audio writes a WAV sound: give a name ending in .wav, got \"\(audio)\"") }
        if let video, VideoEncoder.Container(path: video) == nil { throw ValidationError("--video makes .mp4, .webm or .gif files, got \"\(video)\"") }
        if !(1...120).contains(fps) { throw ValidationError("--fps must be between 1 and 120 (steps are 1/120 s)") }
        if !(1...100_000).contains(every) { throw ValidationError("--every must be between 1 and 100000") }
    }

    func run() throws {
        timeLimit.apply()
        let loaded: LoadedScene
        switch try load() {
        case .journal: return try renderReplay(self.scene!)
        case .scene(let scene): loaded = scene
        case .state: throw Failure(Loader.wrongKind(self.scene!, is: .state, wanted: .scene))
        }
        let scene = loaded.scene
        func started() throws -> World {
            let world = try World(scene: scene)
            try tilt.apply(to: world)
            return world
        }
        if let audio {
            let world = try started()
            try writeAudio(to: audio, total: duration.stepCount, scene: scene, world: { world }, advance: limited { try world.step() })
            return
        }
        if let video {
            let heard = try started()
            let track = try clipTrack(for: video, total: duration.stepCount, scene: scene, world: { heard }, advance: limited { try heard.step() })
            defer { if let track { unlink(track) } }
            let world = try started()
            try writeVideo(to: video, total: duration.stepCount, track: track, world: { world }, advance: limited { try world.step() })
            return
        }
        if let frames {
            let world = try World(scene: scene)
            try tilt.apply(to: world)
            try writeFrames(to: frames, total: duration.stepCount, world: { world }, advance: limited { try world.step() })
            return
        }
        let output = self.output!
        let world: World
        do {
            world = try World(scene: scene)
            try tilt.apply(to: world)
            let step = limited { try world.step() }
            for _ in 0..<duration.stepCount { try step() }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.failed("\(self.scene ?? DefaultScene.fileName): \(error)")
        }
        do {
            try Offscreen.render(world, width: size.width, height: size.height, debug: debug, band: band, to: output)
        } catch {
            throw Failure.cannotCreate(error)
        }
        say("\(output): \(size.width)x\(size.height), \(scene.name) after \(world.stepCount) steps")
    }
}

extension RenderPicture {
    /// A step that gives up past the work limit (`--time-limit`), with one line.
    func limited(_ step: @escaping () throws -> Void) -> () throws -> Void {
        let name = scene ?? DefaultScene.fileName
        return {
            if WorkLimit.exceeded { throw Failure.failed("\(name): \(WorkLimit.reason)") }
            try step()
        }
    }

    /// The scene or journal given (the built-in scene when none is).
    func load() throws(Failure) -> LoadedFile {
        guard let path = scene else { return .scene(try SceneArgument(scene: nil).load()) }
        do { return try Loader.load(path) } catch { throw Failure(error) }
    }

    /// A replay: the world at step N of the journal (or a frame sequence, a clip or its sound).
    func renderReplay(_ path: String) throws {
        let replay = try makeReplay(path)
        if tilt.tilt != nil { throw Failure.usage("--tilt does not apply to a replay: its tilts are in the journal") }
        let target = duration.isGiven ? duration.stepCount : replay.lastStep
        if target > replay.lastStep {
            throw Failure.usage("\(path): the replay ends at step \(replay.lastStep); ask for a step up to that")
        }
        var problem: Replay.Outcome?
        // Played as the window plays it, keeping no keyframes (it only goes forward). Pictures keep
        // the first problem and show the world stopped there; a sound track stops at it, written nowhere.
        func played(_ replay: Replay, stopping: Bool = false) -> () throws -> Void {
            let timeline = Timeline(replay, keyframeBudget: 0)
            return {
                if WorkLimit.exceeded { throw Failure.failed("\(path): step \(timeline.world.stepCount): \(WorkLimit.reason)") }
                guard problem == nil, let p = try timeline.step() else { return }
                problem = p
                if stopping { throw Failure.failed("\(path): \(p)") }
            }
        }
        if audio != nil || video != nil || frames != nil {
            if let audio {
                try writeAudio(to: audio, total: target, scene: replay.scene, world: { replay.world }, advance: played(replay, stopping: true))
            } else if let video {
                let heard = try makeReplay(path)
                let track = try clipTrack(for: video, total: target, scene: replay.scene, world: { heard.world }, advance: played(heard, stopping: true))
                defer { if let track { unlink(track) } }
                try writeVideo(to: video, total: target, track: track, world: { replay.world }, advance: played(replay))
            } else if let frames {
                try writeFrames(to: frames, total: min(target, replay.lastStep), world: { replay.world }, advance: played(replay))
            }
            if let problem { throw Failure.failed("\(path): \(problem)") }
            return
        }
        if let problem = try Timeline(replay, keyframeBudget: 0).seek(to: target) { throw Failure.failed("\(path): \(problem)") }
        do {
            try Offscreen.render(replay.world, width: size.width, height: size.height, debug: debug, band: band, to: output!)
        } catch {
            throw Failure.cannotCreate(error)
        }
        say("\(output!): \(size.width)x\(size.height), replay of \(replay.scene.name) at step \(replay.world.stepCount)")
    }

    /// frame-000000.png, frame-000001.png, ... every `every` steps up to `total`,
    /// with a progress bar when stderr is a terminal.
    func writeFrames(to directory: String, total: Int, world: () -> World, advance: () throws -> Void) throws {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard mkdir(directory, 0o755) == 0 else {
                throw Failure(Exit.cannotCreate, "cratebox: \(directory): cannot create: \(String(cString: strerror(errno)))")
            }
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            throw Failure(Exit.cannotCreate, "cratebox: \(directory): not a directory")
        }
        let count = total / every + 1
        let terminal = isatty(2) != 0
        for frame in 0..<count {
            if frame > 0 { for _ in 0..<every { try advance() } }
            let digits = String(frame)
            let name = "\(directory)/frame-\(String(repeating: "0", count: max(0, 6 - digits.count)) + digits).png"
            do {
                try Offscreen.render(world(), width: size.width, height: size.height, debug: debug, band: band, to: name)
            } catch {
                throw Failure.cannotCreate(error)
            }
            if terminal {
                let width = 40, done = (frame + 1) * width / count
                let bar = String(repeating: "#", count: done) + String(repeating: "-", count: width - done)
                var err = StandardError(); err.write("\r[\(bar)] \(frame + 1)/\(count) frames")
            }
        }
        if terminal { var err = StandardError(); err.write("\n") }
        say("\(directory): \(count) frames of \(size.width)x\(size.height), every \(every) steps")
    }
}
