import Bytes
import SceneFormat
import Simulation

extension Journal.Keyframe {
    /// The keyframe's world, checked: its text is base64 of a state that reads
    /// back, whose hash is the line's, and the checkpoint's at its step if the
    /// journal has one there. A changed keyframe is refused, naming its line.
    public func restore(scene: Scene, journal: Journal, file: String) throws(JournalError) -> (world: World, state: [UInt8]) {
        func fail(_ message: String) -> JournalError { JournalError(file: file, line: line, message: message) }
        guard let state = Base64.decode(self.state) else { throw fail("the keyframe is not base64") }
        let world: World
        do { world = try World(scene: scene, snapshot: state) } catch {
            throw fail("the keyframe cannot be read back: \(error)")
        }
        guard world.stepCount == step else { throw fail("the keyframe is of step \(world.stepCount), not \(step)") }
        guard world.stateHash == hash else {
            throw fail("the keyframe's state hashes to \(StateHash.hex(world.stateHash)), not \(StateHash.hex(hash)): it was changed")
        }
        if let checkpoint = journal.checkpoints.first(where: { $0.step == step }), checkpoint.hash != hash {
            throw fail("the keyframe's hash is not the checkpoint's at step \(step) (\(StateHash.hex(checkpoint.hash))): it was changed")
        }
        return (world, state)
    }
}

extension Replay {
    /// Where seeking to `target` may start: the last keyframe at or before it,
    /// the journal's or one a timeline kept while replaying, whichever is later.
    private enum Start {
        case line(Journal.Keyframe), kept(Keyframes.Frame)
        var step: Int {
            switch self {
            case .line(let keyframe): keyframe.step
            case .kept(let frame): frame.step
            }
        }
    }

    private func start(atOrBefore target: Int, kept: Keyframes?) -> Start? {
        let line = journal.keyframes.last { $0.step <= target }.map(Start.line)
        let kept = kept?.latest(atOrBefore: target).map(Start.kept)
        guard let line, let kept else { return line ?? kept }
        return kept.step > line.step ? kept : line
    }

    /// Before running forward to `target`: restores the last keyframe at or
    /// before it when that is ahead of the replay or the target is behind it
    /// (else starts over when the target is behind). A journal keyframe that
    /// does not read back as its line says is reported.
    func jump(toward target: Int, kept: Keyframes? = nil) throws -> Outcome? {
        guard let start = start(atOrBefore: target, kept: kept), start.step > world.stepCount || target < world.stepCount else {
            if target < world.stepCount { try rewind() }
            return nil
        }
        switch start {
        case .line(let keyframe):
            do {
                world = try keyframe.restore(scene: scene, journal: journal, file: file).world
            } catch {
                // "the keyframe on line L " reads on into the reason: "cannot be read back: ...", "is of step ...".
                let sentence = error.message, subject = "the keyframe "
                return .keyframe(step: keyframe.step, line: keyframe.line,
                                 reason: sentence.hasPrefix(subject) ? String(sentence.dropFirst(subject.count)) : "does not hold: " + sentence)
            }
            nextEvent = journal.events.firstIndex { $0.line > keyframe.line } ?? journal.events.count
        case .kept(let frame):
            world = try World(scene: scene, snapshot: frame.state)
            nextEvent = frame.events
        }
        nextCheckpoint = journal.checkpoints.firstIndex { $0.step > start.step } ?? journal.checkpoints.count
        return nil
    }
}
