import Simulation

extension Replay {
    /// The journal again with a keyframe line after every `every`-th step
    /// (its own keyframes, but for the one it starts from, are replaced),
    /// replayed from its start and verified as it goes, each line handed to
    /// `emit` (without its newline) as soon as it is made, so that nothing
    /// but the line at hand is held: the number of keyframe lines written, or
    /// the first problem (what was emitted is then to be thrown away).
    /// `lines` are the file's lines; event lines are kept byte for byte,
    /// checkpoint and end lines are written again as a recording writes them
    /// (the same hashes: they were checked). Events after a truncated
    /// journal's last checkpoint are kept, unchecked.
    public func addingKeyframes(every: Int, lines: [ArraySlice<UInt8>],
                                emit: (ArraySlice<UInt8>) throws -> Void) throws -> Result<Int, Outcome> {
        func put(_ line: String) throws { try emit(Array(line.utf8)[...]) }
        var keyframes = 0
        try rewind()
        try emit(lines[0])
        if journal.startsFromKeyframe, let first = journal.keyframes.first { try emit(lines[first.line - 1]) }
        var event = journal.events.firstIndex { $0.step >= firstStep } ?? journal.events.count
        var checkpoint = journal.checkpoints.firstIndex { $0.step > firstStep } ?? journal.checkpoints.count
        while true {
            let step = world.stepCount
            if step > firstStep {
                if checkpoint < journal.checkpoints.count, journal.checkpoints[checkpoint].step == step {
                    try put(Journal.checkpointLine(step: step, hash: journal.checkpoints[checkpoint].hash))
                    checkpoint += 1
                }
                if step % every == 0 {
                    try put(Journal.keyframeLine(step: step, hash: world.stateHash, state: try world.snapshot()))
                    keyframes += 1
                }
            }
            while event < journal.events.count, journal.events[event].step == step {
                try emit(lines[journal.events[event].line - 1])
                event += 1
            }
            guard step < lastStep else { break }
            if let problem = advance() { return .failure(problem) }
        }
        if let end = journal.end {
            if let problem = applyDueEvents() { return .failure(problem) }
            guard world.stateHash == end.hash else { return .failure(.diverged(step: end.steps, expected: end.hash, got: world.stateHash)) }
            try put(Journal.endLine(steps: end.steps, hash: end.hash))
        } else {
            for e in journal.events[event...] { try emit(lines[e.line - 1]) }
        }
        return .success(keyframes)
    }

    /// `addingKeyframes` collected as text lines (`lines`: the file's text split at newlines).
    public func addingKeyframes(every: Int, lines: [String]) throws -> Result<[String], Outcome> {
        var out: [String] = []
        let result = try addingKeyframes(every: every, lines: lines.map { Array($0.utf8)[...] }) { out.append(String(decoding: $0, as: UTF8.self)) }
        return result.map { _ in out }
    }
}

/// A problem found while rewriting a journal travels as an error.
extension Replay.Outcome: Error {}
