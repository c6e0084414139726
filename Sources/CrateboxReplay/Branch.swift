import CrateboxGeometry
import SceneFormat
import Simulation

/// Resuming a session from an earlier step: a new session starts from the
/// last exact starting point before step S (a keyframe of the session, the
/// last reset, or the build) and re-runs the events after it, to step S.
/// What it costs is the steps between (docs/time-machine.md).
extension Session {
    /// What a rebuild reports while it runs: steps done of the total; return false to cancel.
    public typealias Progress = (_ done: Int, _ total: Int) -> Bool
}

/// What a session is rebuilt from: its scene, the events applied to it (with
/// the journal lines they came from, when those were kept) and the saved
/// moment it continues, if any. A live session and a journal read back both
/// make one, so that a timeline rebuilds either the same way.
struct Rebuild {
    /// The scene, whole, as the session was built from it.
    var source: LoadedScene
    var scene: Scene { source.scene }
    var events: [Journal.TimedEvent]
    /// The journal the events came from, as a live session keeps it (nil: rebuilt from the build).
    var lines: [String]?
    /// The saved moment the session continues (`Session.start`).
    var start: Keyframes.Frame?

    /// A new session of the same scene at step `step`, with every event
    /// before that step applied where it was (events at `step` and later are
    /// left out: the branch takes their place). Nil when `progress` cancelled it.
    ///
    /// With `lines`, the rebuild starts from the last reset before `step`
    /// instead of the build: a reset is an exact starting point, and what came
    /// before it is only copied. With `keyframe` too (the time machine's last
    /// keyframe at or before `step`, taken of the session the lines are of),
    /// it starts from the keyframe when that is later than the reset. A
    /// session that continues a saved moment has its `start`, which stands for
    /// the build: used when no later keyframe is given, and never gone before.
    func session(at step: Int, keyframe: Keyframes.Frame? = nil, progress: Session.Progress? = nil) throws(BranchError) -> Session? {
        let session: Session
        var next = 0
        let lastReset = events.lastIndex { $0.event == .reset && $0.step < step }
        let resetStep = lastReset.map { events[$0].step } ?? -1
        // A keyframe of these lines at or before `step`, later than the last reset.
        func usable(_ frame: Keyframes.Frame?) -> Keyframes.Frame? {
            guard let lines, let frame, frame.step <= step, frame.lines <= lines.count, frame.events <= events.count, frame.step > resetStep else { return nil }
            return frame
        }
        let from = usable(keyframe) ?? usable(start)
        let reset = lastReset.flatMap { lines != nil && events[$0].line <= lines!.count ? $0 : nil }
        if let start, from == nil, reset == nil {
            let reason = step < start.step ? "the session starts at step \(start.step)" : "a session that continues a saved moment is rebuilt from it, with its journal's lines"
            throw BranchError(step: step, line: nil, reason: reason)
        }
        do {
            if let lines, let from {
                session = Session(world: try World(scene: scene, snapshot: from.state), source: source,
                                  lines: Array(lines[..<from.lines]), events: Array(events[..<from.events]), start: start)
                next = from.events
            } else if let lines, let reset {
                let r = events[reset]
                session = Session(world: try World(scene: scene, resetAtStep: r.step), source: source,
                                  lines: Array(lines[..<r.line]), events: Array(events[...reset]), start: start)
                next = reset + 1
            } else {
                session = try Session(source)
            }
        } catch {
            throw BranchError(step: 0, line: nil, reason: "\(error)")
        }
        while true {
            while next < events.count, events[next].step == session.world.stepCount, events[next].step < step {
                let timed = events[next]
                next += 1
                do { try session.apply(timed.event) } catch {
                    throw BranchError(step: timed.step, line: timed.line, reason: error.message)
                }
            }
            if session.world.stepCount >= step { break }
            do { try session.step() } catch {
                throw BranchError(step: session.world.stepCount, line: nil, reason: "\(error)")
            }
            let done = session.world.stepCount
            if let progress, done % 120 == 0, !progress(done, step) { return nil }
        }
        return session
    }
}

extension Session {
    /// What this session is rebuilt from: its events, with its journal's lines
    /// unless `fromBuild` (every event re-run from the scene's build).
    func rebuild(fromBuild: Bool = false) -> Rebuild {
        Rebuild(source: source, events: events, lines: fromBuild ? nil : lines, start: start)
    }
}

/// Why a branch could not be rebuilt: an event that did not apply (the line
/// of the journal it came from), or physics that stopped.
public struct BranchError: Error, CustomStringConvertible, Sendable {
    /// The step the rebuild had reached.
    public var step: Int
    /// The journal line of the event that did not apply (nil when physics stopped).
    public var line: Int?
    /// What went wrong.
    public var reason: String
    /// Whether a line of the journal was refused (a keyframe that does not
    /// read back: the file is invalid) rather than the session failing to go on.
    public var refusedLine = false
    /// "at step S (line L): reason".
    public var description: String {
        "at step \(step)\(line.map { " (line \($0))" } ?? ""): \(reason)"
    }
}

extension Session {
    /// A recorded session rebuilt at `step` from its journal (`lines`: the
    /// file's lines): from the last keyframe line at or before `step` (checked
    /// as it is read) when there is one and `origin` allows it, else from the
    /// last reset or the build, as `Rebuild` does. The journal's header must
    /// have been read.
    static func rebuilt(journal: Journal, scene: Scene, lines: [String], file: String, at step: Int,
                        from origin: Timeline.Origin) throws(BranchError) -> Session {
        guard let header = journal.header else { throw BranchError(step: 0, line: 1, reason: "the journal has no header") }
        let start = journal.startsFromKeyframe ? journal.keyframes.first?.step ?? 0 : 0
        guard step >= start else { throw BranchError(step: step, line: nil, reason: "the journal starts at step \(start)") }
        if journal.startsFromKeyframe && origin != .keyframe {
            throw BranchError(step: step, line: nil, reason: "a journal that starts from a keyframe is rebuilt from its keyframes")
        }
        var frame: Keyframes.Frame?
        if origin == .keyframe, let keyframe = journal.keyframes.last(where: { $0.step <= step }), keyframe.line <= lines.count {
            let state: [UInt8]
            do { state = try keyframe.restore(scene: scene, journal: journal, file: file).state } catch {
                throw BranchError(step: keyframe.step, line: keyframe.line, reason: error.message, refusedLine: true)
            }
            let events = journal.events.firstIndex { $0.line > keyframe.line } ?? journal.events.count
            frame = Keyframes.Frame(step: keyframe.step, state: state, lines: keyframe.line, events: events)
        }
        // Without lines read back, a journal that starts from a keyframe could only be rebuilt from it.
        if journal.startsFromKeyframe && frame == nil { throw BranchError(step: 0, line: 2, reason: "its starting keyframe is cut off") }
        let rebuild = Rebuild(source: LoadedScene(scene: scene, text: header.sceneText, fileName: header.sceneFile), events: journal.events,
                              lines: origin == .build ? nil : lines, start: nil)
        return try rebuild.session(at: step, keyframe: frame)!  // nothing cancels without a progress callback
    }
}
