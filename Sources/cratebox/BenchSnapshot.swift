import ArgumentParser
import Simulation

/// `cratebox bench snapshot`: the exact state's cost on piles of crates, beside
/// what it saves (re-simulating from step 0 to the same moment).
struct BenchSnapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Time writing and reading back a world's exact state on awake piles of crates, against re-simulating to the same step.",
        discussion: "Each pile runs --steps steps first (contacts cached, every crate awake), then the median of --runs runs of each figure is printed."
    )

    @OptionGroup var options: BenchOptions

    @Option(parsing: .upToNextOption, help: "Pile sizes, in crates.")
    var crates: [Int] = [1000, 10000]

    @Option(help: "Steps run before the snapshot.")
    var steps = 240

    func validate() throws {
        guard crates.allSatisfy({ (1...World.maxBodies).contains($0) }) else { throw ValidationError("--crates must be between 1 and \(World.maxBodies)") }
        guard (0...100_000).contains(steps) else { throw ValidationError("--steps must be between 0 and 100000") }
    }

    func run() throws {
        let clock = ContinuousClock(), runs = options.runs(5), f = Figures.self
        var objects: [String] = []
        for n in crates {
            let scene = try Pile.scene(crates: n).scene
            let world = try World(scene: scene)
            let start = clock.now
            try world.step(steps)
            let resimulate = (clock.now - start).seconds
            var writes: [Double] = [], reads: [Double] = [], size = 0
            for _ in 0..<runs {
                var t = clock.now
                let bytes = try world.snapshot()
                writes.append((clock.now - t).seconds)
                size = bytes.count
                t = clock.now
                let copy = try World(scene: scene, snapshot: bytes)
                reads.append((clock.now - t).seconds)
                guard copy.stateHash == world.stateHash else { throw Failure.failed("the copy of \(n) crates reads back wrong") }
            }
            if options.json {
                objects.append("{\"crates\": \(n), \"steps\": \(steps), \"bytes\": \(size), \"snapshotMs\": \(f.ms(f.median(writes))), \"restoreMs\": \(f.ms(f.median(reads))), \"resimulateMs\": \(f.ms(resimulate))}")
            } else {
                say("\(n) crates after \(steps) steps: \(f.fixed(Double(size) / 1_048_576, 2)) MiB; snapshot \(f.ms(f.median(writes))) ms, restore \(f.ms(f.median(reads))) ms (median of \(runs)); re-simulating the \(steps) steps: \(f.ms(resimulate)) ms")
            }
        }
        if options.json { say("[" + objects.joined(separator: ", ") + "]") }
    }
}
