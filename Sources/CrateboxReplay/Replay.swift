import JSONText
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
import Simulation

/// Plays a journal back from step 0: the world is rebuilt from the embedded
/// scene and every event applied at its step, because restoring positions is
/// not enough (Chipmunk caches contact impulses).
public final class Replay {
    /// The journal played.
    public let journal: Journal
    /// The scene embedded in the journal, decoded and validated.
    public let scene: Scene
    /// The world as replayed so far (rebuilt on `rewind`).
    public internal(set) var world: World
    /// How the journal is named in messages.
    public let file: String
    /// The state the journal starts from when it starts from a keyframe (a
    /// session continued from a saved state), checked when read.
    let startState: [UInt8]?
    var nextEvent = 0
    var nextCheckpoint = 0

    /// What replaying a journal found.
    public enum Outcome: Equatable, Sendable, CustomStringConvertible {
        /// Every checkpoint (and the end, unless truncated) matched.
        /// `cutOffLine`: a last line cut off mid-write, which was not read.
        case verified(steps: Int, checkpoints: Int, hash: UInt64, truncated: Bool, cutOffLine: Int? = nil)
        /// A checkpoint or the end hash did not match: the step, the hash recorded and the hash replayed.
        case diverged(step: Int, expected: UInt64, got: UInt64)
        /// An event could not be applied where the journal puts it.
        case refused(step: Int, line: Int, reason: String)
        /// A keyframe line is not the state the journal reaches at its step.
        case keyframe(step: Int, line: Int, reason: String)

        /// One line, as `replay --verify` prints it.
        public var description: String {
            switch self {
            case .verified(let steps, let checkpoints, let hash, let truncated, let cutOffLine):
                "verified \(steps) steps, \(checkpoints) checkpoints, hash \(StateHash.hex(hash))"
                    + (truncated ? " (truncated: the journal has no end line; verified up to its last checkpoint)" : "")
                    + (cutOffLine.map { "; line \($0) was cut off mid-write and was not read" } ?? "")
            case .diverged(let step, let expected, let got):
                "diverged at step \(step): expected \(StateHash.hex(expected)), got \(StateHash.hex(got))"
            case .refused(let step, 0, let reason):
                // Not an event's: the step itself (a script stopped, the work limit).
                "stopped at step \(step): \(reason)"
            case .refused(let step, let line, let reason):
                "diverged at step \(step): the event on line \(line) cannot be applied: \(reason)"
            case .keyframe(let step, let line, let reason):
                "diverged at step \(step): the keyframe on line \(line) \(reason)"
            }
        }
    }

    /// Decodes the embedded scene and builds its world at step 0. Throws for a journal without a header or with a scene that is not valid.
    public init(journal: Journal, file: String) throws(JournalError) {
        self.journal = journal
        self.file = file
        scene = try Replay.embeddedScene(of: journal, file: file)
        if journal.startsFromKeyframe, let first = journal.keyframes.first {
            let start = try first.restore(scene: scene, journal: journal, file: file)
            world = start.world
            startState = start.state
            return
        }
        startState = nil
        do {
            world = try World(scene: scene)
        } catch {
            throw JournalError(file: file, line: 1, message: "the embedded scene cannot be built: \(error)")
        }
    }

    /// The step the journal starts from: 0, or its first keyframe's.
    public var firstStep: Int { journal.startsFromKeyframe ? journal.keyframes.first?.step ?? 0 : 0 }

    /// The scene a journal embeds, decoded and validated (without building its world).
    public static func embeddedScene(of journal: Journal, file: String) throws(JournalError) -> Scene {
        guard let header = journal.header else { throw JournalError(file: file, line: 1, message: "no header") }
        var scene: Scene
        var noText = false
        do {
            scene = try Scene.decode(Array(header.sceneText.utf8), file: "\(file) (embedded \(header.sceneFile))", script: { _ in
                noText = header.scriptText == nil
                return header.scriptText
            }, modules: { name in header.modules.first { $0.name == name }?.text })
        } catch {
            if noText { throw JournalError(file: file, line: 1, message: "the embedded scene has a script, and the header carries no scriptText") }
            throw JournalError(file: file, line: 1, message: "the embedded scene is invalid: \(error.errors.first?.description ?? "")")
        }
        scene.rules = header.rules
        return scene
    }

    /// The last step the journal vouches for: its end, or when it was cut
    /// off, its last checkpoint.
    public var lastStep: Int {
        journal.end?.steps ?? journal.checkpoints.last?.step ?? 0
    }

    /// Starts over from the journal's start (step 0, or the keyframe it starts from).
    public func rewind() throws {
        if let startState { world = try World(scene: scene, snapshot: startState) } else { world = try World(scene: scene) }
        nextEvent = 0
        nextCheckpoint = 0
    }

    /// Applies the events due before the next step, then steps once, and
    /// checks the checkpoint there if there is one.
    public func advance() -> Outcome? {
        let step = world.stepCount
        if WorkLimit.exceeded { return .refused(step: step, line: 0, reason: WorkLimit.reason) }
        if let problem = applyDueEvents() { return problem }
        do {
            try world.step()
        } catch {
            return .refused(step: step, line: 0, reason: "\(error)")
        }
        while nextCheckpoint < journal.checkpoints.count, journal.checkpoints[nextCheckpoint].step < world.stepCount {
            nextCheckpoint += 1
        }
        if nextCheckpoint < journal.checkpoints.count, journal.checkpoints[nextCheckpoint].step == world.stepCount {
            let expected = journal.checkpoints[nextCheckpoint].hash
            nextCheckpoint += 1
            let got = world.stateHash
            if got != expected { return .diverged(step: world.stepCount, expected: expected, got: got) }
        }
        return nil
    }

    /// Applies the events recorded at the current step that have not been
    /// applied: before each step, and at the end before the end hash.
    func applyDueEvents() -> Outcome? {
        while nextEvent < journal.events.count, journal.events[nextEvent].step == world.stepCount {
            let timed = journal.events[nextEvent]
            nextEvent += 1
            do { try world.apply(timed.event) } catch {
                return .refused(step: world.stepCount, line: timed.line, reason: error.message)
            }
        }
        return nil
    }

    /// What to say about an outcome: its description, and when a replay did
    /// not reproduce on another platform than the one that recorded it, both
    /// platforms (bits are only promised on the same one).
    public func report(_ outcome: Outcome, on platform: Platform = .current) -> String {
        guard case .verified = outcome else {
            guard let recorded = journal.header?.platform, recorded != platform else { return outcome.description }
            return "\(outcome.description) (recorded on \(recorded); replayed on \(platform): results are only bit-identical on the same platform)"
        }
        return outcome.description
    }
}
