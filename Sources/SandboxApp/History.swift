import Render

/// The time machine's memory: a snapshot of what drawing needs after each step
/// of the live session, so that scrubbing back is instant. Bounded in bytes:
/// when full, frames older than the most recent `fullRate` steps are thinned
/// (every other one dropped), so the recent past stays at full step rate and
/// the older past gets coarser; only when the recent past alone is over the
/// bound is it thinned too.
struct History {
    /// 256 MB by default: 60 s of a 1,000-body scene at 120 steps a second takes about 175 MB.
    static let defaultBudget = 256 << 20
    /// Steps kept at full rate when the budget allows: 60 s.
    static let fullRate = 7_200

    let budget: Int
    private(set) var frames: [DrawnWorld] = []
    private(set) var bytes = 0

    init(budget: Int = History.defaultBudget) {
        self.budget = budget
    }

    var firstStep: Int? { frames.first?.stepCount }
    var lastStep: Int? { frames.last?.stepCount }

    /// Keeps the state after a step (a later step than any kept, or it replaces
    /// the frames from its step on, as after a branch).
    mutating func record(_ snapshot: DrawnWorld) {
        drop(from: snapshot.stepCount)
        let frame = snapshot.atRest()
        frames.append(frame)
        bytes += frame.keptBytes
        while bytes > budget && frames.count > 1 { thin() }
    }

    /// The kept frame at `step`, or the nearest one before it (or the first).
    func frame(at step: Int) -> DrawnWorld? {
        guard !frames.isEmpty else { return nil }
        var lo = 0, hi = frames.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if frames[mid].stepCount <= step { lo = mid } else { hi = mid - 1 }
        }
        return frames[lo]
    }

    /// Forgets the frames from `step` on (a branch leaves that future).
    mutating func drop(from step: Int) {
        while let last = frames.last, last.stepCount >= step {
            bytes -= last.keptBytes
            frames.removeLast()
        }
    }

    /// Drops every other frame of the older part.
    private mutating func thin() {
        let older = frames.count - History.fullRate
        let end = older >= 2 ? older : max(2, frames.count / 2)
        var kept: [DrawnWorld] = []
        kept.reserveCapacity(frames.count)
        for (i, frame) in frames.enumerated() {
            if i < end && i % 2 == 1 {
                bytes -= frame.keptBytes
            } else {
                kept.append(frame)
            }
        }
        frames = kept
    }
}
