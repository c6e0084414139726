import ArgumentParser
import JSONText
import ReferenceRunner
import SandboxApp
import SceneFormat
import Simulation
import WindowModel

/// `bench loop`: what the window's physics thread adds to a step, headless
/// and on one thread, layer by layer against plain C on the same scene.
struct BenchLoop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop",
        abstract: "Time the physics thread's layers headless on an awake pile: plain C, World, the timeline (keyframes), the whole loop (poses, publication, history).",
        discussion: "Each layer runs --steps steps after --warm-up from the same start, alternating, --runs times; the medians, as CPU ms per step and as ratios to plain C."
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Crates in the pile.")
    var crates = 1000

    @Option(help: "Steps run before the timed ones.")
    var warmUp = 240

    @Option(help: "Steps timed.")
    var steps = 480

    @Option(help: "The keyframes' memory bound, in MB (0: none).")
    var keyframesMb = 1024

    func validate() throws {
        guard (1...World.maxBodies).contains(crates) else { throw ValidationError("--crates must be between 1 and \(World.maxBodies)") }
        guard (0...100_000).contains(warmUp), (1...100_000).contains(steps) else { throw ValidationError("--warm-up and --steps must be between 0 (1) and 100000") }
        guard (0...65_536).contains(keyframesMb) else { throw ValidationError("--keyframes-mb must be between 0 and 65536") }
    }

    func run() throws {
        let pile = try Pile.scene(crates: crates)
        let runs = options.runs(5)
        var cs: [Double] = []
        for _ in 0..<runs {
            let c = CRunnerWorld(scene: pile.scene)
            c.step(warmUp)
            let start = Monotonic.threadCPU
            c.step(steps)
            cs.append((Monotonic.threadCPU - start) / Double(steps))
        }
        let c = Figures.median(cs)
        let cost = try LoopCost.measure(scene: pile.scene, text: pile.text, warmUp: warmUp, steps: steps, runs: runs, keyframeBudget: keyframesMb << 20)
        let ms = { (x: Double) in NumberText.fixed(x * 1e3, 3) }, r = { (x: Double) in NumberText.fixed(x / c, 3) }
        if options.json {
            say("{\"cMsPerStep\": \(ms(c)), \"worldMsPerStep\": \(ms(cost.world)), \"timelineMsPerStep\": \(ms(cost.timeline)), \"loopMsPerStep\": \(ms(cost.loop)), "
                + "\"keyframes\": \(cost.keyframes.count), \"keyframeMsEach\": \(ms(cost.keyframes.count > 0 ? cost.keyframes.seconds / Double(cost.keyframes.count) : 0))}")
            return
        }
        say("loop: \(crates) awake crates, \(steps) steps after \(warmUp), median of \(runs) runs, CPU ms per step (ratio to plain C):")
        say("  plain C:   \(ms(c))")
        say("  World:     \(ms(cost.world)) (\(r(cost.world)))")
        say("  timeline:  \(ms(cost.timeline)) (\(r(cost.timeline))): + the time machine's keyframes, \(cost.keyframes.count) of them in the loop's steps")
        say("  the loop:  \(ms(cost.loop)) (\(r(cost.loop))): + poses for drawing, the publication, the drawn history")
    }
}
