import ArgumentParser
import JSONText
import ReferenceRunner
import SceneFormat
import Simulation

/// `cratebox bench`: measurements against plain C on the same library, each a
/// subcommand (`step` by default). Measure release builds (swift build -c release).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure World, the window and the painter against plain C on the same scene and library.",
        discussion: "Measure release builds (swift build -c release). Each subcommand prints its figures; --json prints one object.",
        subcommands: [BenchStep.self, BenchWindow.self, BenchCapacity.self, BenchDraw.self, BenchStart.self, BenchReset.self, BenchSnapshot.self, BenchResume.self, BenchLoop.self, BenchScript.self],
        defaultSubcommand: BenchStep.self
    )
}

/// What every benchmark takes: how many paired runs, and JSON output.
struct BenchOptions: ParsableArguments {
    @Option(name: .customLong("runs"), help: "Paired runs (each subcommand has its default).")
    var pairedRuns: Int?

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    func validate() throws {
        if let pairedRuns, !(1...1000).contains(pairedRuns) { throw ValidationError("--runs must be between 1 and 1000") }
    }

    /// The runs asked for, or `fallback`.
    func runs(_ fallback: Int) -> Int { pairedRuns ?? fallback }
}

/// The arithmetic of the figures.
enum Figures {
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        guard n > 0 else { return 0 }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    static func micro(_ seconds: Double) -> String { fixed(seconds * 1e6, 2) }
    static func ms(_ seconds: Double) -> String { fixed(seconds * 1e3, 2) }
    static func fixed(_ x: Double, _ digits: Int) -> String { NumberText.fixed(x, digits) }
}

/// `bench step` (the default): World's step against the plain C runner.
struct BenchStep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "step",
        abstract: "Time World's step against the plain C runner on the same scene and library.",
        discussion: """
        Each run builds both worlds, then times the same steps on each (the order
        alternates between runs). The result is the median of the per-run ratios
        World / C: 1.00 means no overhead; the project aims at 1.05 or less.
        """
    )

    @OptionGroup var input: SceneArgument
    @OptionGroup var options: BenchOptions

    @Option(help: "Steps timed in each run.")
    var steps = 1200

    /// Steps each world runs untimed before its timed steps.
    static let warmUp = 120

    func validate() throws {
        guard (1...1_000_000).contains(steps) else { throw ValidationError("--steps must be between 1 and 1000000") }
    }

    func run() throws {
        let scene = try input.load().scene
        guard CRunnerWorld.supports(scene) else {
            throw Failure.failed("\(input.name): the plain C runner does not animate bodies; bench a scene without \"animation\"")
        }
        let clock = ContinuousClock(), runs = options.runs(11)
        var worldTimes: [Double] = [], cTimes: [Double] = [], ratios: [Double] = []
        var worldHash: UInt64 = 0, cHash: UInt64 = 0
        for run in 0..<runs {
            let world = try World(scene: scene)
            let c = CRunnerWorld(scene: scene)
            // Untimed warm-up: first contacts, allocations and caches, on both.
            try world.step(Self.warmUp)
            c.step(Self.warmUp)
            var tWorld = 0.0, tC = 0.0
            let timeWorld = { () throws -> Void in
                let start = clock.now
                try world.step(steps)
                tWorld = (clock.now - start).seconds
            }
            let timeC = {
                let start = clock.now
                c.step(steps)
                tC = (clock.now - start).seconds
            }
            if run % 2 == 0 { try timeWorld(); timeC() } else { timeC(); try timeWorld() }
            worldTimes.append(tWorld / Double(steps))
            cTimes.append(tC / Double(steps))
            ratios.append(tWorld / tC)
            worldHash = world.stateHash
            cHash = c.stateHash
        }
        let bodies = scene.bodies.count, f = Figures.self
        guard worldHash == cHash else {
            throw Failure.failed("bench: the hashes differ: World \(StateHash.hex(worldHash)), C \(StateHash.hex(cHash))")
        }
        if options.json {
            say("{\"worldUsPerStep\": \(f.micro(f.median(worldTimes))), \"cUsPerStep\": \(f.micro(f.median(cTimes))), \"ratio\": \(f.fixed(f.median(ratios), 3)), \"hash\": \"\(StateHash.hex(worldHash))\"}")
            return
        }
        say("bench: \(scene.name) (\(bodies) bod\(bodies == 1 ? "y" : "ies")), \(steps) steps x \(runs) paired runs")
        say("  World (Swift): \(f.micro(f.median(worldTimes))) us/step")
        say("  plain C:       \(f.micro(f.median(cTimes))) us/step")
        say("  ratio:         \(f.fixed(f.median(ratios), 3)) (median World/C; aim <= 1.05)")
        say("  hashes agree:  \(StateHash.hex(worldHash))")
    }
}

/// `bench reset`: a reset (teardown and rebuild) and a teardown alone.
struct BenchReset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Time a reset (tearing the world down and building it again) and a teardown alone, after --steps steps (contacts cached)."
    )

    @OptionGroup var input: SceneArgument
    @OptionGroup var options: BenchOptions

    @Option(help: "Steps run before each reset, so that contacts are cached.")
    var steps = 240

    func validate() throws {
        guard (0...1_000_000).contains(steps) else { throw ValidationError("--steps must be between 0 and 1000000") }
    }

    func run() throws {
        let scene = try input.load().scene, runs = options.runs(11)
        let clock = ContinuousClock()
        var resets: [Double] = [], teardowns: [Double] = []
        for _ in 0..<runs {
            let world = try World(scene: scene)
            try world.step(steps)
            var start = clock.now
            try world.apply(.reset)
            resets.append((clock.now - start).seconds)
            var doomed: World? = try World(scene: scene)
            try doomed?.step(steps)
            start = clock.now
            doomed = nil
            teardowns.append((clock.now - start).seconds)
        }
        let f = Figures.self
        if options.json {
            say("{\"resetMs\": \(f.ms(f.median(resets))), \"teardownMs\": \(f.ms(f.median(teardowns)))}")
            return
        }
        say("\(scene.name): \(scene.bodies.count) bodies, after \(steps) steps, median of \(runs) runs")
        say("reset (teardown and rebuild): \(f.ms(f.median(resets))) ms")
        say("teardown alone: \(f.ms(f.median(teardowns))) ms")
    }
}

extension Swift.Duration {
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}
