import Simulation

extension Replay {
    /// The journal again with a keyframe line after every `every`-th step
    /// (its own keyframes, but for the one it starts from, are replaced),
    /// replayed from its start and verified as it goes: the lines, or the
    /// first problem. `lines` is the file's text split at newlines; event
    /// lines are kept byte for byte, checkpoint and end lines are written
    /// again as a recording writes them (the same hashes: they were checked).
    /// Events after a truncated journal's last checkpoint are kept, unchecked.
    public func addingKeyframes(every: Int, lines: [String]) throws -> Result<[String], Outcome> {
        try rewind()
        var out = [lines[0]]
        if journal.startsFromKeyframe, let first = journal.keyframes.first { out.append(lines[first.line - 1]) }
        var event = journal.events.firstIndex { $0.step >= firstStep } ?? journal.events.count
        var checkpoint = journal.checkpoints.firstIndex { $0.step > firstStep } ?? journal.checkpoints.count
        while true {
            let step = world.stepCount
            if step > firstStep {
                if checkpoint < journal.checkpoints.count, journal.checkpoints[checkpoint].step == step {
                    out.append(Journal.checkpointLine(step: step, hash: journal.checkpoints[checkpoint].hash))
                    checkpoint += 1
                }
                if step % every == 0 {
                    out.append(Journal.keyframeLine(step: step, hash: world.stateHash, state: try world.snapshot()))
                }
            }
            while event < journal.events.count, journal.events[event].step == step {
                out.append(lines[journal.events[event].line - 1])
                event += 1
            }
            guard step < lastStep else { break }
            if let problem = advance() { return .failure(problem) }
        }
        if let end = journal.end {
            if let problem = applyDueEvents() { return .failure(problem) }
            guard world.stateHash == end.hash else { return .failure(.diverged(step: end.steps, expected: end.hash, got: world.stateHash)) }
            out.append(Journal.endLine(steps: end.steps, hash: end.hash))
        } else {
            out += journal.events[event...].map { lines[$0.line - 1] }
        }
        return .success(out)
    }
}

/// A problem found while rewriting a journal travels as an error.
extension Replay.Outcome: Error {}
