/// Something kept of a past step: which step, and how many bytes it holds.
public protocol PastFrame {
    /// The step it is of.
    var step: Int { get }
    /// The bytes it keeps (what the budget counts).
    var keptBytes: Int { get }
}

/// A past kept within a byte budget, the one policy of the time machine's two
/// memories (the drawn history, every step; the exact keyframes, every 40th):
/// frames in step order, one every `interval` steps while there is room; when
/// full, those older than the last `recentSteps` are thinned to an even
/// spacing twice as wide (again and again), so the recent past stays dense and
/// the older past evenly coarser (resuming anywhere in it costs at most the
/// spacing); only when the recent ones alone are over the bound are they
/// thinned too. A frame larger than the whole budget is not kept.
public struct ThinnedPast<Frame: PastFrame> {
    /// The most bytes the frames may take (0: none are kept).
    public let budget: Int
    /// Steps between frames at the full rate.
    public let interval: Int
    /// Steps kept at the full rate when the budget allows.
    public let recentSteps: Int
    /// The frames kept, oldest first.
    public private(set) var frames: [Frame] = []
    /// The bytes the frames take.
    public private(set) var bytes = 0
    /// Steps between the older frames: the interval, doubled each time the budget was met.
    public private(set) var olderSpacing: Int

    /// Nothing kept yet.
    public init(budget: Int, interval: Int, recentSteps: Int) {
        self.budget = budget
        self.interval = interval
        self.recentSteps = recentSteps
        olderSpacing = interval
    }

    /// Keeps a frame; the frames from its step on go first (a branch's
    /// future is not this one's). Thins the past if over the budget.
    public mutating func record(_ frame: Frame) {
        guard frame.keptBytes <= budget else { return }
        drop(after: frame.step - 1)
        frames.append(frame)
        bytes += frame.keptBytes
        prune()
        while bytes > budget && frames.count > 1 { thin() }
    }

    /// The last frame at or before `step`.
    public func latest(atOrBefore step: Int) -> Frame? {
        let after = firstIndex(after: step)
        return after > 0 ? frames[after - 1] : nil
    }

    /// Forgets the frames after `step` (a branch from `step` leaves that future).
    public mutating func drop(after step: Int) {
        while let last = frames.last, last.step > step {
            bytes -= last.keptBytes
            frames.removeLast()
        }
    }

    /// Older frames up to this step are on the older spacing already: each
    /// record only checks those that just left the recent part.
    private var prunedThrough = Int.min

    /// Drops the older frames that are off the older spacing: those that just
    /// left the recent part, or with `all` (after a thinning) every older one.
    private mutating func prune(all: Bool = false) {
        guard olderSpacing > interval, let last = frames.last else { return }
        let recentFrom = last.step - recentSteps
        let from = all ? Int.min : prunedThrough
        guard recentFrom > from else { return }
        let lo = firstIndex(after: from), hi = firstIndex(after: recentFrom)
        if lo < hi {
            var kept: [Frame] = []
            for frame in frames[lo..<hi] {
                if frame.step % olderSpacing != 0 { bytes -= frame.keptBytes } else { kept.append(frame) }
            }
            if kept.count != hi - lo { frames.replaceSubrange(lo..<hi, with: kept) }
        }
        prunedThrough = recentFrom
    }

    /// The index of the first frame after `step`.
    private func firstIndex(after step: Int) -> Int {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].step <= step { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Doubles the older frames' spacing; when there are not two of them, the
    /// recent ones are thinned instead (every other one, the last kept); when
    /// that drops nothing (two left), the older of the two goes, so that each
    /// call frees something.
    private mutating func thin() {
        let recentFrom = (frames.last?.step ?? 0) - recentSteps
        if frames.count(where: { $0.step <= recentFrom }) >= 2 {
            olderSpacing *= 2
            prune(all: true)
            return
        }
        var kept: [Frame] = []
        for (i, frame) in frames.enumerated() {
            if i % 2 == 1 && i != frames.count - 1 { bytes -= frame.keptBytes } else { kept.append(frame) }
        }
        if kept.count == frames.count, frames.count > 1 {
            bytes -= kept[0].keptBytes
            kept.removeFirst()
        }
        frames = kept
    }
}

/// A past whose frames may cross threads may too (the window hands a reloaded run's history to the next physics thread).
extension ThinnedPast: Sendable where Frame: Sendable {}
