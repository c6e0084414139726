/// Backspace held runs time through the remembered past (backwards, or
/// forwards with Shift), faster the longer it is held: real time at first,
/// twice as fast after a second, 16 times after four. A pure value fed the
/// frames: tested without SDL.
public struct Scrubbing: Sendable {
    /// When the key went down, while it is held.
    private var since: Double?

    /// Not scrubbing.
    public init() {}

    /// The steps to scrub by this frame of `frame` seconds ending at `now`
    /// (signed: `direction` is -1 back, +1 forwards), or nil when the key is
    /// not held (`direction` nil), which starts the speed-up over.
    public mutating func steps(direction: Int?, frame: Double, now: Double) -> Int? {
        guard let direction else {
            since = nil
            return nil
        }
        let held = now - (since ?? now)
        if since == nil { since = now }
        let speed = min(16, 1 + held * held)
        return direction * max(1, Int((max(frame, 1.0 / 120) * 120 * speed).rounded()))
    }
}
