import Bytes
import Dispatch
import Simulation

extension Replay {
    /// Replays the whole journal, checking every checkpoint, every keyframe
    /// (the state the replay reaches at its step must be its bytes exactly)
    /// and the end. A journal with keyframes is verified in stretches from one
    /// keyframe to the next, in parallel on every core: each starts from the
    /// keyframe before it (checked as it is read) and ends against the one
    /// after it, the last against the end. The first problem, by step, is reported.
    public func verify() -> Outcome {
        let first = journal.startsFromKeyframe ? 1 : 0
        let marks = Array(journal.keyframes.dropFirst(first).prefix { $0.step <= lastStep })
        let count = marks.count + 1
        let results = UnsafeMutableBufferPointer<Outcome?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            // The outcomes hold strings: released before the memory is.
            _ = results.deinitialize()
            results.deallocate()
        }
        let slots = Slots(results: results)
        let journal = self.journal, file = self.file
        DispatchQueue.concurrentPerform(iterations: count) { i in
            slots.results[i] = Replay.verifyStretch(journal, file: file, from: i == 0 ? nil : marks[i - 1], to: i < marks.count ? marks[i] : nil)
        }
        if let problem = results.lazy.compactMap({ $0 }).first(where: { if case .verified = $0 { false } else { true } }) {
            return problem
        }
        guard case .verified(let steps, _, let hash, _, _)? = results[count - 1] else {
            return .refused(step: 0, line: 0, reason: "the last stretch did not report")
        }
        let checked = journal.checkpoints.filter { $0.step <= steps }.count
        return .verified(steps: steps, checkpoints: checked, hash: hash, truncated: journal.truncated, cutOffLine: journal.cutOffLine)
    }

    /// Where each stretch's outcome goes. Safe to share: iteration i of
    /// `concurrentPerform` writes slot i and nothing else, no one reads until
    /// `concurrentPerform` has returned (which orders every write before the
    /// reads), and the buffer outlives it. `scripts/test` runs a journal's
    /// stretches verified this way under ThreadSanitizer (KeyframeTests).
    private struct Slots: @unchecked Sendable {
        let results: UnsafeMutableBufferPointer<Outcome?>
    }

    /// One stretch: from the keyframe `start` (nil: the journal's start) to the
    /// keyframe `end` (nil: the journal's last step and its end hash).
    /// `.verified` with the step and hash reached when it matched.
    static func verifyStretch(_ journal: Journal, file: String, from start: Journal.Keyframe?, to end: Journal.Keyframe?) -> Outcome {
        let replay: Replay
        do { replay = try Replay(journal: journal, file: file) } catch {
            return .refused(step: 0, line: error.line, reason: error.message)
        }
        do {
            if let start, let problem = try replay.jump(toward: start.step) { return problem }
        } catch {
            return .refused(step: start?.step ?? 0, line: start?.line ?? 0, reason: "\(error)")
        }
        let last = end?.step ?? replay.lastStep
        while replay.world.stepCount < last {
            if let problem = replay.advance() { return problem }
        }
        if let end {
            guard let state = Base64.decode(end.state) else { return .keyframe(step: end.step, line: end.line, reason: "is not base64") }
            guard let reached = try? replay.world.snapshot(), reached == state else {
                return .keyframe(step: end.step, line: end.line, reason: "is not the state the journal reaches at step \(end.step): it was changed")
            }
        } else if let end = journal.end {
            // Events recorded after the last step took effect before the end hash.
            if let problem = replay.applyDueEvents() { return problem }
            if replay.world.stateHash != end.hash { return .diverged(step: end.steps, expected: end.hash, got: replay.world.stateHash) }
        }
        return .verified(steps: replay.world.stepCount, checkpoints: 0, hash: replay.world.stateHash, truncated: false)
    }
}
