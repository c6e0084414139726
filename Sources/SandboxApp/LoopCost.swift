import CrateboxReplay
import SceneFormat
import Simulation
import WindowModel

/// What the window's physics thread costs per step beyond the step itself,
/// measured headless on one thread (no drawing beside it to share the caches):
/// the World alone, the timeline (with the time machine's keyframes), and the
/// whole physics loop (poses for drawing, the publication, the drawn history),
/// each the thread's CPU seconds per step over the same steps of the same scene.
public struct LoopCost: Sendable {
    /// CPU seconds per step: `World.step`, `Timeline.step`, a `PhysicsLoop` pass of one step.
    public var world = 0.0, timeline = 0.0, loop = 0.0
    /// What the loop's keyframes cost over its measured steps.
    public var keyframes = KeyframeCost()

    /// Runs `scene` `warmUp` steps, then times `steps` more, three ways from
    /// the same start (the layers alternating, `runs` times; the medians).
    public static func measure(scene: Scene, text: String, warmUp: Int, steps: Int, runs: Int,
                               keyframeBudget: Int = Keyframes.defaultBudget) throws -> LoopCost {
        var world: [Double] = [], timeline: [Double] = [], loop: [Double] = []
        var cost = LoopCost()
        for _ in 0..<runs {
            world.append(try timeWorld(scene, warmUp: warmUp, steps: steps))
            timeline.append(try timeTimeline(scene, text: text, warmUp: warmUp, steps: steps, keyframeBudget: keyframeBudget))
            let (perStep, keyframes) = try timeLoop(scene, text: text, warmUp: warmUp, steps: steps, keyframeBudget: keyframeBudget)
            loop.append(perStep)
            cost.keyframes = keyframes
        }
        func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
        cost.world = median(world)
        cost.timeline = median(timeline)
        cost.loop = median(loop)
        return cost
    }

    static func timeWorld(_ scene: Scene, warmUp: Int, steps: Int) throws -> Double {
        let world = try World(scene: scene)
        try world.step(warmUp)
        let start = Monotonic.threadCPU
        try world.step(steps)
        return (Monotonic.threadCPU - start) / Double(steps)
    }

    static func timeTimeline(_ scene: Scene, text: String, warmUp: Int, steps: Int, keyframeBudget: Int) throws -> Double {
        let timeline = Timeline(try Session(LoadedScene(scene: scene, text: text, fileName: "scene.json")), keyframeBudget: keyframeBudget)
        _ = try timeline.step(warmUp)
        let start = Monotonic.threadCPU
        _ = try timeline.step(steps)
        return (Monotonic.threadCPU - start) / Double(steps)
    }

    /// The loop with a clock moved one step's time a pass (each pass steps once and publishes).
    static func timeLoop(_ scene: Scene, text: String, warmUp: Int, steps: Int, keyframeBudget: Int) throws -> (Double, KeyframeCost) {
        var configuration = PhysicsThread.Configuration()
        configuration.options.timeMachine.keyframeBudget = keyframeBudget
        let session = try Session(LoadedScene(scene: scene, text: text, fileName: "scene.json"))
        final class Clock { var now = 0.0 }  // moved by this function, read by the loop: one thread
        let clock = Clock()
        let loop = PhysicsLoop(timeline: configuration.timeline(.live(session)), captures: Captures(directory: "/nonexistent", sceneName: "bench"),
                               historyBudget: configuration.timeMachine.historyBudget, inbox: Locked(.init()), outbox: Locked(.init())) { clock.now }
        loop.lastPass = 0
        let tick = World.stepDuration * (1 + 1e-9)
        func run(_ count: Int) {
            while loop.world.stepCount < warmUp + count {
                clock.now += tick
                _ = loop.pass([])
            }
        }
        run(0)
        let before = loop.timeline.keyframeCost
        let start = Monotonic.threadCPU
        run(steps)
        let perStep = (Monotonic.threadCPU - start) / Double(steps)
        var keyframes = loop.timeline.keyframeCost
        keyframes.count -= before.count
        keyframes.bytes -= before.bytes
        keyframes.seconds -= before.seconds
        return (perStep, keyframes)
    }
}
