#if canImport(Glibc)
import Glibc
#endif
import Controls
import FileOutput
import Replay
import Simulation

/// Branching from a shown past step: the live session is rebuilt at that step
/// (`Session.rebuilt`), its later events dropped; a recording becomes the new
/// branch and keeps the abandoned future beside it.
extension PhysicsLoop {
    /// Resumes from the shown step; false when the rebuild was cancelled or failed (the past stays shown).
    func branchFromShownStep() -> Bool {
        guard let step = showing, case .live(let session) = mode else { return true }
        if step >= world.stepCount {
            showing = nil
            return true
        }
        inbox.withLock { $0.cancelRebuild = false }
        let rebuilt: Session?
        do {
            rebuilt = try Session.rebuilt(scene: world.scene, sceneText: session.sceneText, sceneFile: session.sceneFile,
                                          events: session.events, at: step, lines: session.lines,
                                          keyframe: keyframes.latest(atOrBefore: step), start: session.start) { done, total in
                self.status.rebuilding = (done, total)
                self.publish(stateTime: Monotonic.now)
                // Esc cancels; so does closing the window, which must not wait for the rebuild.
                return !self.inbox.withLock { $0.cancelRebuild || $0.stop }
            }
        } catch {
            say("cannot resume from step \(step): \(error)", seconds: 8)
            status.rebuilding = nil
            return false
        }
        status.rebuilding = nil
        guard let rebuilt else {
            say("resuming cancelled: still showing step \(step)")
            return false
        }
        rebuilt.keyframeSteps = session.keyframeSteps
        if session.isRecording {
            moveRecording(from: session, to: rebuilt)
        } else if let loss = Captures.recordingLoss(session) {
            captures.lose(loss)  // a recording that stopped earlier is still reported at close
        }
        mode = .live(rebuilt)
        // The keys held at that step are not the ones held now: let go of them (journaled).
        for trigger in world.held { apply(.key(trigger, down: false)) }
        history.drop(from: step + 1)
        keyframes.drop(after: step)
        showing = nil
        paused = false
        clock = FixedStepClock(maxFrameDuration: clock.maxFrameDuration)
        clockRestarted = true
        say("resumed from step \(step)")
        return true
    }

    /// The recording follows the new branch: the abandoned future is the
    /// recorded file itself, closed and renamed beside it (NAME.branch-N.jsonl;
    /// nothing of it is held in memory), and the journal is written again with
    /// the shared beginning, copied from it with its keyframes, and what follows.
    private func moveRecording(from old: Session, to new: Session) {
        guard let path = old.file?.path else { return }
        let base = path.hasSuffix(".jsonl") ? String(path.dropLast(6)) : path
        var n = 1
        while access("\(base).branch-\(n).jsonl", F_OK) == 0 { n += 1 }
        let kept = "\(base).branch-\(n).jsonl"
        // Each failure is kept for the report at close (exit 73), not only shown: the old
        // session, which would have reported its own, is about to be dropped.
        do { try old.stopRecording() } catch {
            captures.lose(Captures.recordingLoss(old) ?? "\(error)")
            say("recording stopped: \(error)", seconds: 8)
            return
        }
        guard rename(path, kept) == 0 else {
            // The abandoned future is still whole at `path`; the new branch is not recorded over it.
            let reason = String(cString: strerror(errno))
            captures.lose("\(kept): cannot write: \(reason) (the abandoned future stays in \(path); the new branch is not recorded)")
            say("recording stopped: \(kept): \(reason)", seconds: 8)
            return
        }
        do { try new.startRecording(to: path, copyingFrom: kept) } catch {
            // The new branch could not be written (a full disk): the recorded session goes back to its name, whole.
            let whereItIs = rename(kept, path) == 0 ? "\(path) still holds the abandoned future" : "the abandoned future is in \(kept)"
            captures.lose("\(error) (the new branch is not recorded; \(whereItIs))")
            say("recording stopped: \(error)", seconds: 8)
            return
        }
        say("recording the new branch to \(path); the abandoned future is in \(kept)", seconds: 8)
    }
}
