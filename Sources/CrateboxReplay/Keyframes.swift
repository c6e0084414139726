/// The time machine's exact keyframes: a live session's whole state
/// (`World.snapshot()`) every `interval` steps, with how much of its journal
/// came before, so that resuming from a past step restores the last keyframe
/// at or before it and re-simulates only the steps between
/// (docs/time-machine.md). Bounded in bytes as the drawn history is, by the
/// same policy (`ThinnedPast`).
public struct Keyframes {
    /// One keyframe: the state after step `step` (before the events at that
    /// step), and the journal's length then (its lines and events).
    public struct Frame {
        /// The step the state is after.
        public var step: Int
        /// `World.snapshot()` then.
        public var state: [UInt8]
        /// How many journal lines and events the session had then.
        public var lines: Int, events: Int
    }

    /// 1 GiB by default: the last minute of an awake session of 1,000 crates
    /// (1.4 MiB a keyframe) at the full rate, the 9 minutes before it at a quarter of it.
    public static let defaultBudget = 1 << 30
    /// Steps between keyframes: a third of a second, about 85 ms of re-simulation for 1,000 awake crates.
    public static let interval = 40
    /// Steps kept at the full keyframe rate when the budget allows: 60 s.
    public static let recentSteps = 7_200

    /// The keyframes, within their budget (`ThinnedPast`'s policy).
    private var past: ThinnedPast<Frame>

    /// The most bytes the keyframes may take (0: none are kept).
    public var budget: Int { past.budget }
    /// The keyframes kept, oldest first.
    public var frames: [Frame] { past.frames }
    /// The bytes the keyframes take.
    public var bytes: Int { past.bytes }
    /// Steps between the older keyframes: the interval, doubled each time the budget was met.
    public var olderSpacing: Int { past.olderSpacing }

    /// No keyframes yet, at most `budget` bytes of them.
    public init(budget: Int = Keyframes.defaultBudget) {
        past = ThinnedPast(budget: budget, interval: Keyframes.interval, recentSteps: Keyframes.recentSteps)
    }

    /// Whether a keyframe is due after `step` (the session's step count).
    public func isDue(after step: Int) -> Bool {
        budget > 0 && step % Keyframes.interval == 0 && (frames.last.map { step > $0.step } ?? true)
    }

    /// Keeps a keyframe (later than any kept); thins the past if over the budget.
    public mutating func record(_ frame: Frame) { past.record(frame) }

    /// The last keyframe at or before `step`.
    public func latest(atOrBefore step: Int) -> Frame? { past.latest(atOrBefore: step) }

    /// Forgets the keyframes after `step` (a branch from `step` leaves that future).
    public mutating func drop(after step: Int) { past.drop(after: step) }
}

extension Keyframes.Frame: PastFrame {
    /// The state's bytes.
    public var keptBytes: Int { state.count }
}
