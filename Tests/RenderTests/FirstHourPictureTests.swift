import CSDL2
import Foundation
import CrateboxGeometry
import Testing
import TestSupport
@testable import Render
@testable import Simulation
@testable import SceneFormat
@testable import WindowModel

/// Issue 46, point 3: what a new user saw drawn wrong. A rounded box drawn
/// without its rounding (Chipmunk's Player floated 10 points above the
/// floor), Plink's pentagons above its bounds fitted out of the picture,
/// and `render` ignoring a scene's camera that follows a body.
@Suite struct FirstHourPictureTests {
    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 200 && c.g < 60 && c.b < 60 }

    @Test func aRoundedBoxIsDrawnWithItsRounding() throws {
        // A 40 x 20 box rounded by 10: it reaches 10 points past its core on every side, with round corners.
        let world = try World(scene: sceneWithBodies(##"{"type": "static", "position": [100, 100], "shapes": [{"box": [40, 20], "radius": 10}], "look": "#ff0000"}"##))
        let (w, h) = (400, 400)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Offscreen.camera(for: DrawnWorld(world: world, debug: false), width: w, height: h)
        func red(_ x: Double, _ y: Double) -> Bool {
            let p = camera.toScreen(Vector(x, y))
            return Self.isRed(picture.at(p.x, p.y))
        }
        #expect(red(100, 100 - 10 - 9) && red(100, 100 + 10 + 9), "the rounding below and above the core")
        #expect(red(100 - 20 - 9, 100) && red(100 + 20 + 9, 100), "the rounding left and right of the core")
        #expect(!red(100, 100 - 10 - 11) && !red(100 + 20 + 11, 100), "not past the radius")
        // A corner is round: the core's corner pushed out diagonally by the radius is inside, the box's square corner is not.
        #expect(red(100 + 20 + 6.5, 100 + 10 + 6.5) && !red(100 + 20 + 9.5, 100 + 10 + 9.5), "round corners")
    }

    @Test func theSceneIsFittedWithWhatItHolds() throws {
        // Plink's script drops its pentagons from above its bounds, and its pegs reach past its sides.
        let plink = try loadShippedScene("chipmunk/plink.json")
        let drawn = DrawnWorld(world: try World(scene: plink), debug: false)
        let highest = drawn.current.map(\.position.y).max() ?? 0
        #expect(highest > plink.origin.y + plink.height, "the pentagons start above the bounds (\(highest))")
        let box = drawn.fitted()
        #expect(box.origin.y + box.height >= highest, "the fitted box holds them: \(box)")
        #expect(box.origin.x < plink.origin.x || box.origin.x + box.width > plink.origin.x + plink.width, "and the pegs past the sides: \(box)")
        // A scene whose bodies are inside its box is fitted to its box.
        let crates = try loadShippedScene("crates.json")
        #expect(crates.fitted.origin == crates.origin && crates.fitted.width == crates.width && crates.fitted.height == crates.height)
        // However far a body is, the fit is at most four times the box past it; F (unclamped) takes it whole.
        var far = try sceneWithBodies(##"{"position": [1e6, 100], "box": [20, 20], "mass": 1}"##)
        far.walls = nil
        let farDrawn = DrawnWorld(world: try World(scene: far), debug: false)
        #expect(farDrawn.fitted().width <= 200 * 9 + 1 && farDrawn.fitted(clamped: false).width > 1e6)
    }

    /// The walls' backings (rules 2) are never drawn: the drawn walls are the four segments.
    @Test func theWallsBackingsAreNotDrawn() throws {
        let world = try World(scene: try loadShippedScene("pyramid.json"))
        let drawn = DrawnWorld(world: world, debug: false)
        #expect(drawn.walls.count == 4 && drawn.walls.allSatisfy { if case .segment = $0 { true } else { false } }, "\(drawn.walls)")
        // Outside the box, the picture is the letterbox's colour, not a wall's.
        let (w, h) = (400, 240)
        let picture = Picture(pixels: try Offscreen.pixels(of: drawn, width: w, height: h), width: w, height: h)
        let corner = picture.at(1, 1), wall = Palette.wall
        #expect(!(corner.r == Int(wall.r) && corner.g == Int(wall.g) && corner.b == Int(wall.b)), "\(corner)")
    }

    @Test func renderFollowsTheBodyTheSceneFollows() throws {
        let scene = try loadShippedScene("walker.json")
        let id = try #require(scene.view?.follow)
        let world = try World(scene: scene)
        let drawn = DrawnWorld(world: world, debug: false)
        let camera = Offscreen.camera(for: drawn, width: 640, height: 360)
        let index = try #require(drawn.bodies.firstIndex { $0?.spec.id == id })
        let at = camera.toScreen(drawn.pose(of: index, alpha: 1).position)
        let fitted = Camera(worldWidth: scene.fitted.width, worldHeight: scene.fitted.height, pixelWidth: 640, pixelHeight: 360, origin: scene.fitted.origin)
        #expect(camera.scale > fitted.scale * 2, "closer than the whole ground: \(camera.scale) against \(fitted.scale)")
        #expect(at.x > 100 && at.x < 540, "the walker in the picture: \(at)")
    }
}
