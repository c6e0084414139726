import CSDL2
import WindowModel
import Foundation
import CrateboxGeometry
import Render
import SceneFormat
import Simulation
import Testing
import TestSupport

/// The HUD, the panels, the graphs and the time machine's bar covered the
/// scene: the crane rail's end, a crate in the tank scene, the right wall under
/// build mode's panel, crates under the F3 graphs, the floor under the bar, and
/// in a 300 x 200 window the bubble level over the HUD's text (issue 35).
@Suite struct ScreenLayoutTests {
    func disjoint(_ a: SDL_Rect, _ b: SDL_Rect) -> Bool {
        a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y
    }

    /// The box (its bounds, as the camera fits them) in pixels.
    func box(_ layout: ScreenLayout, width: Double, height: Double) -> SDL_Rect {
        let room = layout.world
        let camera = Camera(worldWidth: width, worldHeight: height, pixelWidth: Int(room.w), pixelHeight: Int(room.h),
                            left: Double(room.x), top: Double(room.y))
        let a = camera.toScreen(.init(0, height)), b = camera.toScreen(.init(width, 0))
        return SDL_Rect(x: Int32(a.x.rounded(.down)), y: Int32(a.y.rounded(.down)), w: Int32((b.x - a.x).rounded(.up)), h: Int32((b.y - a.y).rounded(.up)))
    }

    @Test(arguments: [(1280, 720, 3), (1280, 720, 2), (640, 480, 4), (1920, 1080, 3), (300, 200, 6)])
    func theBoxIsNeverUnderTheBandOrTheLevel(width: Int32, height: Int32, lines: Int) {
        let layout = ScreenLayout(width: width, height: height, scale: 1, stripLines: lines, lineHeight: 17, textWidth: min(width - 150, 900), showLevel: true)
        for (w, h) in [(1280.0, 720.0), (800, 400), (1200, 1200), (2000, 600)] {
            let b = box(layout, width: w, height: h)
            #expect(disjoint(b, layout.strip), "\(w)x\(h) in \(width)x\(height): the box \(b) is under the band \(layout.strip)")
            #expect(b.y + b.h <= height + 1 && b.x >= 0 && b.x + b.w <= width + 1)
            if let level = layout.level {
                let ring = SDL_Rect(x: Int32(level.x - level.r), y: Int32(level.y - level.r), w: Int32(2 * level.r), h: Int32(2 * level.r))
                #expect(disjoint(b, ring), "the box is under the level")
            }
        }
        // The time machine's bar is inside the band.
        #expect(layout.timeline.y >= layout.strip.y && layout.timeline.y + layout.timeline.h <= layout.strip.y + layout.strip.h)
    }

    @Test func theLevelIsNotOverTheText() {
        // 300 x 200: the HUD's text is as wide as the window; the level is not drawn over it.
        let narrow = ScreenLayout(width: 300, height: 200, scale: 1, stripLines: 6, lineHeight: 17, textWidth: 290, showLevel: true)
        #expect(narrow.level == nil)
        let wide = ScreenLayout(width: 1280, height: 720, scale: 1, stripLines: 3, lineHeight: 17, textWidth: 900, showLevel: true)
        let level = try! #require(wide.level)
        #expect(level.x - level.r > 900)
        // Without gravity (the tank, a planet) there is no level to show.
        #expect(ScreenLayout(width: 1280, height: 720, scale: 1, stripLines: 3, lineHeight: 17, textWidth: 900, showLevel: false).level == nil)
    }

    @Test func sidePanelsAndTheToolbarKeepTheirEdges() {
        // Build mode: the property panel on the right, the toolbar along the bottom.
        let build = ScreenLayout(width: 1280, height: 720, scale: 1, stripLines: 3, lineHeight: 17, textWidth: 900, showLevel: false,
                                 right: 250, bottom: 46)
        let b = box(build, width: 800, height: 400)
        #expect(b.x + b.w <= 1280 - 250 && b.y + b.h <= 720 - 46 && disjoint(b, build.strip))
        // The F3 graphs take the right column.
        let graphs = ScreenLayout(width: 1280, height: 720, scale: 1, stripLines: 3, lineHeight: 17, textWidth: 900, showLevel: true,
                                  right: Graphs.columnWidth(scale: 1))
        #expect(box(graphs, width: 1280, height: 720).x + box(graphs, width: 1280, height: 720).w <= 1280 - Int32(Graphs.columnWidth(scale: 1)))
        for graph in Graphs.boxes(count: 4, width: 1280, height: 720, scale: 1) {
            #expect(disjoint(graph, box(graphs, width: 1280, height: 720)), "a graph over the box")
        }
    }
}

/// F3 showed "kinetic energy 0, max 0" above a line that was all spikes.
@Suite struct GraphFigureTests {
    @Test func smallFiguresShowTheirDigits() {
        #expect(Graphs.shown(0.004123, 0) == "0.00412")
        #expect(Graphs.shown(5.26, 0) == "5.26")
        #expect(Graphs.shown(1234.4, 0) == "1234")
        #expect(Graphs.shown(0, 0) == "0")
        #expect(Graphs.shown(0.25, 2) == "0.25")
        #expect(Graphs.shown(0.0031, 2) == "0.0031")
        // The crane's energy five seconds in: not "0" over a line that still falls.
        #expect(Graphs.shown(1.724756534209884e-23, 0) == "1.72e-23")
        #expect(Graphs.shown(6.591757372772838e-13, 0) == "6.59e-13")
        #expect(Graphs.shown(0.0009341843707166043, 0) == "0.000934")
    }
}

/// An explosion (X and a click) showed nothing but what it pushed.
@Suite struct BlastPictureTests {
    @Test func anExplosionIsARingThatGrowsToItsRadiusAndFades() throws {
        func ringPixels(age: Double) throws -> (near: Int, inside: Int) {
            let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: 200, pixelHeight: 200, margin: 0)
            let p = try drawnCanvas(200, 200) { renderer in
                Painter(renderer: renderer).drawBlast(at: .init(100, 100), radius: 60, age: age, camera: camera)
            }
            var near = 0, inside = 0
            for y in 0..<200 { for x in 0..<200 {
                let c = p.at(Double(x), Double(y))
                guard c.r > 60 && c.r > c.b + 20 else { continue }
                let d = ((Double(x) - 100) * (Double(x) - 100) + (Double(y) - 100) * (Double(y) - 100)).squareRoot()
                if abs(d - 60) < 4 { near += 1 } else if d < 50 { inside += 1 }
            } }
            return (near, inside)
        }
        let grown = try ringPixels(age: 0.35)
        #expect(grown.near > 200 && grown.inside == 0, "at its radius once grown: \(grown)")
        let young = try ringPixels(age: 0.01)
        #expect(young.near == 0 && young.inside > 50, "small at first: \(young)")
        #expect(try ringPixels(age: Painter.blastSeconds).near == 0, "gone once its time is up")
    }
}

/// A crate's bottom edge was drawn partly over the floor line and partly under it.
@Suite struct FloorLineTests {
    @Test func theFloorLineIsDrawnOverWhatRestsOnIt() throws {
        // A 20-point crate sunk half a point into the floor's band (y -1 ... 1), at 10 pixels a point.
        let scene = try decode(TestSupport.scene(bodies: #"{"position": [50, 10.5], "mass": 1, "box": [20, 20]}"#)
            .replacingOccurrences(of: "\"bounds\": [300, 300]", with: "\"bounds\": [100, 60]"))
        let world = try World(scene: scene)
        let drawn = DrawnWorld(world: world)
        let camera = Camera(worldWidth: 100, worldHeight: 60, pixelWidth: 1000, pixelHeight: 600, margin: 0)
        let p = try drawnCanvas(1000, 600) { renderer in
            Painter(renderer: renderer).draw(drawn, camera: camera, alpha: 1, width: 1000, height: 600)
        }
        // Under the crate's middle, half a point down from the floor band's top: the wall's colour.
        let y = camera.toScreen(Vector(50, 0.75)).y
        let c = p.at(500, y)
        #expect(abs(c.r - 150) < 12 && abs(c.g - 160) < 12 && abs(c.b - 175) < 12, "the floor line under the crate: \(c)")
    }
}

/// The help was drawn over the HUD's band; below it, it must not lose its last lines.
@Suite struct HelpPlacementTests {
    @Test func theHelpSitsBelowTheBandUnlessItWouldNotFit() throws {
        var short = SDL_Rect(), tall = SDL_Rect()
        _ = try drawnCanvas(800, 600) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            short = Overlays.drawHelp(Array(repeating: "a line", count: 10), text: text, renderer: renderer, width: 800, height: 600, scale: 1, top: 70)
            tall = Overlays.drawHelp(Array(repeating: "a line", count: 33), text: text, renderer: renderer, width: 800, height: 600, scale: 1, top: 70)
        }
        #expect(short.y >= 70 && abs(Int(short.y - 70) * 2 + Int(short.h) - 530) <= 1, "centred below the band: \(short)")
        #expect(tall.y >= 0 && tall.y + tall.h <= 600, "whole, even though taller than the room below the band: \(tall)")
    }
}
