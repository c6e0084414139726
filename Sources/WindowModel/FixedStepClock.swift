import Animation
import CrateboxGeometry

/// The accumulator of the seed's loop. The app feeds it each frame's real
/// duration and it answers how many fixed steps to run and how far between
/// the last two steps to draw (alpha). It never reads a clock itself.
///
/// The spiral of death: when a step costs more real time than it simulates, a
/// naive loop runs more steps each frame, which makes the next frame longer
/// still, until the app freezes. This clock breaks the spiral three ways: a
/// long frame is clamped, the steps of one frame are capped, and the steps are
/// also limited to what the measured step cost fits into the physics budget.
/// Time it cannot afford is dropped (and counted): a slow frame costs
/// simulated time, never a freeze.
public struct FixedStepClock: Sendable {
    public struct Tick: Equatable, Sendable {
        /// Steps to run now.
        public var steps: Int
        /// Where to draw between the previous and the current state, in [0, 1).
        public var alpha: Double
        /// Simulated time given up this frame, in seconds.
        public var dropped: Double
    }

    public let stepDuration: Double
    /// A frame longer than this counts as this long (a stall, a breakpoint).
    public var maxFrameDuration: Double
    /// Never more steps than this in one frame.
    public var maxStepsPerFrame: Int
    /// Real seconds of physics allowed per frame, once the step cost is known.
    public var physicsBudget: Double

    public private(set) var accumulator = 0.0
    /// Total simulated time dropped so far, in seconds.
    public private(set) var droppedTime = 0.0
    /// How many frames dropped time.
    public private(set) var droppedFrames = 0
    /// Smoothed real seconds per step, from `record`.
    public private(set) var stepCost = 0.0
    /// Smoothed share of real time spent in physics (0.5 = half of it).
    public private(set) var physicsShare = 0.0

    public init(stepDuration: Double = 1.0 / 120.0, maxFrameDuration: Double = 0.25,
                maxStepsPerFrame: Int = 8, physicsBudget: Double = 1.0 / 30.0) {
        precondition(stepDuration > 0 && maxFrameDuration >= stepDuration && maxStepsPerFrame >= 1 && physicsBudget > 0)
        self.stepDuration = stepDuration
        self.maxFrameDuration = maxFrameDuration
        self.maxStepsPerFrame = maxStepsPerFrame
        self.physicsBudget = physicsBudget
    }

    /// The most steps this frame may run: the cap, and what the budget affords.
    public var stepLimit: Int {
        guard stepCost > 0 else { return maxStepsPerFrame }
        let affordable = Int((physicsBudget / stepCost).rounded(.down))
        return max(1, min(maxStepsPerFrame, affordable))
    }

    /// Feeds one frame's real duration (seconds, scaled by the time scale if
    /// the app slows time) and answers what to do this frame.
    public mutating func advance(by frameDuration: Double) -> Tick {
        var dt = frameDuration.isFinite && frameDuration > 0 ? frameDuration : 0
        var dropped = 0.0
        if dt > maxFrameDuration {
            dropped += dt - maxFrameDuration
            dt = maxFrameDuration
        }
        accumulator += dt
        var steps = Int((accumulator / stepDuration).rounded(.down))
        let limit = stepLimit
        if steps > limit {
            dropped += Double(steps - limit) * stepDuration
            accumulator -= Double(steps - limit) * stepDuration
            steps = limit
        }
        accumulator -= Double(steps) * stepDuration
        if accumulator < 0 { accumulator = 0 }  // rounding
        if dropped > 0 {
            droppedTime += dropped
            droppedFrames += 1
        }
        return Tick(steps: steps, alpha: min(accumulator / stepDuration, 1), dropped: dropped)
    }

    /// Starts counting afresh from now (after a pause, or while showing the
    /// past): what was left in the accumulator is forgotten, the figures
    /// measured so far (dropped time, step cost) are kept.
    public mutating func restart() {
        accumulator = 0
    }

    /// Tells the clock what the last frame cost: `physics` real seconds for
    /// `steps` steps, in a frame that took `frame` real seconds.
    public mutating func record(physics: Double, steps: Int, frame: Double) {
        let smoothing = 0.1
        if steps > 0, physics.isFinite, physics >= 0 {
            let cost = physics / Double(steps)
            stepCost = stepCost == 0 ? cost : stepCost + smoothing * (cost - stepCost)
        }
        if frame > 0, frame.isFinite, physics.isFinite {
            physicsShare += smoothing * (min(physics / frame, 1) - physicsShare)
        }
    }
}
