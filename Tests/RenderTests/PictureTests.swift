import CSDL2
import Foundation
import WindowModel
import CrateboxGeometry
import Testing
@testable import Render
@testable import Render
@testable import Simulation
@testable import SceneFormat
@testable import WindowModel

/// What the picture shows, pixel by pixel: crates where and as big and as
/// turned as the physics says, interpolation between steps, and the HUD,
/// help, bubble level and timeline drawn by the window's own code.
@Suite struct PictureTests {

    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 200 && c.g < 60 && c.b < 60 }

    @Test func aTurnedCrateHasItsCornersWhereThePhysicsSays() throws {
        let world = try World(scene: sceneWithBodies(##"{"type": "static", "position": [100, 100], "angle": 0.5, "box": [80, 40], "look": "#ff0000"}"##))
        let (w, h) = (400, 400)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: w, pixelHeight: h)
        let body = world.bodies[0]!.body
        for (cx, cy) in [(-40.0, -20.0), (40, -20), (40, 20), (-40, 20)] {
            let corner = body.localToWorld(Vector(cx, cy))
            let inward = body.localToWorld(Vector(cx * 0.93, cy * 0.86)), outward = body.localToWorld(Vector(cx * 1.07, cy * 1.14))
            let i = camera.toScreen(inward), o = camera.toScreen(outward)
            #expect(Self.isRed(picture.at(i.x, i.y)), "inside the corner at \(corner)")
            #expect(!Self.isRed(picture.at(o.x, o.y)), "outside the corner at \(corner)")
        }
        // Its size: the red area is 80 x 40 points at this scale.
        let red = stride(from: 0, to: picture.pixels.count, by: 4).count { picture.pixels[$0] > 200 && picture.pixels[$0 + 1] < 60 }
        let expected = 80 * 40 * camera.scale * camera.scale
        #expect(abs(Double(red) - expected) < expected * 0.03, "\(red) red pixels, expected \(expected)")
    }

    @Test func betweenStepsTheCrateIsDrawnInterpolated() throws {
        let world = try World(scene: sceneWithBodies(##"{"position": [100, 150], "velocity": [0, -6000], "box": [20, 20], "mass": 1, "look": "#ff0000"}"##))
        let maker = DrawnWorldMaker()
        maker.willStep(world)
        try world.step()
        let drawn = maker.drawn(world, debug: false)
        let (w, h) = (400, 400)
        let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: w, pixelHeight: h)
        func redCentreY(_ alpha: Double) throws -> Double {
            let p = Picture(pixels: try Offscreen.pixels(of: drawn, width: w, height: h, alpha: alpha), width: w, height: h)
            var sum = 0.0, n = 0.0
            for y in 0..<h { for x in 0..<w where Self.isRed(p.at(Double(x), Double(y))) { sum += Double(y); n += 1 } }
            return sum / max(n, 1)
        }
        let before = drawn.previous[0].position.y, after = drawn.current[0].position.y
        #expect(before - after > 40)
        let y0 = try redCentreY(0), y5 = try redCentreY(0.5), y1 = try redCentreY(1)
        // Where each pose says (to a pixel and a half: pixel centres and edges), and half way exactly half way.
        #expect(abs(y0 - camera.toScreen(Vector(100, before)).y) < 1.5 && abs(y1 - camera.toScreen(Vector(100, after)).y) < 1.5)
        #expect(abs(y5 - (y0 + y1) / 2) < 0.6 && y1 - y0 > 80, "\(y0) \(y5) \(y1)")
    }



    @Test func theHUDIsTextOnADarkPanelInTheCorner() throws {
        var panel = SDL_Rect()
        let picture = try drawnCanvas(600, 300) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            panel = Overlays.drawPanel([("Crates   step 120", Palette.text), ("recording stopped", Palette.warning)], text: text, renderer: renderer, scale: 1)
        }
        #expect(panel.x == 4 && panel.y == 4 && panel.w > 100 && panel.w < 250 && panel.h > 30 && panel.h < 60)
        let dark = countPixels(picture, in: panel) { $0.r < 70 && $0.g < 70 && $0.b < 70 }
        #expect(Double(dark) > Double(panel.w * panel.h) * 0.5, "the backdrop darkens what is under it")
        #expect(countPixels(picture, in: panel) { $0.r > 200 && $0.g > 200 && $0.b > 200 } > 50, "white text")
        #expect(countPixels(picture, in: panel) { $0.r > 200 && $0.g > 110 && $0.g < 190 && $0.b < 130 } > 30, "a warning-coloured line")
        let outside = SDL_Rect(x: panel.x + panel.w + 2, y: 0, w: 600 - panel.w - panel.x - 2, h: 300)
        #expect(countPixels(picture, in: outside) { $0.r != 100 } == 0, "nothing outside the panel")
    }

    /// The watching hint, the longest line the HUD shows, wraps: the panel stays in its corner.
    @Test func theHUDPanelHasABoundedWidth() throws {
        var panel = SDL_Rect(), oneLine: Int32 = 0
        let long = "watching a replay: Space plays, Left/Right jump a second, Home/End, click the timeline"
        _ = try drawnCanvas(1200, 300) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            oneLine = text.width([long])
            panel = Overlays.drawPanel([("Crates   step 120", Palette.text), (long, Palette.joint)], text: text, renderer: renderer, scale: 1)
        }
        #expect(oneLine > Int32(Overlays.panelMaxWidth) + 100, "the line alone is wider than the bound")
        #expect(panel.w <= Int32(Overlays.panelMaxWidth) + 16 + 1)
        #expect(panel.h > 3 * 14, "wrapped onto more lines")
    }

    @Test func theHelpOverlayIsCentredAndListsTheKeys() throws {
        var box = SDL_Rect()
        let picture = try drawnCanvas(800, 600) { renderer in
            box = Overlays.drawHelp(text: Text(renderer: renderer, pointSize: 14), renderer: renderer, width: 800, height: 600, scale: 1)
        }
        #expect(abs(Int(box.x) * 2 + Int(box.w) - 800) <= 1 && abs(Int(box.y) * 2 + Int(box.h) - 600) <= 1)
        #expect(box.h > Int32(Overlays.helpLines.count) * 14)
        #expect(countPixels(picture, in: box) { $0.r > 200 && $0.g > 200 } > 500, "the keys are written in it")
    }

    @Test func theBubbleLevelPointsWhereGravityDoes() throws {
        func dot(_ tilt: Vector) throws -> (x: Double, y: Double) {
            let p = try drawnCanvas(200, 200) { renderer in Painter(renderer: renderer).drawLevel(tilt: tilt, at: (150, 50), radius: 36, scale: 1) }
            var sx = 0.0, sy = 0.0, n = 0.0
            for y in 0..<200 { for x in 0..<200 {
                let c = p.at(Double(x), Double(y))
                if c.r > 240 && c.g > 200 && c.b < 120 { sx += Double(x); sy += Double(y); n += 1 }
            } }
            return (sx / max(n, 1), sy / max(n, 1))
        }
        // The ring's centre, where it is drawn.
        let (cx, cy) = (200.0 - 50, 50.0)
        let down = try dot(Vector(0, -1)), right = try dot(Vector(1, 0)), level = try dot(Vector(0, 0))
        #expect(abs(level.x - cx) < 2 && abs(level.y - cy) < 2)
        #expect(abs(down.x - cx) < 2 && abs(down.y - (cy + 18)) < 3, "\(down)")
        #expect(abs(right.x - (cx + 18)) < 3 && abs(right.y - cy) < 2, "\(right)")
    }

    @Test func theTimelineShowsThePartPlayedAndTheCheckpoints() throws {
        let bar = Overlays.timelineBar(width: 400, height: 100, scale: 1)
        #expect(bar.x == 16 && bar.w == 368 && bar.y + bar.h == 84)
        let picture = try drawnCanvas(400, 100) { renderer in
            Overlays.drawTimeline(bar, played: 300, last: 1200, ticks: [120, 240, 360], renderer: renderer)
        }
        let yellow: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > 240 && $0.g > 200 && $0.b < 120 }
        let row = Double(bar.y + bar.h / 2)
        #expect(yellow(picture.at(Double(bar.x) + 2, row)) && yellow(picture.at(Double(bar.x) + 88, row)))
        #expect(!yellow(picture.at(Double(bar.x) + 96, row)) && !yellow(picture.at(Double(bar.x + bar.w) - 2, row)), "a quarter played")
        let tick = Double(bar.x) + 368.0 * 360 / 1200
        #expect(picture.at(tick, Double(bar.y - 1)).r > 150, "a checkpoint tick above the bar")
    }
}

/// The physics thread's drawn worlds: drawn between the poses before the last step and after it.
@Suite struct DrawnWorldMakerTests {
    @Test func posesInterpolateBetweenSteps() throws {
        let world = try World(scene: DefaultScene.scene())
        let maker = DrawnWorldMaker()
        try world.step(4)
        maker.willStep(world)
        let before = world.poses[0]
        try world.step()
        let drawn = maker.drawn(world, debug: false), after = world.poses[0]
        #expect(drawn.pose(of: 0, alpha: 0) == before && drawn.pose(of: 0, alpha: 1) == after && before != after)
        let half = drawn.pose(of: 0, alpha: 0.5)
        #expect(abs(half.position.y - (before.position.y + after.position.y) / 2) < 1e-9)
        // The bodies' descriptions are shared until a body comes or goes.
        maker.willStep(world)
        try world.step()
        let next = maker.drawn(world, debug: false)
        #expect(next.bodies.count == drawn.bodies.count)
        try world.apply(.spawn(x: 100, y: 200))
        #expect(maker.drawn(world, debug: false).bodies.count == drawn.bodies.count + 1)
        // A world it has not seen step is drawn as it is.
        let other = try World(scene: DefaultScene.scene())
        let still = maker.drawn(other, debug: false)
        #expect(still.previous == still.current)
    }
}
