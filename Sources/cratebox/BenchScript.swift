import ArgumentParser
import CrateboxGeometry
import SceneFormat
import Simulation

/// `bench script`: what a scene script costs. The same awake pile pulled
/// towards a point by the scene's native attractor (section 15.2) and by a Lua
/// velocity function doing the attractor's arithmetic (section 16.8), timed
/// in paired runs; the extra time over the calls is one call's cost.
struct BenchScript: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Time a pile pulled by a native attractor against the same pulled by a Lua velocity function.",
        discussion: """
        Each run builds both worlds from the same pile, warms them up, then times
        the same steps on each (the order alternates between runs). The ratio is
        the median of the per-run ratios scripted / native; the project aims at
        1.5 or less. One call is the scripted step's extra time over its calls.
        """
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Crates in the pile, each with its own velocity function in the scripted world.")
    var crates = 1000

    @Option(help: "Steps timed in each run.")
    var steps = 600

    func validate() throws {
        guard (1...20_000).contains(crates) else { throw ValidationError("--crates must be between 1 and 20000") }
        guard (1...100_000).contains(steps) else { throw ValidationError("--steps must be between 1 and 100000") }
    }

    /// The attractor's arithmetic (docs/replay-format.md, "Water and planets") as a velocity function.
    static func script(_ a: AttractorSpec) -> String {
        """
        local px, py, strength, radius = \(a.position.x), \(a.position.y), \(a.strength), \(a.radius)
        function pull(body, gx, gy, damping, dt)
          local x, y = body:position()
          local vx, vy = body:velocity()
          local dx, dy = px - x, py - y
          local d2, r2 = dx * dx + dy * dy, radius * radius
          local q = r2 >= d2 and r2 or d2
          local f = strength / (q * math.sqrt(q))
          body:setVelocity(vx + (dx * f) * dt, vy + (dy * f) * dt)
          body:updateVelocity(gx, gy, damping, dt)
        end
        """
    }

    /// The pile pulled natively, and pulled by the script.
    func scenes() throws -> (native: Scene, scripted: Scene) {
        var native = try Pile.scene(crates: crates).scene
        let attractor = AttractorSpec(position: Vector(native.width / 2, native.height * 0.6), strength: 9e7, radius: 1)
        var scripted = native
        native.attractors = [attractor]
        scripted.useScript("bench.lua", text: Self.script(attractor))
        for i in scripted.bodies.indices { scripted.bodies[i].velocityFunction = "pull" }
        return (native, scripted)
    }

    func run() throws {
        let (nativeScene, scriptedScene) = try scenes()
        let clock = ContinuousClock(), runs = options.runs(7)
        var native: [Double] = [], scripted: [Double] = [], ratios: [Double] = []
        for run in 0..<runs {
            let a = try World(scene: nativeScene), b = try World(scene: scriptedScene)
            try a.step(BenchStep.warmUp)
            try b.step(BenchStep.warmUp)
            var ta = 0.0, tb = 0.0
            let timeA = { () throws -> Void in
                let start = clock.now
                try a.step(steps)
                ta = (clock.now - start).seconds
            }
            let timeB = { () throws -> Void in
                let start = clock.now
                try b.step(steps)
                tb = (clock.now - start).seconds
            }
            if run % 2 == 0 { try timeA(); try timeB() } else { try timeB(); try timeA() }
            native.append(ta / Double(steps))
            scripted.append(tb / Double(steps))
            ratios.append(tb / ta)
        }
        let f = Figures.self, nativeStep = f.median(native), scriptedStep = f.median(scripted)
        let perCall = (scriptedStep - nativeStep) / Double(crates)
        if options.json {
            say("{\"nativeUsPerStep\": \(f.micro(nativeStep)), \"scriptedUsPerStep\": \(f.micro(scriptedStep)), \"ratio\": \(f.fixed(f.median(ratios), 3)), \"usPerCall\": \(f.fixed(perCall * 1e6, 3))}")
            return
        }
        say("bench script: a pile of \(crates) crates pulled to a point, \(steps) steps x \(runs) paired runs")
        say("  native attractor:      \(f.micro(nativeStep)) us/step")
        say("  Lua velocity function: \(f.micro(scriptedStep)) us/step (\(crates) calls a step)")
        say("  ratio:                 \(f.fixed(f.median(ratios), 3)) (median scripted/native; aim <= 1.5)")
        say("  one call:              \(f.fixed(perCall * 1e6, 3)) us (the extra time over the calls)")
    }
}
