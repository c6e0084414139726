import CrateboxReplay
import Render

/// The time machine's memory of what was drawn: the picture after each step
/// of the live session (or a replay), so that scrubbing back is instant.
/// Bounded in bytes by the policy the exact keyframes follow too
/// (`ThinnedPast`): the recent `fullRate` steps at every step, the older past
/// evenly thinned (every second step, then every fourth...) as the budget fills.
struct History: Sendable {
    /// 256 MB by default: 60 s of a 1,000-body scene at 120 steps a second takes about 175 MB.
    static let defaultBudget = 256 << 20
    /// Steps kept at full rate when the budget allows: 60 s.
    static let fullRate = 7_200

    private var past: ThinnedPast<DrawnWorld>

    init(budget: Int = History.defaultBudget) {
        past = ThinnedPast(budget: budget, interval: 1, recentSteps: History.fullRate)
    }

    var budget: Int { past.budget }
    var frames: [DrawnWorld] { past.frames }
    var bytes: Int { past.bytes }
    var firstStep: Int? { frames.first?.stepCount }
    var lastStep: Int? { frames.last?.stepCount }

    /// Keeps the state after a step (a later step than any kept, or it replaces
    /// the frames from its step on, as after a branch).
    mutating func record(_ drawn: DrawnWorld) {
        past.record(drawn.atRest())
    }

    /// The kept frame at `step`, or the nearest one before it (or the first).
    func frame(at step: Int) -> DrawnWorld? {
        past.latest(atOrBefore: step) ?? frames.first
    }

    /// `--watch` reloaded: this run's frames, renumbered to end at step -1
    /// (the HUD calls them the run before the reload), then `after`'s, the new
    /// run's since it began; within the budget, the older thinned first.
    func beforeReload(then after: History) -> History {
        var merged = History(budget: budget)
        let offset = -((lastStep ?? -1) + 1)
        for frame in frames { merged.record(frame.renumbered(by: offset)) }
        for frame in after.frames { merged.record(frame) }
        return merged
    }

    /// Forgets the frames from `step` on (a branch leaves that future).
    mutating func drop(from step: Int) {
        past.drop(after: step - 1)
    }
}

extension DrawnWorld: PastFrame {
    /// The step the picture is after.
    public var step: Int { stepCount }
}
