import JSONText
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
import Simulation

/// A World together with the journal of everything done to it since it was
/// built: live play, runs from an event file and recordings all go through here, so
/// what is recorded is exactly what was applied. The journal is kept in
/// memory from step 0, so a recording started mid-session still replays from
/// the scene.
public final class Session {
    /// The world the session runs (its inputs go through `apply`, its steps through `step`).
    public let world: World
    /// The scene the session was built from, whole: with its file's text and
    /// name (embedded in the journal's header) and its script.
    public let source: LoadedScene
    /// Every line so far, header first, but the keyframe lines a recording
    /// writes: those go to its file only (each is a whole state, and a long
    /// recording's would fill the memory).
    public private(set) var lines: [String]
    /// Every event applied, with its step and journal line: what a branch re-runs.
    public private(set) var events: [Journal.TimedEvent] = []
    /// Where the session began when that was not its scene's build: a saved
    /// moment it continues (`init(restoring:)`), as a keyframe of itself. A
    /// branch with no later keyframe or reset before it starts from here.
    public let start: Keyframes.Frame?
    /// A recording writes a keyframe line (the exact state) after every step
    /// that is a multiple of this (nil: none): `--keyframes SECONDS`.
    public var keyframeSteps: Int?
    /// Keyframe lines that could not be written (a state that could not be copied).
    public private(set) var keyframesMissed = 0
    /// The journal file being recorded to, if any.
    public private(set) var file: JournalFile?
    /// Why the recording stopped before it was ended (a write error), and at
    /// which step: its file is a valid journal up to its last complete line.
    public private(set) var recordingFailure: (error: JournalError, step: Int)?

    /// A session at step 0 of a scene, whose text and file name go into the journal's header.
    public init(_ source: LoadedScene) throws(SimulationError) {
        world = try World(scene: source.scene)
        self.source = source
        lines = [Session.headerLine(source)]
        start = nil
    }

    /// The journal's header for a session of `source`.
    static func headerLine(_ source: LoadedScene) -> String {
        Journal.headerLine(sceneText: source.text, sceneFile: source.fileName, scriptText: source.scene.scriptText,
                           modules: source.scene.scriptModules, rules: source.scene.rules)
    }

    /// A session that continues a saved moment (`cratebox/state@1`): the world
    /// exactly as it was written, at its step. Its journal starts with a
    /// keyframe of that state, so a recording of it replays from there.
    public init(restoring state: StateFile.Loaded) throws(WorldError) {
        world = state.world
        source = LoadedScene(scene: world.scene, text: state.scene.text, fileName: state.scene.fileName)
        let state = try world.snapshot()
        lines = [Session.headerLine(source),
                 Journal.keyframeLine(step: world.stepCount, hash: world.stateHash, state: state)]
        start = Keyframes.Frame(step: world.stepCount, state: state, lines: lines.count, events: 0)
    }

    /// A session that continues from a point of itself (a reset, or a
    /// keyframe of the time machine): `world` as it was there, and the journal
    /// and events up to it; `start` is the first session's.
    init(world: World, source: LoadedScene, lines: [String], events: [Journal.TimedEvent], start: Keyframes.Frame?) {
        self.world = world
        self.source = source
        self.lines = lines
        self.events = events
        self.start = start
    }

    /// A keyframe of the session now (after its last step, before any event
    /// at this step), or nil when the state cannot be copied.
    public func keyframe() -> Keyframes.Frame? {
        guard let state = try? world.snapshot() else { return nil }
        return Keyframes.Frame(step: world.stepCount, state: state, lines: lines.count, events: events.count)
    }

    /// Applies an input and journals it (refused inputs are not journaled:
    /// they changed nothing).
    public func apply(_ event: Event) throws(WorldError) {
        try world.apply(event)
        record(Journal.line(step: world.stepCount, event))
        events.append(Journal.TimedEvent(step: world.stepCount, event: event, line: lines.count))
    }

    /// One step; every 120th is followed by a checkpoint line, and while
    /// recording with `keyframeSteps`, every multiple of it by a keyframe
    /// line; a recording reaches its file there.
    public func step() throws(SimulationError) {
        try world.step()
        let n = world.stepCount
        let checkpoint = n % Journal.checkpointInterval == 0
        let keyframe = file != nil && keyframeSteps.map { n % $0 == 0 } == true
        if checkpoint { record(Journal.checkpointLine(step: n, hash: world.stateHash)) }
        if keyframe {
            // A world whose state cannot be copied (refused at start-up when asked for) writes none; counted, to be said.
            if let state = try? world.snapshot() { file?.append(Journal.keyframeLine(step: n, hash: world.stateHash, state: state)) } else { keyframesMissed += 1 }
        }
        if checkpoint || keyframe, let file {
            do { try file.flush() } catch { stopRecording(after: error) }
        }
    }

    /// Runs `count` steps (each journaled as `step()` does).
    public func step(_ count: Int) throws(SimulationError) {
        for _ in 0..<count { try step() }
    }

    private func record(_ line: String) {
        lines.append(line)
        file?.append(line)
    }

    /// Whether a recording is going on.
    public var isRecording: Bool { file != nil }

    /// Starts writing the journal, from step 0, to `path`. With `earlier`
    /// (a journal this session's lines began, as a branch's recording is
    /// moved), the lines so far are copied from it with its keyframe lines;
    /// when it does not hold them, they are written without.
    public func startRecording(to path: String, copyingFrom earlier: String? = nil) throws(JournalError) {
        let file = try JournalFile(path: path)
        if try !(earlier.map { e throws(JournalError) in try file.appendPrefix(of: e, matching: lines, upTo: world.stepCount) } ?? false) {
            for line in lines { file.append(line) }
        }
        try file.flush()
        self.file = file
        recordingFailure = nil
    }

    /// Ends the recording with the end line; returns the path written.
    @discardableResult
    public func stopRecording() throws(JournalError) -> String? {
        guard let file else { return nil }
        self.file = nil
        file.append(Journal.endLine(steps: world.stepCount, hash: world.stateHash))
        do {
            try file.close()
        } catch {
            recordingFailure = (error, world.stepCount)
            throw error
        }
        return file.path
    }

    /// A write failed: the file keeps what it has (up to its last complete
    /// line) and nothing more is written to it.
    private func stopRecording(after error: JournalError) {
        file = nil
        recordingFailure = (error, world.stepCount)
    }

    /// The whole journal as it stands, with an end line: a complete replay
    /// (without the keyframe lines a recording wrote to its file).
    public var journalText: String {
        (lines + [Journal.endLine(steps: world.stepCount, hash: world.stateHash)]).joined(separator: "\n") + "\n"
    }
}
