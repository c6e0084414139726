import CDrawRunner
import CSDL2
import JSONText
import Geometry
import Render
import SceneFormat
import Simulation

/// `bench --draw`: the painter against a plain C SDL loop (`CDrawRunner`)
/// drawing the same textured quads at the same poses with the same renderer,
/// in a real window. Runs alternate between the two; the ratio is the median
/// of the per-run ratios of their times.
extension Bench {
    static let drawFrames = 120

    /// The crates (x, y, angle, width, height each) and walls (ax, ay, bx, by, radius each) after `steps` steps.
    func drawnQuads(_ scene: Scene, after steps: Int = 240) throws -> (snapshot: WorldSnapshot, boxes: [Double], walls: [Double]) {
        let world = try World(scene: scene)
        try world.step(steps)
        let snapshot = WorldSnapshot(world: world)
        var boxes: [Double] = []
        for (i, body) in snapshot.bodies.enumerated() {
            guard let body else { continue }
            guard body.look == .crate, body.spec.shapes.count == 1, case .box(let w, let h, _) = body.spec.shapes[0].geometry else {
                throw Failure(Exit.failure, "cratebox: bench --draw compares crates only (a textured quad each); \(self.scene ?? "the scene") has other bodies")
            }
            let pose = snapshot.current[i]
            boxes += [pose.position.x, pose.position.y, pose.angle, w, h]
        }
        var walls: [Double] = []
        for case .segment(let a, let b, let r) in snapshot.walls { walls += [a.x, a.y, b.x, b.y, r] }
        return (snapshot, boxes, walls)
    }

    /// A bench window: SDL's renderer, the painter (and its crate texture) and
    /// a camera fitting the scene, for Swift and for C.
    struct Canvas {
        var renderer: OpaquePointer, painter: Painter, camera: Camera, cCamera: cd_camera, width: Int32, height: Int32
    }

    /// Opens a 1280 x 720 window with SDL's renderer (no vsync) and hands it over.
    static func withWindow<T>(_ title: String, _ scene: Scene, _ body: (Canvas) throws -> T) throws -> T {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw Run.noDisplay(String(cString: SDL_GetError())) }
        defer { SDL_Quit() }
        let centered = Int32(bitPattern: 0x2FFF_0000)
        guard let window = SDL_CreateWindow(title, centered, centered, 1280, 720, 0) else {
            throw Run.noDisplay(String(cString: SDL_GetError()))
        }
        defer { SDL_DestroyWindow(window) }
        guard let renderer = SDL_CreateRenderer(window, -1, 0) else {
            throw Failure(Exit.failure, "cratebox: cannot draw: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyRenderer(renderer) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let camera = Camera(worldWidth: scene.width, worldHeight: scene.height, pixelWidth: Int(w), pixelHeight: Int(h))
        let cCamera = cd_camera(scale: camera.scale, originX: camera.originX, topY: camera.topY,
                                worldWidth: scene.width, worldHeight: camera.worldHeight)
        return try body(Canvas(renderer: renderer, painter: Painter(renderer: renderer), camera: camera, cCamera: cCamera,
                               width: w, height: h))
    }

    func benchDraw(_ scene: Scene) throws {
        let (snapshot, boxes, walls) = try drawnQuads(scene)
        try Bench.withWindow("cratebox bench --draw", scene) { canvas in
            try drawRuns(scene, snapshot, boxes, walls, canvas)
        }
    }

    private func drawRuns(_ scene: Scene, _ snapshot: WorldSnapshot, _ boxes: [Double], _ walls: [Double], _ canvas: Canvas) throws {
        let (renderer, painter, camera, cCamera, w, h) = (canvas.renderer, canvas.painter, canvas.camera, canvas.cCamera,
                                                          canvas.width, canvas.height)
        let clock = ContinuousClock()
        let frames = Bench.drawFrames
        var swiftTimes: [Double] = [], cTimes: [Double] = [], ratios: [Double] = []
        for run in 0..<runs {
            let drawSwift = {
                let start = clock.now
                for _ in 0..<frames {
                    painter.draw(snapshot, camera: camera, alpha: 1, width: Int(w), height: Int(h))
                    SDL_RenderPresent(renderer)
                }
                return (clock.now - start).seconds
            }
            let drawC = { () throws -> Double in
                let start = clock.now
                let status = cd_draw_frames(renderer, painter.crateTexture, cCamera, boxes, Int32(boxes.count / 5),
                                            walls, Int32(walls.count / 5), Int32(frames))
                guard status == 0 else { throw Failure(Exit.failure, "cratebox: the C loop ran out of memory") }
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
        let ratio = NumberText.fixed(median(ratios), 3)
        if json {
            say("{\"ratio\": \(ratio), \"painterMsPerFrame\": \(fixed(median(swiftTimes) * 1e3, 2)), \"cMsPerFrame\": \(fixed(median(cTimes) * 1e3, 2))}")
            return
        }
        say("draw: \(scene.name), \(boxes.count / 5) crates, \(frames) frames x \(runs) paired runs, \(w) x \(h) pixels")
        say("  painter (Swift): \(fixed(median(swiftTimes) * 1e3, 2)) ms/frame")
        say("  plain C loop:    \(fixed(median(cTimes) * 1e3, 2)) ms/frame")
        say("  ratio:           \(ratio) (median painter/C; aim <= 1.1)")
    }
}
