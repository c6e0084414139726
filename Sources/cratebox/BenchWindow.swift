#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CDrawRunner
import WindowModel
import JSONText
import ReferenceRunner
import CrateboxReplay
import Render
import SandboxApp
import SceneFormat

/// `bench window`: the real window, left running with no input, against
/// plain C's window (the plain C runner stepping beside a plain C loop
/// drawing the same crates), in pairs of runs.
struct BenchWindow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the real window on SCENE for --seconds with no input and report frames, frame times, physics and drawing costs against plain C's window."
    )

    @OptionGroup var input: SceneArgument
    @OptionGroup var options: BenchOptions

    @Option(help: "Seconds each window runs (the first second is not measured).")
    var seconds = 10.0

    @Option(help: "The time machine's keyframes' memory bound, in MB, as `run --keyframes-mb` (0: none, to see what they cost).")
    var keyframesMb = Keyframes.defaultBudget >> 20

    @Flag(help: "No sound (to see what hearing costs the physics). Sound plays on SDL's dummy device unless SDL_AUDIODRIVER names one.")
    var noSound = false

    func validate() throws {
        guard (0...65_536).contains(keyframesMb) else { throw ValidationError("--keyframes-mb must be between 0 and 65536") }
        if !(seconds >= 1.5 && seconds <= 3600) { throw ValidationError("--seconds must be between 1.5 and 3600 (the first second is not measured)") }
        try Run.requireDisplay()
    }

    func run() throws {
        let loaded = try input.load()
        try benchWindow(loaded.scene, text: loaded.text)
    }

    /// Runs `scene` in the window for `seconds`; the figures from its first second on.
    static func windowFigures(_ scene: Scene, text: String, file: String, seconds: Double, keyframeBudget: Int = Keyframes.defaultBudget,
                              sound: Bool = true) throws -> WindowFigures {
        var options = App.Options()
        options.sound = sound
        // The mixing is measured, not heard: SDL's dummy device takes the buffers unless the caller chose a device.
        if sound && getenv("SDL_AUDIODRIVER") == nil { setenv("SDL_AUDIODRIVER", "dummy", 1) }
        options.timeMachine.keyframeBudget = keyframeBudget
        options.benchSeconds = seconds
        options.splash = false
        let app = try Run.open { () throws(WindowError) in try App(LoadedScene(scene: scene, text: text, fileName: file), options: options) }
        guard let figures = app.windowFigures else {
            throw Failure.failed("the window closed before its first second was over")
        }
        return figures
    }

    /// Plain C's CPU time per step on the same scene, over the same steps the window measured.
    static func cPerStep(_ scene: Scene, after warmUp: Int, steps: Int) -> Double? {
        guard CRunnerWorld.supports(scene), steps > 0 else { return nil }
        let c = CRunnerWorld(scene: scene)
        c.step(warmUp)
        let start = Monotonic.threadCPU
        c.step(steps)
        return (Monotonic.threadCPU - start) / Double(steps)
    }

    /// Plain C's window on the same scene for `seconds`: the plain C runner
    /// stepped in real time on its own thread beside a plain C loop drawing the
    /// same crates at 60 frames a second (`cd_window_beside`; drawn where they
    /// start: the drawing costs the same wherever they are). Its thread's CPU
    /// time per step after the first second: plain C under the same load on the
    /// other core as the window's physics thread. Nil when the scene is not all
    /// crates or the C runner cannot run it.
    func cBesideDrawing(_ scene: Scene, seconds: Double) throws -> Double? {
        guard CRunnerWorld.supports(scene), let (_, boxes, walls) = try? BenchQuads.of(scene, named: input.name, after: 0) else { return nil }
        let c = CRunnerWorld(scene: scene)
        return try BenchQuads.withWindow("cratebox bench window (plain C)", scene) { canvas in
            var steps: Int32 = 0, cpu = 0.0
            let status = cd_window_beside(canvas.renderer, canvas.painter.crateTexture, BenchQuads.camera(canvas, scene), boxes, Int32(boxes.count / 5),
                                          walls, Int32(walls.count / 5), c.pointer, seconds, 1, &steps, &cpu)
            guard status == 0 else { throw Failure.failed("plain C's window could not start its thread") }
            return steps > 0 ? cpu / Double(steps) : nil
        }
    }

    /// What the time machine's keyframes cost in the measured steps.
    static func keyframeLine(_ f: WindowFigures) -> String {
        guard f.keyframes > 0 else { return "keyframes: none written (the time machine keeps none: --keyframes-mb 0, or nothing stepped)" }
        let each = f.keyframesPerStep * Double(f.steps) / Double(f.keyframes)
        let mib = Double(f.keyframeGrowth) / 1_048_576
        return "keyframes: \(f.keyframes) written (one each \(Keyframes.interval) steps), \(NumberText.fixed(each * 1e3, 2)) ms each: "
            + "\(NumberText.fixed(f.keyframesPerStep * 1e3, 3)) ms/step, \(NumberText.fixed(100 * f.keyframesPerStep / max(f.physicsPerStep, 1e-12), 1))% of the physics; "
            + "memory kept grew \(NumberText.fixed(mib, 1)) MiB (\(NumberText.fixed(mib / max(f.seconds, 1e-9), 1)) MiB/s)"
    }

    /// What the sound cost: the audio thread's CPU per second of play.
    static func soundLine(_ f: WindowFigures, off: Bool) -> String {
        guard let s = f.sound else { return off ? "sound:    off (--no-sound): the world does not listen" : "sound:    none played (no audio device)" }
        return "sound:    audio thread \(NumberText.fixed(s.cpuPerSecond * 1e3, 2)) ms CPU per second (\(NumberText.fixed(100 * s.cpuPerSecond, 2))% of a core) over \(s.buffers) buffers; "
            + "longest from a step to its buffer \(NumberText.fixed(s.longestWait * 1e3, 1)) ms; \(s.dropped) sounds dropped"
    }

    /// One pair of runs: the window, and plain C's window (the order alternates).
    struct WindowPair {
        var figures: WindowFigures
        var beside: Double?
        var ratio: Double? { beside.map { figures.physicsPerStep / $0 } }
    }

    func benchWindow(_ scene: Scene, text: String) throws {
        var pairs: [WindowPair] = []
        for run in 0..<options.runs(3) {
            var beside: Double?
            if run % 2 == 1 { beside = try cBesideDrawing(scene, seconds: seconds) }
            let figures = try BenchWindow.windowFigures(scene, text: text, file: input.name, seconds: seconds, keyframeBudget: keyframesMb << 20, sound: !noSound)
            if run % 2 == 0 { beside = try cBesideDrawing(scene, seconds: seconds) }
            pairs.append(WindowPair(figures: figures, beside: beside))
        }
        // The figures of the pair with the median ratio (or the median physics cost).
        let sorted = pairs.sorted { ($0.ratio ?? $0.figures.physicsPerStep) < ($1.ratio ?? $1.figures.physicsPerStep) }
        let pair = sorted[sorted.count / 2]
        let f = pair.figures
        let c = BenchWindow.cPerStep(scene, after: f.stepsBefore, steps: f.steps)
        let ratios = pairs.compactMap(\.ratio)
        let ms = { (x: Double) in NumberText.fixed(x * 1e3, 2) }
        let dropped = pairs.map(\.figures.droppedSeconds).max() ?? 0
        if options.json {
            var fields = [("frames", "\(f.frames)"), ("fps", NumberText.fixed(f.fps, 1)), ("frameP50Ms", ms(f.frameP50)),
                          ("frameP99Ms", ms(f.frameP99)), ("physicsMsPerStep", ms(f.physicsPerStep)),
                          ("drawMsPerFrame", ms(f.drawPerFrame)), ("droppedSeconds", NumberText.fixed(dropped, 3)),
                          ("steps", "\(f.steps)"), ("runs", "\(pairs.count)")]
            fields += [("keyframes", "\(f.keyframes)"), ("keyframeMsPerStep", NumberText.fixed(f.keyframesPerStep * 1e3, 4)),
                       ("keyframeGrowthMiB", NumberText.fixed(Double(f.keyframeGrowth) / 1_048_576, 1))]
            if let c { fields += [("cHeadlessMsPerStep", ms(c)), ("ratioHeadless", NumberText.fixed(f.physicsPerStep / c, 3))] }
            if let beside = pair.beside, !ratios.isEmpty {
                fields += [("cMsPerStep", ms(beside)), ("ratio", NumberText.fixed(Figures.median(ratios), 3))]
            }
            say("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
            return
        }
        say("window: \(scene.name), \(pairs.count) run\(pairs.count == 1 ? "" : "s") of \(NumberText.fixed(f.seconds, 1)) s measured (after the first second), no input; the median run:")
        say("  frames:   \(f.frames), \(NumberText.fixed(f.fps, 1)) fps; interval p50 \(ms(f.frameP50)) ms, p99 \(ms(f.frameP99)) ms")
        say("  drawing:  \(ms(f.drawPerFrame)) ms/frame (drawing and presenting)")
        say("  physics:  \(ms(f.physicsPerStep)) ms/step over \(f.steps) steps (the physics thread's own CPU time, so being preempted by drawing does not count)")
        say("  " + BenchWindow.keyframeLine(f))
        say("  " + BenchWindow.soundLine(f, off: noSound))
        if let beside = pair.beside, !ratios.isEmpty {
            let range = "\(NumberText.fixed(ratios.min()!, 3)) to \(NumberText.fixed(ratios.max()!, 3))"
            say("  plain C:  \(ms(beside)) ms/step in plain C's window (a C thread stepping in real time beside a C loop drawing the same crates at 60 fps)")
            say("  ratio:    \(NumberText.fixed(Figures.median(ratios), 3)) (median of \(ratios.count) paired runs, \(range); aim <= 1.10)")
        }
        if let c { say("  headless: plain C \(ms(c)) ms/step on an idle core (ratio \(NumberText.fixed(f.physicsPerStep / c, 3)): the difference is the drawing on the other core sharing caches and memory)") }
        say("  dropped:  \(NumberText.fixed(dropped, 3)) s of sim time (the most of any run)")
    }
}
