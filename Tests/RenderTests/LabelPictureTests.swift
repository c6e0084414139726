import WindowModel
import CrateboxGeometry
import Testing
import TestSupport
@testable import Render
@testable import Simulation
@testable import SceneFormat

/// A script's labels and looks (docs/scene-format.md 16.17) are in the
/// picture: a world label where the world puts it and as large as the world
/// is drawn, a screen label from the top left, a look set by the script; and
/// `render --hud`'s band holds the line the script said.
@Suite struct LabelPictureTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [200, 200], "walls": false, "gravity": [0, 0], "script": "t.lua", "bodies": [{"id": "box", "position": [150, 50], "box": [40, 40], "mass": 1}]}"#
    static let script = ##"""
        world:text("big", "MMMM", {x = 50, y = 150, size = 40, color = "#ff0000", align = "center"})
        world:text("corner", "MM", {screen = true, x = 2, y = 2, size = 20, color = "#00ff00"})
        world:body("box"):setLook("#0000ff")
        world:say("said in the band")
        """##

    /// How many pixels within `rect` are near `colour`.
    static func count(_ p: Picture, _ colour: (Int, Int, Int), x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for py in y where py >= 0 && py < p.height {
            for px in x where px >= 0 && px < p.width {
                let c = p.at(Double(px), Double(py))
                if abs(c.r - colour.0) < 40 && abs(c.g - colour.1) < 40 && abs(c.b - colour.2) < 40 { n += 1 }
            }
        }
        return n
    }

    @Test func labelsAndLooksAreDrawnWhereTheySay() throws {
        let world = try World(scene: try decode(Self.scene, file: "t.json", script: Self.script))
        let (w, h) = (400, 400)
        let picture = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: w, pixelHeight: h)
        let at = camera.toScreen(Vector(50, 150)), big = 40 * camera.scale
        let red = Self.count(picture, (255, 0, 0), x: Int(at.x - 2 * big)..<Int(at.x + 2 * big), y: Int(at.y)..<Int(at.y + 1.5 * big))
        #expect(red > 500, "the world label's red letters, centred on its point, as tall as 40 world points: \(red)")
        #expect(Self.count(picture, (255, 0, 0), x: 0..<w, y: 0..<Int(at.y) - 2) == 0, "nothing of it above its point")
        #expect(Self.count(picture, (0, 255, 0), x: 0..<40, y: 0..<30) > 30, "the screen label at the top left")
        let box = camera.toScreen(Vector(150, 50))
        #expect(picture.at(box.x, box.y) == (0, 0, 255), "the look the script set")
        let plain = try World(scene: try decode(Self.scene, file: "t.json", script: "function step() end"))
        let unlabelled = Picture(pixels: try Offscreen.pixels(of: plain, width: w, height: h, debug: false), width: w, height: h)
        #expect(Self.count(unlabelled, (255, 0, 0), x: 0..<w, y: 0..<h) == 0 && unlabelled.at(box.x, box.y) != (0, 0, 255))
    }

    @Test func theBandHoldsWhatTheScriptSaid() throws {
        let world = try World(scene: try decode(Self.scene, file: "t.json", script: Self.script))
        let (w, h) = (400, 400)
        let with = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false, band: "t.json"), width: w, height: h)
        // The said line is the band's third, in the joint colour (yellow), above the world.
        let yellow = (Int(Palette.joint.r), Int(Palette.joint.g), Int(Palette.joint.b))
        #expect(Self.count(with, yellow, x: 0..<w, y: 0..<80) > 40, "the said line in the band")
        let without = Picture(pixels: try Offscreen.pixels(of: world, width: w, height: h, debug: false), width: w, height: h)
        #expect(Self.count(without, yellow, x: 0..<w, y: 0..<h) == 0, "no band, no line")
        // The world moves down below the band: the box is lower in the picture with it.
        func lowestBlue(_ p: Picture) -> Int { (0..<h).last { y in Self.count(p, (0, 0, 255), x: 0..<w, y: y..<(y + 1)) > 0 } ?? -1 }
        #expect(lowestBlue(with) > lowestBlue(without))
    }

    @Test func aLabelsLinesBreakAtEachLineFeed() {
        #expect(Painter.lines(of: "a\r\nb\n\tc") == ["a ", "b", " c"])
    }
}
