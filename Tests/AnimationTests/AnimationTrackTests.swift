import Testing
@testable import Animation

@Suite struct AnimationTrackTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    @Test func valuesAtAndBetweenKeyTimes() throws {
        let track = try AnimationTrack(values: [0.0, 10, 30], keyTimes: [0, 0.25, 1], duration: 2)
        #expect(track.value(at: 0) == 0)
        #expect(track.value(at: 0.5) == 10)       // key time 0.25 of 2 s
        #expect(close(track.value(at: 0.25), 5))  // halfway through the first segment
        #expect(close(track.value(at: 1.25), 20)) // halfway through the second
        #expect(track.value(at: 2) == 30)
        #expect(track.value(at: 99) == 30)        // holds its last value
        #expect(track.value(at: -1) == 0)         // and its first before it begins
    }

    @Test func keyTimesDefaultToEvenlySpaced() throws {
        let track = try AnimationTrack(values: [0.0, 1, 0, 1], duration: 3)
        #expect(track.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(close(track.value(at: 1), 1) && close(track.value(at: 2), 0))
    }

    @Test func oneTimingFunctionPerSegment() throws {
        let track = try AnimationTrack(values: [0.0, 100, 0], timingFunctions: [.easeIn, .easeOut], duration: 2)
        #expect(close(track.value(at: 0.5), 100 * TimingFunction.easeIn(0.5)))
        #expect(close(track.value(at: 1.5), 100 - 100 * TimingFunction.easeOut(0.5)))
        #expect(throws: AnimationTrack<Double>.Problem.timingFunctionsCount(1, expected: 2)) {
            try AnimationTrack(values: [0.0, 1, 2], timingFunctions: [.linear], duration: 1)
        }
    }

    @Test func beginTimeRepeatAndAutoreverse() throws {
        let track = try AnimationTrack(values: [0.0, 10], duration: 1, beginTime: 2, repeatCount: .times(2), autoreverses: true)
        #expect(track.value(at: 1) == 0)             // not begun
        #expect(close(track.value(at: 2.5), 5))       // going
        #expect(track.value(at: 3) == 10)             // there
        #expect(close(track.value(at: 3.25), 7.5))    // coming back
        #expect(track.value(at: 4) == 0)              // back: one repeat done
        #expect(close(track.value(at: 4.5), 5))       // second repeat
        #expect(track.value(at: 6) == 0 && track.value(at: 60) == 0)  // ended where it started
        let forever = try AnimationTrack(values: [0.0, 10], duration: 1, repeatCount: .forever)
        #expect(close(forever.value(at: 1000.5), 5))
        let half = try AnimationTrack(values: [0.0, 10], duration: 1, repeatCount: .times(1.5))
        #expect(close(half.value(at: 9), 5))          // stops halfway through the second play
    }

    @Test func anglesFollowTheValuesNotTheShortestPath() throws {
        let spin = try AnimationTrack(values: [0.0, 3 * Double.pi], duration: 1)
        #expect(close(spin.value(at: 0.5), 1.5 * Double.pi))
    }

    @Test func byAnimationsAndCumulativeRepeats() throws {
        let by = try AnimationTrack.basic(from: 10.0, by: 5, duration: 1)
        #expect(by.values == [10, 15])
        let spin = try AnimationTrack(values: [0.0, 2 * Double.pi], duration: 1, repeatCount: .forever, cumulative: true)
        #expect(close(spin.value(at: 1), 2 * Double.pi))
        #expect(close(spin.value(at: 1.5), 3 * Double.pi))  // no jump back at the repeat
        #expect(close(spin.value(at: 2.25), 4.5 * Double.pi))
        #expect(!spin.jumpsOnRepeat)
        #expect(try AnimationTrack(values: [0.0, 1], duration: 1, repeatCount: .times(2)).jumpsOnRepeat)
        #expect(try !AnimationTrack(values: [0.0, 1], duration: 1, repeatCount: .times(2), autoreverses: true).jumpsOnRepeat)
    }

    @Test func fractionalRepeatWithAutoreverseStopsMidWay() throws {
        let track = try AnimationTrack(values: [0.0, 10], duration: 1, repeatCount: .times(0.75), autoreverses: true)
        #expect(close(track.value(at: 1.5), 5))  // three quarters of there-and-back: halfway back
        #expect(close(track.value(at: 50), 5))
    }

    @Test func equalKeyTimesJump() throws {
        let track = try AnimationTrack(values: [0.0, 0, 10, 10], keyTimes: [0, 0.5, 0.5, 1], duration: 2)
        #expect(track.value(at: 0.99) == 0 && track.value(at: 1) == 10 && track.value(at: 1.5) == 10)
    }

    @Test func positionsInterpolatePerComponent() throws {
        let track = try AnimationTrack.basic(from: Point2(0, 10), to: Point2(100, -10), duration: 4)
        #expect(track.value(at: 1) == Point2(25, 5))
    }

    @Test func invalidTracksAreRefused() {
        #expect(throws: AnimationTrack<Double>.Problem.tooFewValues) { try AnimationTrack(values: [1.0], duration: 1) }
        #expect(throws: AnimationTrack<Double>.Problem.keyTimesNotFromZeroToOne) { try AnimationTrack(values: [0.0, 1], keyTimes: [0.1, 1], duration: 1) }
        #expect(throws: AnimationTrack<Double>.Problem.keyTimesDecreasing(at: 2)) { try AnimationTrack(values: [0.0, 1, 2, 3], keyTimes: [0, 0.6, 0.5, 1], duration: 1) }
        #expect(throws: AnimationTrack<Double>.Problem.keyTimesCount(2, expected: 3)) { try AnimationTrack(values: [0.0, 1, 2], keyTimes: [0, 1], duration: 1) }
        #expect(throws: AnimationTrack<Double>.Problem.duration) { try AnimationTrack(values: [0.0, 1], duration: 0) }
        #expect(throws: AnimationTrack<Double>.Problem.repeatCount) { try AnimationTrack(values: [0.0, 1], duration: 1, repeatCount: .times(0)) }
    }

    /// The seed's bouncing ball as keyframes: values and key times of its
    /// bounce, easeIn falling and easeOut rising.
    @Test func theSeedsBounce() throws {
        let ys: [Double] = [32, 268, 140, 268, 220, 268, 250, 268]
        let times = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1]
        let functions = (0..<7).map { $0 % 2 == 0 ? TimingFunction.easeIn : .easeOut }
        let track = try AnimationTrack(values: ys, keyTimes: times, timingFunctions: functions, duration: 1)
        for (y, t) in zip(ys, times) { #expect(track.value(at: t) == y) }
        // Falling speeds up (ease in): less than half the drop at half the time.
        #expect(track.value(at: 0.15) - 32 < (268 - 32) / 2)
        // Rising slows down (ease out): more than half the rise at half the time.
        #expect(268 - track.value(at: 0.4) > (268 - 140) / 2)
    }
}
