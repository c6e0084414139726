import Controls
import JSONText
import ReferenceRunner
import SandboxApp
import SceneFormat

/// `bench --window`: the real window, left running with no input.
extension Bench {
    /// Runs `scene` in the window for `seconds`; the figures from its first second on.
    static func windowFigures(_ scene: Scene, text: String, file: String, seconds: Double) throws -> WindowFigures {
        var options = App.Options()
        options.benchSeconds = seconds
        let app = App(scene: scene, sceneText: text, sceneFile: file, options: options)
        try Run.open(app)
        guard let figures = app.windowFigures else {
            throw Failure(Exit.failure, "cratebox: the window closed before its first second was over")
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

    func benchWindow(_ scene: Scene, text: String) throws {
        let f = try Bench.windowFigures(scene, text: text, file: self.scene ?? "crates.json", seconds: seconds ?? 10)
        let c = Bench.cPerStep(scene, after: 120, steps: f.steps)
        let ms = { (x: Double) in NumberText.fixed(x * 1e3, 2) }
        if json {
            var fields = [("frames", "\(f.frames)"), ("fps", NumberText.fixed(f.fps, 1)), ("frameP50Ms", ms(f.frameP50)),
                          ("frameP99Ms", ms(f.frameP99)), ("physicsMsPerStep", ms(f.physicsPerStep)),
                          ("drawMsPerFrame", ms(f.drawPerFrame)), ("droppedSeconds", NumberText.fixed(f.droppedSeconds, 3)),
                          ("steps", "\(f.steps)")]
            if let c { fields += [("cMsPerStep", ms(c)), ("ratio", NumberText.fixed(f.physicsPerStep / c, 3))] }
            say("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
            return
        }
        say("window: \(scene.name), \(NumberText.fixed(f.seconds, 1)) s measured (after the first second), no input")
        say("  frames:   \(f.frames), \(NumberText.fixed(f.fps, 1)) fps; interval p50 \(ms(f.frameP50)) ms, p99 \(ms(f.frameP99)) ms")
        say("  drawing:  \(ms(f.drawPerFrame)) ms/frame (drawing and presenting)")
        say("  physics:  \(ms(f.physicsPerStep)) ms/step over \(f.steps) steps (the physics thread's own CPU time, so being preempted by drawing does not count)")
        if let c { say("  plain C:  \(ms(c)) ms/step headless on the same scene and steps; ratio \(NumberText.fixed(f.physicsPerStep / c, 3))") }
        say("  dropped:  \(NumberText.fixed(f.droppedSeconds, 3)) s of sim time")
    }
}
