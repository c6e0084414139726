import WindowModel
import CrateboxReplay
import Simulation

/// Branching from a shown past step: the timeline resumes there
/// (`Timeline.branch`), its later events dropped; a recording becomes the new
/// branch and keeps the abandoned future beside it.
extension PhysicsLoop {
    /// Resumes from the shown step; false when the rebuild was cancelled or failed (the past stays shown).
    func branchFromShownStep() -> Bool {
        guard var step = showing, timeline.session != nil else { return true }
        setAudience(false)  // nor what a branch's rebuild steps through
        // A frame of the run before a `--watch` reload: that run cannot go on (its scene or script changed); this one starts again.
        if step < 0 {
            say("the run before the reload cannot go on: this one resumes from its start")
            step = 0
        }
        if step >= world.stepCount {
            showing = nil
            return true
        }
        inbox.withLock { $0.cancelRebuild = false }
        let branched: Timeline.Branched
        do {
            branched = try timeline.branch(at: step, releasingHeldKeys: true) { done, total in
                self.status.rebuilding = (done, total)
                self.publish(stateTime: self.now())
                // Esc cancels; so does closing the window, which must not wait for the rebuild.
                return !self.inbox.withLock { $0.cancelRebuild || $0.stop }
            }
        } catch {
            say("cannot resume from step \(step): \(error)", seconds: 8)
            status.rebuilding = nil
            return false
        }
        status.rebuilding = nil
        guard case .resumed(let recording) = branched else {
            say("resuming cancelled: still showing step \(step)")
            return false
        }
        if let recording { say(recording, seconds: 8) }
        history.drop(from: step + 1)
        showing = nil
        paused = false
        clock = FixedStepClock(maxFrameDuration: clock.maxFrameDuration)
        lastPass = now()  // the rebuild's time is not play time
        say("resumed from step \(step)")
        return true
    }
}

extension PhysicsLoop {
    /// The one place that says whether someone is there for the world's steps. A step played
    /// is heard (when the window has sound) and what the script prints goes to the HUD (and
    /// the window's output); the steps a seek or a branch's rebuild runs through are neither,
    /// and a world they make starts deaf and silent until it plays.
    func setAudience(_ present: Bool) {
        world.printing = present
        world.listening = present && sound?.isActive == true
    }
}
