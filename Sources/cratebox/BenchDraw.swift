import ArgumentParser
import CDrawRunner
import Render
import SceneFormat
import Simulation

/// The crates of a scene as plain C draws them: textured quads at the same
/// poses as the painter's, and the walls.
enum BenchQuads {
    /// The crates (x, y, angle, width, height each) and walls (ax, ay, bx, by, radius each) after `steps` steps.
    static func of(_ scene: Scene, named name: String, after steps: Int = 240) throws -> (drawn: DrawnWorld, boxes: [Double], walls: [Double]) {
        let world = try World(scene: scene)
        try world.step(steps)
        let drawn = DrawnWorld(world: world)
        var boxes: [Double] = []
        for (i, body) in drawn.bodies.enumerated() {
            guard let body else { continue }
            guard body.look == .crate, body.spec.shapes.count == 1, case .box(let w, let h, _) = body.spec.shapes[0].geometry else {
                throw Failure.failed("bench compares drawing crates only (a textured quad each); \(name) has other bodies")
            }
            let pose = drawn.current[i]
            boxes += [pose.position.x, pose.position.y, pose.angle, w, h]
        }
        var walls: [Double] = []
        for case .segment(let a, let b, let r) in drawn.walls { walls += [a.x, a.y, b.x, b.y, r] }
        return (drawn, boxes, walls)
    }

    /// The canvas's camera for plain C.
    static func camera(_ canvas: BenchCanvas, _ scene: Scene) -> cd_camera {
        cd_camera(scale: canvas.camera.scale, originX: canvas.camera.originX, topY: canvas.camera.topY,
                  worldWidth: scene.width, worldHeight: canvas.camera.topWorldY)
    }

    /// A bench window, its errors as the command line's.
    static func withWindow<T>(_ title: String, _ scene: Scene, _ body: (BenchCanvas) throws -> T) throws -> T {
        do {
            return try BenchCanvas.withWindow(title, scene: scene, body)
        } catch let error as WindowError {
            throw error.kind == .noDisplay ? Run.noDisplay(error.message) : Failure.failed(error.message)
        }
    }
}

/// `bench draw`: the painter against a plain C SDL loop (`CDrawRunner`)
/// drawing the same textured quads at the same poses with the same renderer,
/// in a real window. Runs alternate between the two; the ratio is the median
/// of the per-run ratios of their times.
struct BenchDraw: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Time the painter against a plain C SDL loop drawing the same crates at the same poses with the same renderer, in a window."
    )

    @OptionGroup var input: SceneArgument
    @OptionGroup var options: BenchOptions

    static let frames = 120

    func validate() throws { try Run.requireDisplay() }

    func run() throws {
        let scene = try input.load().scene
        let (drawn, boxes, walls) = try BenchQuads.of(scene, named: input.name)
        try BenchQuads.withWindow("cratebox bench draw", scene) { canvas in
            try drawRuns(scene, drawn, boxes, walls, canvas)
        }
    }

    private func drawRuns(_ scene: Scene, _ drawn: DrawnWorld, _ boxes: [Double], _ walls: [Double], _ canvas: BenchCanvas) throws {
        let (painter, camera, cCamera, w, h) = (canvas.painter, canvas.camera, BenchQuads.camera(canvas, scene), canvas.width, canvas.height)
        let clock = ContinuousClock(), frames = Self.frames, runs = options.runs(11)
        var swiftTimes: [Double] = [], cTimes: [Double] = [], ratios: [Double] = []
        for run in 0..<runs {
            let drawSwift = {
                let start = clock.now
                for _ in 0..<frames {
                    painter.draw(drawn, camera: camera, alpha: 1, width: Int(w), height: Int(h))
                    canvas.present()
                }
                return (clock.now - start).seconds
            }
            let drawC = { () throws -> Double in
                let start = clock.now
                let status = cd_draw_frames(canvas.renderer, painter.crateTexture, cCamera, boxes, Int32(boxes.count / 5),
                                            walls, Int32(walls.count / 5), Int32(frames))
                guard status == 0 else { throw Failure.failed("the C loop ran out of memory") }
                return (clock.now - start).seconds
            }
            var s = 0.0, c = 0.0
            if run % 2 == 0 {
                s = drawSwift()
                c = try drawC()
            } else {
                c = try drawC()
                s = drawSwift()
            }
            swiftTimes.append(s / Double(frames))
            cTimes.append(c / Double(frames))
            ratios.append(s / c)
        }
        let f = Figures.self, ratio = f.fixed(f.median(ratios), 3)
        if options.json {
            say("{\"ratio\": \(ratio), \"painterMsPerFrame\": \(f.ms(f.median(swiftTimes))), \"cMsPerFrame\": \(f.ms(f.median(cTimes)))}")
            return
        }
        say("draw: \(scene.name), \(boxes.count / 5) crates, \(frames) frames x \(runs) paired runs, \(w) x \(h) pixels")
        say("  painter (Swift): \(f.ms(f.median(swiftTimes))) ms/frame")
        say("  plain C loop:    \(f.ms(f.median(cTimes))) ms/frame")
        say("  ratio:           \(ratio) (median painter/C; aim <= 1.1)")
    }
}
