/// The time machine's exact keyframes: a live session's whole state
/// (`World.snapshot()`) every `interval` steps, with how much of its journal
/// came before, so that resuming from a past step restores the last keyframe
/// at or before it and re-simulates only the steps between
/// (docs/time-machine.md). Bounded in bytes as the history is: when full,
/// keyframes older than the most recent `recentSteps` are thinned to an even
/// spacing twice as wide (again and again), so the recent past stays dense and
/// the older past evenly coarser; only when the recent ones alone are over the
/// bound are they thinned too.
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

    /// The most bytes the keyframes may take (0: none are kept).
    public let budget: Int
    /// The keyframes kept, oldest first.
    public private(set) var frames: [Frame] = []
    /// The bytes the keyframes take.
    public private(set) var bytes = 0

    /// No keyframes yet, at most `budget` bytes of them.
    public init(budget: Int = Keyframes.defaultBudget) {
        self.budget = budget
    }

    /// Whether a keyframe is due after `step` (the session's step count).
    public func isDue(after step: Int) -> Bool {
        budget > 0 && step % Keyframes.interval == 0 && (frames.last.map { step > $0.step } ?? true)
    }

    /// Keeps a keyframe (later than any kept); thins the past if over the budget.
    public mutating func record(_ frame: Frame) {
        guard frame.state.count <= budget else { return }
        drop(after: frame.step - 1)
        frames.append(frame)
        bytes += frame.state.count
        prune()
        while bytes > budget && frames.count > 1 { thin() }
    }

    /// The last keyframe at or before `step`.
    public func latest(atOrBefore step: Int) -> Frame? {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].step <= step { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? frames[lo - 1] : nil
    }

    /// Forgets the keyframes after `step` (a branch from `step` leaves that future).
    public mutating func drop(after step: Int) {
        while let last = frames.last, last.step > step {
            bytes -= last.state.count
            frames.removeLast()
        }
    }

    /// Steps between the older keyframes (those before the last
    /// `recentSteps`): the interval, doubled each time the budget was met.
    public private(set) var olderSpacing = Keyframes.interval

    /// Drops the older keyframes that are off the older spacing (a keyframe
    /// leaving the recent part, or all of them after a thinning), so the older
    /// past stays evenly spaced: resuming anywhere in it costs at most the spacing.
    private mutating func prune() {
        guard olderSpacing > Keyframes.interval, let last = frames.last else { return }
        let recentFrom = last.step - Keyframes.recentSteps
        var kept: [Frame] = []
        kept.reserveCapacity(frames.count)
        for frame in frames {
            if frame.step <= recentFrom && frame.step % olderSpacing != 0 {
                bytes -= frame.state.count
            } else {
                kept.append(frame)
            }
        }
        frames = kept
    }

    /// Doubles the older keyframes' spacing; when there are not two of them,
    /// the recent ones are thinned instead (every other one, the last kept);
    /// when that drops nothing (two left), the older of the two goes, so that
    /// each call frees something.
    private mutating func thin() {
        let recentFrom = (frames.last?.step ?? 0) - Keyframes.recentSteps
        if frames.count(where: { $0.step <= recentFrom }) >= 2 {
            olderSpacing *= 2
            prune()
            return
        }
        var kept: [Frame] = []
        for (i, frame) in frames.enumerated() {
            if i % 2 == 1 && i != frames.count - 1 { bytes -= frame.state.count } else { kept.append(frame) }
        }
        if kept.count == frames.count, frames.count > 1 {
            bytes -= kept[0].state.count
            kept.removeFirst()
        }
        frames = kept
    }
}
