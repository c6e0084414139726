import Testing
@testable import WindowModel
import TestSupport

@Suite struct FixedStepClockTests {
    @Test func stepsAndAlphaFromFrameDurations() {
        var clock = FixedStepClock()
        // 1/60 s frames: two steps each, nothing left over.
        for _ in 0..<10 {
            let tick = clock.advance(by: 1.0 / 60)
            #expect(tick.steps == 2 && tick.dropped == 0)
            #expect(tick.alpha < 1e-9)
        }
        // 1/144 s frames: a step most frames, and alpha tracks the remainder.
        var clock2 = FixedStepClock()
        var total = 0
        for _ in 0..<144 {
            let tick = clock2.advance(by: 1.0 / 144)
            #expect(tick.alpha >= 0 && tick.alpha < 1)
            total += tick.steps
        }
        #expect(total == 120 || total == 119)  // one second of display time, up to rounding
        #expect(clock2.droppedTime == 0)
    }

    @Test func nonsenseDurationsAreIgnored() {
        var clock = FixedStepClock()
        #expect(clock.advance(by: .nan).steps == 0)
        #expect(clock.advance(by: -1).steps == 0)
        #expect(clock.advance(by: .infinity).steps == 0)
    }

    @Test func aLongFrameIsClampedAndTheRestDropped() {
        var clock = FixedStepClock(maxFrameDuration: 0.25, maxStepsPerFrame: 8)
        let tick = clock.advance(by: 5)  // the app stalled for five seconds
        #expect(tick.steps == 8)
        #expect(abs(clock.droppedTime - (5 - 8.0 / 120)) < 1e-9)
        #expect(clock.droppedFrames == 1)
        #expect(clock.accumulator < clock.stepDuration)
    }

    /// The spiral of death, simulated: each step costs 1.5 times the time it
    /// simulates. A naive accumulator loop needs ever more steps per frame; the
    /// clock keeps the work per frame bounded and drops the time it cannot afford.
    @Test func slowPhysicsCannotSpiral() {
        let step = 1.0 / 120, stepCost = 1.5 * step, render = 0.002

        // The naive loop: run every step the accumulator holds.
        var naiveAccumulator = 0.0, naiveFrame = 1.0 / 60
        var naiveSteps: [Int] = []
        for _ in 0..<20 {
            naiveAccumulator += naiveFrame
            let steps = Int(naiveAccumulator / step)
            naiveAccumulator -= Double(steps) * step
            naiveSteps.append(steps)
            naiveFrame = render + Double(steps) * stepCost
        }
        #expect(naiveSteps.last! > 100 * naiveSteps.first!)  // it grows without end

        var clock = FixedStepClock()
        var frame = 1.0 / 60
        var worst = 0.0
        for _ in 0..<10_000 {
            let tick = clock.advance(by: frame)
            let physics = Double(tick.steps) * stepCost
            clock.record(physics: physics, steps: tick.steps, frame: frame)
            frame = render + physics
            worst = max(worst, frame)
        }
        // Work per frame stays bounded: at most the step cap, and once the cost is
        // known, what fits the physics budget.
        #expect(worst <= render + Double(clock.maxStepsPerFrame) * stepCost + 1e-12)
        #expect(frame <= render + clock.physicsBudget + stepCost)
        #expect(clock.droppedTime > 0 && clock.droppedFrames > 9000)
        #expect(clock.physicsShare > 0.5)
    }

    @Test func cheapPhysicsDropsNothingAndReportsItsShare() {
        var clock = FixedStepClock()
        for _ in 0..<600 {
            let tick = clock.advance(by: 1.0 / 60)
            clock.record(physics: Double(tick.steps) * 0.0005, steps: tick.steps, frame: 1.0 / 60)
        }
        #expect(clock.droppedTime == 0)
        #expect(abs(clock.physicsShare - 0.06) < 0.001)
        #expect(abs(clock.stepCost - 0.0005) < 1e-9)
    }

    /// A restart (after a pause) forgets the accumulator, not what was measured.
    @Test func aRestartKeepsTheFiguresAndForgetsTheAccumulator() {
        var clock = FixedStepClock()
        _ = clock.advance(by: 0.5)  // a stall: 0.25 s dropped
        clock.record(physics: 0.001, steps: 8, frame: 0.5)
        _ = clock.advance(by: 0.004)
        #expect(clock.accumulator > 0)
        let dropped = clock.droppedTime, cost = clock.stepCost
        clock.restart()
        #expect(clock.accumulator == 0 && clock.droppedTime == dropped && dropped > 0 && clock.stepCost == cost)
        #expect(clock.advance(by: 0).steps == 0)
    }
}
