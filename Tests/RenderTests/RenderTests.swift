import Animation
import CSDL2
import FileOutput
import Foundation
import WindowModel
import CrateboxGeometry
import Testing
import TestSupport
@testable import Render
@testable import Render
@testable import Simulation
@testable import SceneFormat
@testable import WindowModel


func shipped(_ name: String) throws -> Scene {
    try loadShippedScene(name)
}

/// RGBA at a pixel of an offscreen picture.
struct Picture {
    let pixels: [UInt8]
    let width: Int, height: Int
    func at(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
        let i = (Int(y) * width + Int(x)) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }
}

func isWood(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 90 && c.r > c.g + 15 && c.g > c.b + 15 && c.b < 120 }

@Suite struct CameraTests {
    @Test func fitsTheBoundsLetterboxedYUp() {
        let camera = Camera(worldWidth: 300, worldHeight: 300, pixelWidth: 1280, pixelHeight: 720, margin: 0)
        #expect(camera.scale == 2.4)
        let bottomLeft = camera.toScreen(Vector(0, 0)), topRight = camera.toScreen(Vector(300, 300))
        #expect(bottomLeft.x == 280 && bottomLeft.y == 720)
        #expect(topRight.x == 1000 && topRight.y == 0)
        #expect(camera.toWorld(x: 640, y: 360) == Vector(150, 150))
        // Tall windows letterbox top and bottom.
        let tall = Camera(worldWidth: 200, worldHeight: 100, pixelWidth: 400, pixelHeight: 1000, margin: 0)
        #expect(tall.scale == 2 && tall.toScreen(Vector(0, 100)).y == 400)
    }
}

@Suite struct OffscreenTests {
    /// Every crate's centre is drawn in wood, every point far from all bodies
    /// in the box's colour: the picture is where the physics says.
    @Test(arguments: [("crates.json", 240), ("pyramid.json", 60), ("tower.json", 30)])
    func cratesAreWhereThePhysicsSays(name: String, steps: Int) throws {
        let world = try World(scene: shipped(name))
        try world.step(steps)
        let (w, h) = (800, 600)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Camera(worldWidth: world.scene.width, worldHeight: world.scene.height, pixelWidth: w, pixelHeight: h)
        for entry in world.dynamicWorldBodies {
            let p = camera.toScreen(entry.body.position)
            #expect(isWood(picture.at(p.x, p.y)), "\(name): no crate at \(entry.body.position)")
        }
        // Sample a grid of points well away from every body: background.
        var checked = 0
        for gx in stride(from: 0.05, to: 1, by: 0.1) {
            for gy in stride(from: 0.05, to: 1, by: 0.1) {
                let p = Vector(world.scene.width * gx, world.scene.height * gy)
                let clear = world.dynamicWorldBodies.allSatisfy { ($0.body.position - p).length > 60 }
                guard clear else { continue }
                let s = camera.toScreen(p)
                let c = picture.at(s.x, s.y)
                #expect(c.r == 36 && c.g == 42 && c.b == 52, "\(name): not background at \(p)")
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    @Test func shapesOtherThanCratesUseTheirLook() throws {
        let world = try World(scene: shipped("mixed.json"))
        let (w, h) = (1000, 800)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Camera(worldWidth: world.scene.width, worldHeight: world.scene.height, pixelWidth: w, pixelHeight: h)
        var balls = 0
        for case let entry? in world.bodies where entry.look == .ball {
            guard case .circle(let r, let offset) = entry.shapes[0].geometry else { continue }
            // Just off the centre, clear of the spoke.
            let p = camera.toScreen(entry.body.localToWorld(offset + Vector(-r / 2, 0)))
            let c = picture.at(p.x, p.y)
            #expect(c.r == 214 && c.g == 84 && c.b == 64)
            balls += 1
        }
        #expect(balls > 0)
    }

    /// Regression: a body whose first shape was a sensor drew every later
    /// shape translucent too.
    @Test func onlySensorShapesAreTranslucent() throws {
        let text = """
        {"format": "cratebox/scene@1", "bounds": [200, 100], "walls": false, "bodies": [
          {"type": "static", "position": [100, 50], "look": "#ff0000", "shapes": [
            {"circle": 20, "offset": [-50, 0], "sensor": true}, {"box": [40, 40]}]}]}
        """
        let world = try World(scene: Scene.decode(Array(text.utf8), file: "sensor.json"))
        let (w, h) = (400, 200)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Camera(worldWidth: 200, worldHeight: 100, pixelWidth: w, pixelHeight: h)
        let solid = camera.toScreen(Vector(100, 50)), sensor = camera.toScreen(Vector(50, 50))
        let box = picture.at(solid.x, solid.y), ghost = picture.at(sensor.x, sensor.y)
        #expect(box.r == 255 && box.g == 0 && box.b == 0, "the box is drawn opaque, got \(box)")
        #expect(ghost.r > 60 && ghost.r < 200, "the sensor is drawn translucent, got \(ghost)")
    }

    /// A PNG goes the atomic way too: it replaces a file whole.
    @Test func aPictureReplacesAFileWhole() throws {
        let dir = try temporaryFolder("picture-over")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        try writeTextFile("{}\n", to: path)
        let world = try World(scene: DefaultScene.scene())
        try Offscreen.render(world, width: 32, height: 24, debug: false, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["scene.json"])
    }

    @Test func debugDrawingAddsOutlines() throws {
        let world = try World(scene: shipped("bridge.json"))
        try world.step(30)
        let plain = try Offscreen.pixels(of: world, width: 400, height: 200, debug: false)
        let debug = try Offscreen.pixels(of: world, width: 400, height: 200, debug: true)
        let changed = zip(plain, debug).filter { $0 != $1 }.count
        #expect(changed > 1000)
    }

    @Test func writesAPNGAtomically() throws {
        let world = try World(scene: DefaultScene.scene())
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-render-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.png").path
        try Offscreen.render(world, width: 64, height: 48, debug: false, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])  // no temporary left
        #expect(throws: WindowError.self) { try Offscreen.render(world, width: 64, height: 48, debug: false, to: "/nonexistent/dir/x.png") }
        #expect(throws: WindowError.self) { try Offscreen.pixels(of: world, width: 0, height: 48, debug: false) }
    }
}


@Suite struct CurvesPictureTests {
    /// Each curve is drawn where its function says, inside its own cell.
    @Test func theCurvesAreWhereTheFunctionsSay() throws {
        let curves = CurvesPicture.standardCurves(extra: [TimingFunction(controlPoints: 0.3, -0.8, 0.7, 1.9)!])
        let (w, h) = (1200, 700)
        let pixels = try CurvesPicture.pixels(curves, width: w, height: h)
        let cells = CurvesPicture.cells(for: curves, width: w, height: h)
        func isCurve(_ x: Double, _ y: Double) -> Bool {
            // The curve's blue, within a pixel of the point.
            for dx in -1...1 { for dy in -1...1 {
                let i = ((Int(y.rounded()) + dy) * w + Int(x.rounded()) + dx) * 4
                if pixels[i] < 90 && pixels[i + 1] < 130 && pixels[i + 2] > 120 { return true }
            } }
            return false
        }
        for (curve, cell) in zip(curves, cells) {
            for t in stride(from: 0.05, through: 0.95, by: 0.15) {
                let p = cell.point(t, curve.function(t))
                #expect(isCurve(p.x, p.y), "\(curve.title) at \(t)")
                #expect(p.y > 0 && p.y < Double(h))
            }
        }
        // Cells do not overlap: the overshooting curve stays in its own.
        let last = cells[cells.count - 1]
        #expect(last.point(0, -0.8).y < Double(h) && last.point(0, 1.9).y > Double(h) / 2)
    }
}
