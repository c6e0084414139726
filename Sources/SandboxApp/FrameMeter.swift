/// The window's own pace: the frame rate the HUD shows (smoothed over about
/// twenty frames), whether it has said that physics cannot keep up (once per
/// session shown), and the figures `bench window` reports. No SDL: fed frame
/// durations and the physics thread's status.
struct FrameMeter {
    /// Frames per second, smoothed.
    private(set) var fps = 0.0
    /// Whether "physics is behind" was said since the session shown began.
    private var saidBehind = false
    /// Frame intervals and drawing times, when benchmarking.
    var figures = FrameFigures()

    /// A frame of `seconds` (0: the first, which is the window opening, not a frame).
    mutating func frame(_ seconds: Double) {
        fps += ((seconds > 0 ? 1 / seconds : 0) - fps) * 0.05
    }

    /// True once, the first time the physics thread dropped sim time in the
    /// session shown: the HUD says so then, and not again.
    mutating func fellBehind(_ status: PhysicsStatus) -> Bool {
        guard status.droppedTime > 0, !saidBehind else { return false }
        saidBehind = true
        return true
    }

    /// Another session is shown: falling behind is news again.
    mutating func newSession() {
        saidBehind = false
    }
}
