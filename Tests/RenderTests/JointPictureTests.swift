import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat
import Simulation
import Testing
@testable import Render

/// Joints drawn as parts, on the offscreen renderer: a spring's coil between
/// its anchors, a rope's sag when slack, a pivot's bolt.
@Suite struct JointPictureTests {
    /// A 200 x 200 world without gravity (nothing moves), drawn 1:1 into 212 x 212 pixels.
    static func picture(joints: String, bodies: String) throws -> (pixels: [UInt8], camera: Camera) {
        let json = """
        {"format": "cratebox/scene@1", "bounds": [200, 200], "gravity": [0, 0], "walls": false,
         "bodies": [\(bodies)], "joints": [\(joints)]}
        """
        let world = try World(scene: Scene.decode(Array(json.utf8), file: "joints.json"))
        let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: 212, pixelHeight: 212)
        return (try Offscreen.pixels(of: world, width: 212, height: 212, debug: false), camera)
    }

    static func color(_ pixels: [UInt8], _ camera: Camera, _ p: Vector) -> SDL_Color {
        let s = camera.toScreen(p)
        let i = (Int(s.y.rounded(.down)) * 212 + Int(s.x.rounded(.down))) * 4
        return SDL_Color(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: 255)
    }

    static func near(_ c: SDL_Color, _ d: SDL_Color) -> Bool {
        abs(Int(c.r) - Int(d.r)) + abs(Int(c.g) - Int(d.g)) + abs(Int(c.b) - Int(d.b)) < 40
    }

    /// Pixels of `color` in a square of `radius` points around `p`.
    static func count(_ color: SDL_Color, _ pixels: [UInt8], _ camera: Camera, around p: Vector, radius: Double) -> Int {
        var n = 0
        for dx in stride(from: -radius, through: radius, by: 1) {
            for dy in stride(from: -radius, through: radius, by: 1) where near(Self.color(pixels, camera, p + Vector(dx, dy)), color) { n += 1 }
        }
        return n
    }

    @Test func aSpringIsACoilBetweenItsAnchors() throws {
        let (pixels, camera) = try Self.picture(
            joints: #"{"type": "spring", "a": "world", "b": "box", "anchorA": [100, 180], "anchorB": [0, 0], "restLength": 100, "stiffness": 10, "damping": 1}"#,
            bodies: #"{"id": "box", "position": [100, 40], "box": [20, 20], "mass": 1, "look": "plain"}"#)
        // Along the coil (from y 60 to 170) the steel swings to both sides of the axis; far off it, none.
        var left = 0, right = 0
        for y in stride(from: 70.0, through: 160, by: 1) {
            for dx in stride(from: 1.5, through: 5, by: 0.5) {
                if Self.near(Self.color(pixels, camera, Vector(100 - dx, y)), Palette.spring) { left += 1 }
                if Self.near(Self.color(pixels, camera, Vector(100 + dx, y)), Palette.spring) { right += 1 }
            }
        }
        #expect(left > 40 && right > 40, "the coil's turns: \(left) left, \(right) right")
        #expect(Self.count(Palette.spring, pixels, camera, around: Vector(140, 120), radius: 8) == 0)
        // A mount where it hangs from the world.
        #expect(Self.count(Palette.bolt, pixels, camera, around: Vector(100, 182), radius: 4) > 5)
    }

    @Test func aSlackRopeSagsAndATautOneIsStraight() throws {
        func rope(max: Double) throws -> (pixels: [UInt8], camera: Camera) {
            try Self.picture(
                joints: #"{"type": "slide", "a": "world", "b": "box", "anchorA": [40, 150], "anchorB": [0, 0], "min": 0, "max": \#(max)}"#,
                bodies: #"{"id": "box", "position": [160, 150], "box": [10, 10], "mass": 1, "look": "plain"}"#)
        }
        let taut = try rope(max: 120), slack = try rope(max: 160)
        // Taut: the rope runs along the line between the anchors.
        #expect(Self.count(Palette.rope, taut.pixels, taut.camera, around: Vector(100, 150), radius: 2) > 3)
        // Slack (40 points of slack over 120): it hangs about 42 points below the line at the middle.
        let sag = Painter.ropePoints(Vector(40, 150), Vector(160, 150), length: 160, down: Vector(0, -1))[8]
        #expect(abs(sag.y - (150 - (3.0 * 120 * 40 / 8).squareRoot())) < 1e-9)
        #expect(Self.count(Palette.rope, slack.pixels, slack.camera, around: Vector(100, 150), radius: 2) == 0)
        #expect(Self.count(Palette.rope, slack.pixels, slack.camera, around: sag, radius: 2) > 3)
    }

    @Test func aPivotIsABoltAtItsAnchor() throws {
        let (pixels, camera) = try Self.picture(
            joints: #"{"type": "pivot", "a": "one", "b": "two", "anchor": [100, 100]}"#,
            bodies: #"{"id": "one", "position": [80, 100], "box": [50, 10], "mass": 1, "look": "plain"}, {"id": "two", "position": [120, 100], "box": [50, 10], "mass": 1, "look": "plain"}"#)
        #expect(Self.count(Palette.bolt, pixels, camera, around: Vector(100, 100), radius: 4) > 10)
        #expect(Self.count(Palette.rod, pixels, camera, around: Vector(100, 100), radius: 1) > 0, "the bolt's centre")
        #expect(Self.count(Palette.bolt, pixels, camera, around: Vector(70, 100), radius: 3) == 0)
    }

    @Test func aCoilKeepsItsTurnsWhateverItsLength() {
        let short = Painter.coilPoints((0, 0), (0, 40), amplitude: 3), long = Painter.coilPoints((0, 0), (0, 400), amplitude: 3)
        #expect(short.count == long.count && short.count == 2 * Painter.coilTurns + 4)
        #expect(short.allSatisfy { abs($0.x) <= 3 + 1e-9 } && long.allSatisfy { abs($0.x) <= 3 + 1e-9 })
    }
}
