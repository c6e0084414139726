import ArgumentParser
import JSONText
import ReferenceRunner
import SceneFormat
import Simulation

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time World's step against the plain C runner on the same scene and library.",
        discussion: """
        Each run builds both worlds, then times the same steps on each (the order
        alternates between runs). The result is the median of the per-run ratios
        World / C: 1.00 means no overhead; the project aims at 1.05 or less.
        Measure release builds (swift build -c release).
        """
    )

    @Argument(help: "A scene file (default: the built-in crate scene).")
    var scene: String?

    @Option(help: "Steps timed in each run.")
    var steps = 1200

    @Option(name: .customLong("runs"), help: "Paired runs (default 11; 3 with --window, each a window run and a plain C one).")
    var pairedRuns: Int?

    var runs: Int { pairedRuns ?? (window && !capacity ? 3 : 11) }

    @Flag(help: "Time a reset instead: tearing the world down and building it again, after --steps steps (contacts cached).")
    var reset = false

    @Flag(help: "The largest awake pile whose mean step stays under 1/120 s, for World and plain C (with --window: in the real window, without dropping sim time).")
    var capacity = false

    @Flag(help: "Open the real window on SCENE for --seconds with no input and report frames, frame times, physics and drawing costs.")
    var window = false

    @Option(help: "Seconds the window runs (--window; default 10, or 4 for each pile of --capacity --window).")
    var seconds: Double?

    @Flag(help: "Time the painter against a plain C SDL loop drawing the same crates at the same poses with the same renderer, in a window.")
    var draw = false

    @Flag(help: "Time opening SCENE: reading, decoding and validating, building the World, its first step.")
    var start = false

    @Option(help: "With --capacity: draw ms per step against crates, for World and plain C, into this PNG.")
    var picture: String?

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    /// Steps each world runs untimed before its timed steps.
    var warmUp: Int { 120 }

    func validate() throws {
        guard (1...1_000_000).contains(steps) else { throw ValidationError("--steps must be between 1 and 1000000") }
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be between 1 and 1000") }
        if let seconds, !(seconds >= 1.5 && seconds <= 3600) { throw ValidationError("--seconds must be between 1.5 and 3600 (the first second is not measured)") }
        if window { try Run.requireDisplay() }
    }

    func run() throws {
        if capacity { return try benchCapacity() }
        if start { return try benchStart() }
        let loaded = try loadScene(self.scene)
        let scene = loaded.scene
        if window { return try benchWindow(scene, text: loaded.text) }
        if draw {
            try Run.requireDisplay()
            return try benchDraw(scene)
        }
        if reset { return try timeReset(scene) }
        guard CRunnerWorld.supports(scene) else {
            printError("cratebox: \(self.scene ?? ""): the plain C runner does not animate bodies; bench a scene without \"animation\"")
            throw Exit.failure
        }
        let clock = ContinuousClock()
        var worldTimes: [Double] = [], cTimes: [Double] = [], ratios: [Double] = []
        var worldHash: UInt64 = 0, cHash: UInt64 = 0
        for run in 0..<runs {
            let world = try World(scene: scene)
            let c = CRunnerWorld(scene: scene)
            // Untimed warm-up: first contacts, allocations and caches, on both.
            try world.step(warmUp)
            c.step(warmUp)
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
        let bodies = scene.bodies.count
        say("bench: \(scene.name) (\(bodies) bod\(bodies == 1 ? "y" : "ies")), \(steps) steps x \(runs) paired runs")
        say("  World (Swift): \(micro(median(worldTimes))) us/step")
        say("  plain C:       \(micro(median(cTimes))) us/step")
        say("  ratio:         \(fixed(median(ratios), 3)) (median World/C; aim <= 1.05)")
        if worldHash == cHash {
            say("  hashes agree:  \(StateHash.hex(worldHash))")
        } else {
            say("  HASHES DIFFER: World \(StateHash.hex(worldHash)), C \(StateHash.hex(cHash))")
            throw Exit.failure
        }
    }

    /// The median over the runs of a reset (teardown and rebuild) and of a
    /// teardown alone, each after `steps` steps, so that contacts are cached.
    func timeReset(_ scene: Scene) throws {
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
        let bodies = scene.bodies.count
        say("\(scene.name): \(bodies) bodies, after \(steps) steps, median of \(runs) runs")
        say("reset (teardown and rebuild): \(fixed(median(resets) * 1e3, 2)) ms")
        say("teardown alone: \(fixed(median(teardowns) * 1e3, 2)) ms")
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    func micro(_ seconds: Double) -> String { fixed(seconds * 1e6, 2) }

    func fixed(_ x: Double, _ digits: Int) -> String { NumberText.fixed(x, digits) }
}

extension Swift.Duration {
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}
