#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import WindowModel
import JSONText
import ReferenceRunner
import Render
import SceneFormat
import SandboxApp
import Simulation

/// `bench capacity`: the largest pile (`Pile`) whose mean step stays under
/// 1/120 s, found by bisection, for World and for plain C; with `--window`, the
/// largest pile the real window runs without dropping sim time.
struct BenchCapacity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capacity",
        abstract: "The largest awake pile whose mean step stays under 1/120 s, for World and plain C (with --window: in the real window, without dropping sim time)."
    )

    @OptionGroup var options: BenchOptions

    @Flag(help: "Run each pile in the real window instead (for --seconds each).")
    var window = false

    @Option(help: "With --window: seconds each pile runs.")
    var seconds = 4.0

    @Option(help: "Draw ms per step against crates, for World and plain C, into this PNG.")
    var picture: String?

    var json: Bool { options.json }

    func validate() throws {
        if !(seconds >= 1.5 && seconds <= 3600) { throw ValidationError("--seconds must be between 1.5 and 3600 (the first second is not measured)") }
        if window { try Run.requireDisplay() }
        if window && picture != nil { throw ValidationError("--picture draws the headless figures; leave out --window") }
    }

    static let settleSteps = 240, timedSteps = 240

    /// The largest count for which `fits` holds: doubling from 250, then
    /// bisection down to 2 % (or 10 crates).
    static func largest(_ fits: (Int) throws -> Bool) rethrows -> Int {
        var lo = 0, hi = 250
        while try fits(hi) {
            lo = hi
            if hi == Limits.bodies { return hi }  // the most a scene may hold
            hi = min(hi * 2, Limits.bodies)
        }
        while hi - lo > max(10, lo / 50) {
            let mid = (lo + hi) / 2
            if try fits(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Mean CPU seconds per step of World on a pile of `crates`, after it settles.
    static func worldStep(crates: Int) throws -> Double {
        let world = try World(scene: Pile.scene(crates: crates).scene)
        try world.step(settleSteps)
        let start = Monotonic.threadCPU
        try world.step(timedSteps)
        return (Monotonic.threadCPU - start) / Double(timedSteps)
    }

    static func cStep(crates: Int) throws -> Double {
        let c = CRunnerWorld(scene: try Pile.scene(crates: crates).scene)
        c.step(settleSteps)
        let start = Monotonic.threadCPU
        c.step(timedSteps)
        return (Monotonic.threadCPU - start) / Double(timedSteps)
    }

    /// World and plain C at one pile size, measured side by side: `runs`
    /// pairs, alternating which goes first; the medians.
    struct Pair {
        var world: Double, c: Double
        var ratio: Double { world / c }
    }

    func pair(crates n: Int, cache: inout [Int: Pair]) throws -> Pair {
        if let known = cache[n] { return known }
        var world: [Double] = [], c: [Double] = []
        for run in 0..<options.runs(3) {
            if run % 2 == 1 { c.append(try BenchCapacity.cStep(crates: n)) }
            world.append(try BenchCapacity.worldStep(crates: n))
            if run % 2 == 0 { c.append(try BenchCapacity.cStep(crates: n)) }
        }
        let pair = Pair(world: Figures.median(world), c: Figures.median(c))
        cache[n] = pair
        if !json {
            let ms = { (x: Double) in NumberText.fixed(x * 1e3, 2) }
            say("  \(n) crates: World \(ms(pair.world)) ms/step, plain C \(ms(pair.c)) ms/step (ratio \(NumberText.fixed(pair.ratio, 3)))")
        }
        return pair
    }

    func run() throws {
        let budget = World.stepDuration
        if !json { say("capacity: the largest awake pile whose mean step stays under 1/120 s (scripts: Sources/cratebox/Pile.swift); World and plain C paired at each size") }
        var pairs: [Int: Pair] = [:]  // by size; lookups, and sorted when read
        let c = try BenchCapacity.largest { n in try pair(crates: n, cache: &pairs).c < budget }
        let mine: Int
        if window {
            mine = try BenchCapacity.largest { n in
                let pile = try Pile.scene(crates: n)
                let f = try BenchWindow.windowFigures(pile.scene, text: pile.text, file: "pile", seconds: seconds)
                if !json { say("  window \(n) crates: \(NumberText.fixed(f.droppedSeconds, 3)) s dropped, \(NumberText.fixed(f.fps, 1)) fps \(f.droppedSeconds == 0 ? "fits" : "too many")") }
                return f.droppedSeconds == 0
            }
        } else {
            mine = try BenchCapacity.largest { n in try pair(crates: n, cache: &pairs).world < budget }
        }
        let sizes = pairs.keys.sorted()
        let worldPoints = sizes.map { (crates: $0, ms: pairs[$0]!.world * 1e3) }, cPoints = sizes.map { (crates: $0, ms: pairs[$0]!.c * 1e3) }
        // The cost ratio where it matters: the sizes tried within a quarter of either capacity.
        let near = sizes.filter { n in [c, mine].contains { abs(n - $0) * 4 <= $0 } }
        let costRatio = Figures.median((near.isEmpty ? sizes : near).map { pairs[$0]!.ratio })
        if let picture, !window {
            let series = [BenchPicture.Series(title: "World (Swift)", points: worldPoints, color: Palette.benchWorld),
                          BenchPicture.Series(title: "plain C", points: cPoints, color: Palette.benchC)]
            do {
                try BenchPicture.render(series, budgetMs: budget * 1e3, title: "ms per step (CPU time), the piles the bisection tried",
                                        width: 900, height: 500, to: picture)
            } catch {
                throw Failure.cannotCreate(error)
            }
        }
        let ratio = NumberText.fixed(Double(mine) / Double(max(c, 1)), 3)
        let key = window ? "window" : "world"
        if json {
            say("{\"\(key)\": \(mine), \"c\": \(c), \"ratio\": \(ratio), \"stepRatio\": \(NumberText.fixed(costRatio, 3))}")
        } else {
            say("capacity: \(window ? "the window" : "World") \(mine) crates, plain C \(c) crates (headless); ratio \(ratio)")
            say("step cost World/plain C near capacity: \(NumberText.fixed(costRatio, 3)) (median of the paired sizes \((near.isEmpty ? sizes : near).map(String.init).joined(separator: ", ")))")
        }
    }
}
