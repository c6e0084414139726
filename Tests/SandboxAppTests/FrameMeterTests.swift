import Testing
@testable import SandboxApp

/// The window's pace, without a window: the frame rate smoothed, and
/// "physics is behind" said once per session shown.
@Suite struct FrameMeterTests {
    @Test func theRateIsSmoothedAndFallingBehindIsSaidOnce() {
        var meter = FrameMeter()
        meter.frame(0)
        #expect(meter.fps == 0, "the window opening is not a frame")
        for _ in 0..<200 { meter.frame(1.0 / 60) }
        #expect(abs(meter.fps - 60) < 0.01)
        var status = PhysicsStatus()
        let keepingUp = meter.fellBehind(status)
        status.droppedTime = 0.1
        let first = meter.fellBehind(status), second = meter.fellBehind(status)
        meter.newSession()
        let again = meter.fellBehind(status)
        #expect(!keepingUp && first && !second)
        #expect(again, "news again in another session")
    }
}
