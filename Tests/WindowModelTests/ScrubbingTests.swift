import Testing
import WindowModel

/// Backspace held runs through the past faster the longer it is held. No SDL.
@Suite struct ScrubbingTests {
    @Test func realTimeAtFirstTwiceAfterASecondSixteenTimesAfterFour() {
        var scrubbing = Scrubbing()
        let frame = 1.0 / 60
        #expect(scrubbing.steps(direction: -1, frame: frame, now: 10) == -2, "a frame of real time: two steps")
        #expect(scrubbing.steps(direction: -1, frame: frame, now: 11) == -4)
        #expect(scrubbing.steps(direction: 1, frame: frame, now: 15) == 32, "forwards with Shift, at 16 times")
        #expect(scrubbing.steps(direction: -1, frame: frame, now: 30) == -32, "no faster than 16 times")
        #expect(scrubbing.steps(direction: -1, frame: 0, now: 30) == -16, "a frame shorter than a step counts as one step")
        // Let go: nothing, and the next hold starts at real time again.
        #expect(scrubbing.steps(direction: nil, frame: frame, now: 31) == nil)
        #expect(scrubbing.steps(direction: -1, frame: frame, now: 40) == -2)
    }
}
