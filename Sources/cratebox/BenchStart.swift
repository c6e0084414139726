import ArgumentParser
import FileOutput
import ReferenceRunner
import CrateboxReplay
import SceneFormat
import Simulation

/// `bench start`: how long a scene takes to open, in its parts (median of
/// the runs): reading the file, decoding and validating it, building the
/// World, and its first step; and what the editor's check of an edit costs
/// on it (the format's checks of values, beside writing the scene as text and
/// reading it back, as the editor did before).
struct BenchStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Time opening SCENE: reading, decoding and validating, building the World, its first step."
    )

    @Argument(help: "A scene file.")
    var scene: String
    @OptionGroup var options: BenchOptions

    func run() throws {
        let clock = ContinuousClock(), runs = options.runs(11)
        var read: [Double] = [], decode: [Double] = [], build: [Double] = [], first: [Double] = []
        var bodies = 0, cBuild: [Double] = [], checks: [Double] = [], roundTrip: [Double] = []
        for _ in 0..<runs {
            var t = clock.now
            let bytes: [UInt8]
            do { bytes = try readRegularFile(scene, limit: FileLimits.scene) } catch { throw Failure(Exit.unreadable, "cratebox: \(error)") }
            read.append((clock.now - t).seconds)
            t = clock.now
            let decoded: Scene
            // A scripted scene's script is read beside it, as the loader reads it (part of the decode's time).
            let script = { (name: String) in
                (try? readRegularFile(Scene.scriptPath(name, besideScene: scene), limit: FileLimits.script)).flatMap { String(validating: $0, as: UTF8.self) }
            }
            do { decoded = try Scene.decode(bytes, file: scene, script: script, modules: { script($0 + ".lua") }) } catch { throw Failure(Exit.invalidScene, error.description) }
            decode.append((clock.now - t).seconds)
            t = clock.now
            let world = try World(scene: decoded)
            build.append((clock.now - t).seconds)
            t = clock.now
            try world.step()
            first.append((clock.now - t).seconds)
            bodies = decoded.bodies.count
            t = clock.now
            let problems = decoded.problems(file: scene)
            checks.append((clock.now - t).seconds)
            t = clock.now
            let reread = try? Scene.decode(Array(decoded.json().utf8), file: scene, script: { _ in decoded.scriptText }, modules: decoded.moduleText)
            roundTrip.append((clock.now - t).seconds)
            guard problems.isEmpty, reread != nil else {
                throw Failure(Exit.invalidScene, "cratebox: \(scene) read from its file fails its checks again (a bug): \(problems.first?.description ?? "its text does not read back")")
            }
            if CRunnerWorld.supports(decoded) {
                t = clock.now
                let c = CRunnerWorld(scene: decoded)
                cBuild.append((clock.now - t).seconds)
                withExtendedLifetime(c) {}  // its teardown is not timed
            }
        }
        let ms = { (values: [Double]) in Figures.ms(Figures.median(values)) + " ms" }
        let total = zip(zip(read, decode), zip(build, first)).map { $0.0 + $0.1 + $1.0 + $1.1 }
        say("start: \(scene), \(bodies) bodies, median of \(runs) runs")
        say("  read the file:          \(ms(read))")
        say("  decode and validate:    \(ms(decode))")
        say("  build the World:        \(ms(build))")
        say("  first step:             \(ms(first))")
        say("  in all:                 \(ms(total))")
        if !cBuild.isEmpty { say("  plain C build (same library, from the decoded scene): \(ms(cBuild))") }
        say("  an edit's check (values): \(ms(checks)); as text written and read back: \(ms(roundTrip))")
    }
}
