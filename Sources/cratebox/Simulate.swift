import ArgumentParser
import FileOutput
import WindowModel
import Render
import JSONText
import CrateboxReplay
import SceneFormat
import Simulation

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scene headless and print a summary with its state hash."
    )

    @OptionGroup var input: SceneArgument
    @OptionGroup var duration: RunLength
    @OptionGroup var tilt: TiltOption
    @OptionGroup var timeLimit: TimeLimitOption

    @Flag(help: "Print one JSON object: steps, hash and every dynamic body.")
    var json = false

    @Option(help: "An event file: a journal of events (checkpoints and header optional), each applied before its step.")
    var events: String?

    @Option(help: "Record the run as a replay journal.")
    var record: String?

    @Option(help: ArgumentHelp("With --record: write a keyframe (the exact state) every SECONDS of simulated time, so that seeking and branching start from the last one and --verify checks the stretches between in parallel.", valueName: "seconds"))
    var keyframes: Double?

    @Option(help: "Write figures per step to this CSV file: step, physics ms, kinetic energy, awake and sleeping bodies, contacts.")
    var stats: String?

    @Option(help: ArgumentHelp("Save the state after the run (written whole or not at all): OUT.json as a scene, as Ctrl+S does in the window; OUT.state as the exact state, which `simulate OUT.state` continues bit for bit.", valueName: "out.json|out.state"))
    var save: String?

    @Option(help: "Continue a recorded session: its journal (the scene is the one embedded in it).")
    var from: String?

    @Option(help: "With --from: the step to continue from; the journal's events before it are kept, --events follow.")
    var at: Int?

    func validate() throws {
        if (from == nil) != (at == nil) { throw ValidationError("--from and --at go together") }
        if from != nil && input.scene != nil { throw ValidationError("--from runs the scene embedded in the journal; give no scene file") }
        if from != nil && tilt.tilt != nil { throw ValidationError("--tilt does not combine with --from; put a tilt event in --events") }
        if let at, at < 0 { throw ValidationError("--at must be 0 or more, got \(at)") }
        if let keyframes {
            if record == nil { throw ValidationError("--keyframes goes with --record (they are lines of the journal)") }
            guard Simulate.keyframeSteps(keyframes) != nil else {
                throw ValidationError("--keyframes must be between one step (\(World.stepDuration) s) and 86400 seconds, got \(keyframes)")
            }
        }
        if let save, !save.hasSuffix(".json") && !save.hasSuffix(".state") {
            throw ValidationError("--save writes a scene (.json) or the exact state (.state): give a file name ending in one of them, got \"\(save)\"")
        }
        if let scene = input.scene, tilt.tilt != nil, Loader.holdsState(scene) { throw ValidationError("--tilt does not combine with a saved state; put a tilt event in --events") }
    }

    func run() throws {
        timeLimit.apply()
        let script = try events.map { try loadJournal($0, requireHeader: false) }
        let timeline = try from != nil ? branchedTimeline(script) : Timeline(try newSession(), keyframeBudget: 0)
        if let record {
            if let keyframes {
                if let why = World.snapshotUnavailable { throw Failure.failed("--keyframes: \(why)") }
                timeline.keyframeSteps = Simulate.keyframeSteps(keyframes)
            }
            do { try timeline.startRecording(to: record) } catch { throw Failure.cannotCreate(error) }
        }
        let start = timeline.world.stepCount  // live: built, or branched from the journal
        try run(timeline, script: script?.events ?? [], from: start, to: start + duration.stepCount)
        if record != nil {
            do { try timeline.stopRecording() } catch {
                // Kept as the recording's loss (with the step), reported just below.
            }
            let missed = timeline.session?.keyframesMissed ?? 0
            if missed > 0 {
                printError("cratebox: \(record!): \(missed) keyframe\(missed == 1 ? "" : "s") could not be written (the state could not be copied); the journal replays without them")
            }
            if let loss = timeline.lostRecordings.first { throw Failure(Exit.cannotCreate, "cratebox: \(loss)") }
        }
        let world = timeline.world
        if let save, save.hasSuffix(".state") {
            do { try StateFile.write(world, from: timeline.sceneSource, to: save) } catch {
                throw Failure(Exit.cannotCreate, "cratebox: \(error)")
            }
        } else if let save {
            do { try SceneSave.write(world.currentScene(), to: save) } catch { throw Failure.cannotCreate(error) }
        }
        let hash = StateHash.hex(world.stateHash)
        if json {
            say(Self.json(world, hash: hash))
        } else {
            let dynamic = world.dynamicWorldBodies.count
            say("\(world.scene.name): \(world.stepCount) steps (\(Self.seconds(world.stepCount)) s), \(dynamic) dynamic bod\(dynamic == 1 ? "y" : "ies"), hash \(hash)")
        }
    }

    /// What the scene's script printed, to standard error: `NAME.lua (step N): text` (scene-format.md 16.5).
    static func echoPrinted(_ world: World) {
        for line in world.takePrinted() { printError(line.said(by: world.scene.script)) }
    }

    func newSession() throws -> Session {
        if let path = input.scene, Loader.holdsState(path) {
            let state: StateFile.Loaded
            do { state = try Loader.state(path).restore() } catch { throw Failure(error) }
            do { return try Session(restoring: state) } catch { throw Failure.failed("\(path): \(error)") }
        }
        let loaded = try input.load()
        do {
            return try Session(loaded)
        } catch {
            if case .script(let message) = error { throw Failure(Exit.invalidScene, "cratebox: \(message)") }
            throw Failure.failed("\(input.name): \(error)")
        }
    }

    /// The recorded session of `--from`, branched at step `--at`.
    func branchedTimeline(_ script: Journal?) throws -> Timeline {
        guard let from, let at else { throw Failure.usage("--from and --at go together") }
        let (replay, lines) = try makeReplayWithLines(from)
        guard at <= replay.lastStep else {
            throw Failure.failed("\(from): --at \(at) is past the journal's last step, \(replay.lastStep)")
        }
        if let early = script?.events.first(where: { $0.step < at }) {
            throw Failure(Exit.invalidScene, "\(events!):\(early.line): step \(early.step) is before the branch point, step \(at)")
        }
        let timeline = Timeline(replay, lines: lines, keyframeBudget: 0)
        do {
            _ = try timeline.branch(at: at)
            return timeline
        } catch {
            throw Failure(error.refusedLine ? Exit.invalidScene : Exit.failure, "cratebox: \(from): the session cannot be rebuilt \(error)")
        }
    }

    /// Runs the live `timeline` from step `start` to `end`, applying each scripted event before its step.
    func run(_ timeline: Timeline, script timed: [Journal.TimedEvent], from start: Int, to end: Int) throws {
        var next = timed.firstIndex { $0.step >= start } ?? timed.count
        var csv = StatsCSV(enabled: stats != nil)
        do {
            try tilt.apply(to: timeline)
            for step in start...end {
                while next < timed.count, timed[next].step == step {
                    do {
                        try timeline.apply(timed[next].event)
                    } catch {
                        throw Failure(Exit.invalidScene, "\(events!):\(timed[next].line): the event cannot be applied at step \(step): \(error)")
                    }
                    next += 1
                }
                if step < end {
                    if WorkLimit.exceeded { throw Failure.failed("\(from ?? input.name): step \(step): \(WorkLimit.reason)") }
                    let before = Monotonic.threadCPU
                    timeline.world.printing = true
                    defer { Self.echoPrinted(timeline.world) }
                    do { try timeline.step() } catch {
                        // A script's error names its file, line and step already; the scene is what is wrong (65).
                        if case .script(let message) = error { throw Failure(Exit.invalidScene, "cratebox: \(message)") }
                        throw Failure.failed("\(from ?? input.name): step \(step): \(error)")
                    }
                    csv.add(timeline.world, cpu: Monotonic.threadCPU - before)
                }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.failed("\(from ?? input.name): \(error)")
        }
        if next < timed.count {
            // A warning: the run is what was asked for.
            printError("cratebox: \(events!):\(timed[next].line): events after step \(end) were not applied (the run has \(end) steps)")
        }
        if let stats {
            do { try writeTextFile(csv.text, to: stats) } catch { throw Failure.cannotCreate(error) }
        }
    }

    /// Steps between keyframes for `--keyframes SECONDS` (nil when out of range): at least one.
    static func keyframeSteps(_ seconds: Double) -> Int? {
        guard seconds.isFinite, seconds >= World.stepDuration * 0.5, seconds <= 86_400 else { return nil }
        return max(1, Int((seconds / World.stepDuration).rounded()))
    }

    /// Simulated seconds of `steps`, to the millisecond: "5", "0.042".
    static func seconds(_ steps: Int) -> String {
        NumberText.trimmed(Double(steps) * World.stepDuration, 3)
    }

    /// Shortest text that reads back to the same double (Swift's description);
    /// JSON has no NaN or infinity, so those become null.
    static func number(_ x: Double) -> String { NumberText.json(x) }

    static func json(_ world: World, hash: String) -> String {
        let bodies = world.dynamicWorldBodies.map { wb -> String in
            let p = wb.pose.position, v = wb.velocity
            var fields: [String] = []
            if let id = wb.id { fields.append("\"id\":\(JSONText.quote(id))") }
            fields.append("\"position\":[\(number(p.x)),\(number(p.y))]")
            fields.append("\"angle\":\(number(wb.pose.angle))")
            fields.append("\"velocity\":[\(number(v.x)),\(number(v.y))]")
            fields.append("\"angularVelocity\":\(number(wb.angularVelocity))")
            return "{" + fields.joined(separator: ",") + "}"
        }
        let said = world.scriptSays.map { ",\"said\":\(JSONText.quote($0))" } ?? ""
        return "{\"steps\":\(world.stepCount),\"hash\":\"\(hash)\"\(said),\"bodies\":[\(bodies.joined(separator: ","))]}"
    }
}
