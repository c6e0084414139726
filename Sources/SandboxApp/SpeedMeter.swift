/// How fast the simulation runs against real time, over about half a second
/// of play: 2 at time x2 when it keeps up, 0.25 at x1/4. Time paused or spent
/// showing the past is not play time and is not measured; a change of time
/// scale starts a new measure (mixing the two speeds read 368 % or 58 %), and
/// until it has one, the speed asked for is shown.
struct SpeedMeter {
    /// Real seconds a measure takes.
    static let span = 0.5
    /// Sim seconds per real second, as last measured (or asked for).
    private(set) var value = 1.0
    private var real = 0.0, sim = 0.0

    /// `real` seconds of play passed, in which `sim` seconds were simulated.
    mutating func record(real: Double, sim: Double) {
        guard real > 0 || sim > 0 else { return }
        self.real += real
        self.sim += sim
        if self.real >= SpeedMeter.span {
            value = self.sim / self.real
            (self.real, self.sim) = (0, 0)
        }
    }

    /// The time scale changed (or play resumed): measure afresh, showing `expected` meanwhile.
    mutating func restart(expecting expected: Double) {
        value = expected
        (real, sim) = (0, 0)
    }
}
