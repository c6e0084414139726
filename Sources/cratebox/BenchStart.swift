import JSONText
import ReferenceRunner
import SceneFormat
import Simulation

/// `bench --start`: how long a scene takes to open, in its parts (median of
/// the runs): reading the file, decoding and validating it, building the
/// World, and its first step.
extension Bench {
    func benchStart() throws {
        let path = scene ?? ""
        let clock = ContinuousClock()
        var read: [Double] = [], decode: [Double] = [], build: [Double] = [], first: [Double] = []
        var bodies = 0, cBuild: [Double] = []
        for _ in 0..<runs {
            var t = clock.now
            let bytes = try readFile(path)
            read.append((clock.now - t).seconds)
            t = clock.now
            let scene = try Scene.decode(bytes, file: path)
            decode.append((clock.now - t).seconds)
            t = clock.now
            let world = try World(scene: scene)
            build.append((clock.now - t).seconds)
            t = clock.now
            try world.step()
            first.append((clock.now - t).seconds)
            bodies = scene.bodies.count
            if CRunnerWorld.supports(scene) {
                t = clock.now
                let c = CRunnerWorld(scene: scene)
                cBuild.append((clock.now - t).seconds)
                withExtendedLifetime(c) {}  // its teardown is not timed
            }
        }
        let ms = { (values: [Double]) in NumberText.fixed(self.median(values) * 1e3, 2) + " ms" }
        let total = zip(zip(read, decode), zip(build, first)).map { $0.0 + $0.1 + $1.0 + $1.1 }
        say("start: \(path), \(bodies) bodies, median of \(runs) runs")
        say("  read the file:          \(ms(read))")
        say("  decode and validate:    \(ms(decode))")
        say("  build the World:        \(ms(build))")
        say("  first step:             \(ms(first))")
        say("  in all:                 \(ms(total))")
        if !cBuild.isEmpty { say("  plain C build (same library, from the decoded scene): \(ms(cBuild))") }
    }
}
