import FileOutput
import Simulation

/// Branching and recording: a timeline resumed from a past step becomes a new
/// live session there, and its recording follows the new branch while the
/// abandoned future is kept beside it.
extension Timeline {
    /// What a branch did.
    public enum Branched: Equatable {
        /// The rebuild was cancelled (by `progress`): nothing changed.
        case cancelled
        /// The timeline is a live session at the step; `recording` says what
        /// became of a recording (moved, or why it stopped), to be shown.
        case resumed(recording: String?)
    }

    /// Where a rebuild starts from.
    public enum Origin: Sendable {
        /// The last keyframe at or before the step (the time machine's, or a
        /// journal's keyframe line), else the last reset, else the start.
        case keyframe
        /// The last reset before the step, keyframes left aside, else the start.
        case lastReset
        /// The scene's build, every event re-run: what the others are checked against.
        case build
    }

    /// The live session as it was at `step` (no later than now), rebuilt from
    /// `origin`, the timeline unchanged. Nil when `progress` cancelled it.
    public func rebuilt(at step: Int, from origin: Origin = .keyframe, progress: Session.Progress? = nil) throws(BranchError) -> Session? {
        switch source {
        case .live(let session):
            let keyframe = origin == .keyframe ? keyframes.latest(atOrBefore: step) : nil
            return try session.rebuild(fromBuild: origin == .build).session(at: step, keyframe: keyframe, progress: progress)
        case .replay(let replay):
            guard let journalLines else { throw BranchError(step: step, line: nil, reason: "the journal's lines were not kept") }
            return try Session.rebuilt(journal: replay.journal, scene: replay.scene, lines: journalLines, file: replay.file, at: step, from: origin)
        }
    }

    /// Resumes from `step`: the timeline becomes a live session there, the
    /// future after it left (its keyframes forgotten). With
    /// `releasingHeldKeys` (the window, whose keys are not held now), the keys
    /// held at that step are let go, journaled; `simulate --from` keeps them,
    /// so that the branch is a fresh run of the combined events. A recording
    /// follows the new branch: the abandoned future is its file, renamed
    /// `NAME.branch-N.jsonl`, and the journal is written again with the
    /// shared beginning (keyframes included).
    public func branch(at step: Int, releasingHeldKeys: Bool = false, progress: Session.Progress? = nil) throws(BranchError) -> Branched {
        if let session, step >= session.world.stepCount { return .resumed(recording: nil) }
        guard let rebuilt = try rebuilt(at: step, progress: progress) else { return .cancelled }
        let wasReplay = replay != nil
        rebuilt.keyframeSteps = keyframeSteps
        var recording: String?
        if let old = session {
            if old.isRecording {
                recording = moveRecording(from: old, to: rebuilt)
            } else if let loss = Timeline.loss(of: old) {
                lostInBranches.append(loss)  // a recording that stopped earlier is still reported at the end
            }
        }
        source = .live(rebuilt)
        for trigger in rebuilt.world.held where releasingHeldKeys {
            // A key held at that step is not held now; letting go of a held key is always accepted.
            try? rebuilt.apply(.key(trigger, down: false))
        }
        if wasReplay {
            // A replay's keyframes hold no journal lines: the live session keeps its own from here.
            keyframes = Keyframes(budget: keyframes.budget)
        } else {
            keyframes.drop(after: step)
        }
        return .resumed(recording: recording)
    }

    /// Moves the recording from the abandoned session to the new one; says what happened.
    private func moveRecording(from old: Session, to new: Session) -> String? {
        guard let path = old.file?.path else { return nil }
        let stem = path.hasSuffix(".jsonl") ? "\(path.dropLast(6)).branch" : "\(path).branch"
        let kept = AtomicFile.unusedStem(stem, for: [".jsonl"], numbered: true) + ".jsonl"
        do { try old.stopRecording() } catch {
            lostInBranches.append(Timeline.loss(of: old) ?? "\(error)")
            return "recording stopped: \(error)"
        }
        do { try AtomicFile.rename(path, to: kept) } catch {
            // The abandoned future is still whole at `path`; the new branch is not recorded over it.
            lostInBranches.append("\(error) (the abandoned future stays in \(path); the new branch is not recorded)")
            return "recording stopped: \(error)"
        }
        do { try new.startRecording(to: path, copyingFrom: kept) } catch {
            // The new branch could not be written (a full disk): the recorded session goes back to its name, whole.
            var whereItIs = "\(path) still holds the abandoned future"
            do { try AtomicFile.rename(kept, to: path) } catch { whereItIs = "the abandoned future is in \(kept)" }
            lostInBranches.append("\(error) (the new branch is not recorded; \(whereItIs))")
            return "recording stopped: \(error)"
        }
        return "recording the new branch to \(path); the abandoned future is in \(kept)"
    }

    /// Whether a recording is going on.
    public var isRecording: Bool { session?.isRecording ?? false }

    /// Starts recording the live session's journal (from its start) to `path`.
    public func startRecording(to path: String) throws(JournalError) {
        guard let session else { throw JournalError(file: path, line: 0, message: "a replay is not recorded again") }
        try session.startRecording(to: path)
    }

    /// Ends the recording; returns the path written (nil: none was going on).
    @discardableResult
    public func stopRecording() throws(JournalError) -> String? {
        try session?.stopRecording()
    }

    /// Every recording that could not be written, one line each: those lost
    /// in branches and the live session's own, if it stopped on a write error.
    public var lostRecordings: [String] {
        lostInBranches + (session.flatMap(Timeline.loss(of:)).map { [$0] } ?? [])
    }

    /// How a session's recording stopped on a write error, if it did.
    static func loss(of session: Session) -> String? {
        session.recordingFailure.map {
            "\($0.error) (the recording stopped at step \($0.step); the file is a valid journal up to its last complete line)"
        }
    }
}
