import WindowModel
import CrateboxGeometry
import Testing
@testable import Render
@testable import Simulation
@testable import SceneFormat

/// A crate cut in two is drawn as two pieces of its wood, each in a dark
/// frame, so that the cut shows where it was made.
@Suite struct KnifePictureTests {
    static func isWood(_ c: (r: Int, g: Int, b: Int)) -> Bool {
        let wood = Palette.fill(for: .crate, staticBody: false)
        return abs(c.r - Int(wood.r)) < 8 && abs(c.g - Int(wood.g)) < 8 && abs(c.b - Int(wood.b)) < 8
    }

    @Test func theTwoPiecesOfACutCrateShowTheCut() throws {
        let world = try World(scene: sceneWithBodies(#"{"position": [100, 100], "box": [80, 80], "mass": 1, "look": "crate"}"#))
        try world.slice(from: Vector(100, 0), to: Vector(100, 200))
        #expect(world.bodies.compactMap { $0 }.count == 2)
        let (w, h) = (400, 400)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: w, pixelHeight: h)
        for x in [80.0, 120] {
            let p = camera.toScreen(Vector(x, 100))
            #expect(Self.isWood(picture.at(p.x, p.y)), "wood inside the piece at x \(x): \(picture.at(p.x, p.y))")
        }
        let cut = camera.toScreen(Vector(100, 100)), frame = Palette.darker(Palette.fill(for: .crate, staticBody: false))
        let c = picture.at(cut.x, cut.y)
        #expect(abs(c.r - Int(frame.r)) < 8 && abs(c.g - Int(frame.g)) < 8, "the cut is drawn dark: \(c)")
    }

    @Test func insetMovesEveryEdgeInAndLeavesTinyPolygonsAlone() {
        let square: [(x: Double, y: Double)] = [(0, 0), (10, 0), (10, 10), (0, 10)]
        let inner = Painter.inset(square, by: 2)
        #expect(inner.map { [$0.x, $0.y] } == [[2, 2], [8, 2], [8, 8], [2, 8]])
        // Clockwise on the screen: still inwards.
        #expect(Painter.inset(Array(square.reversed()), by: 2).map { [$0.x, $0.y] } == [[2, 8], [8, 8], [8, 2], [2, 2]])
        let tiny: [(x: Double, y: Double)] = [(0, 0), (3, 0), (3, 3)]
        #expect(Painter.inset(tiny, by: 2).map { [$0.x, $0.y] } == tiny.map { [$0.x, $0.y] })
    }
}
