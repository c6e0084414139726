import Geometry
import SceneFormat
import Simulation

/// Resuming a session from an earlier step. A Chipmunk space cannot be
/// copied exactly through its public API (cached contact impulses and the
/// broadphase's history decide the next step), so a branch re-simulates: a
/// new session is built from the scene and runs the events before step S, to
/// step S. What it costs is the steps up to S (docs/time-machine.md).
extension Session {
    /// What a rebuild reports while it runs: steps done of the total; return false to cancel.
    public typealias Progress = (_ done: Int, _ total: Int) -> Bool

    /// A new session of the same scene at step `step`, with every event of
    /// `events` before that step applied where it was (events at `step` and
    /// later are left out: the branch takes their place). Nil when `progress`
    /// cancelled it.
    ///
    /// With `lines` (the journal the events came from, as a live session keeps
    /// it), the rebuild starts from the last reset before `step` instead of the
    /// build: a reset is an exact starting point, and what came before it is
    /// only copied.
    public static func rebuilt(scene: Scene, sceneText: String, sceneFile: String, events: [Journal.TimedEvent], at step: Int,
                               lines: [String]? = nil, progress: Progress? = nil) throws(BranchError) -> Session? {
        let session: Session
        var next = 0
        do {
            if let lines, let reset = events.lastIndex(where: { $0.event == .reset && $0.step < step }),
               events[reset].line <= lines.count {
                let r = events[reset]
                session = try Session(scene: scene, sceneText: sceneText, sceneFile: sceneFile, resetAtStep: r.step,
                                      lines: Array(lines[..<r.line]), events: Array(events[...reset]))
                next = reset + 1
            } else {
                session = try Session(scene: scene, sceneText: sceneText, sceneFile: sceneFile)
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

/// Why a branch could not be rebuilt: an event that did not apply (the line
/// of the journal it came from), or physics that stopped.
public struct BranchError: Error, CustomStringConvertible, Sendable {
    /// The step the rebuild had reached.
    public var step: Int
    /// The journal line of the event that did not apply (nil when physics stopped).
    public var line: Int?
    /// What went wrong.
    public var reason: String
    /// "at step S (line L): reason".
    public var description: String {
        "at step \(step)\(line.map { " (line \($0))" } ?? ""): \(reason)"
    }
}
