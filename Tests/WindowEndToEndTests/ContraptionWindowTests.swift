import Foundation
import Testing
import TestSupport
@testable import cratebox

/// The scripted contraptions of Scenes/ played in the real window as a user
/// plays them: the recording verifies, and what the script says at its end
/// (read back by replaying it headless) shows the contraption did its work.
@Suite(.serialized) struct ContraptionWindowTests: WindowTesting {
    /// Where a 1280 x 720 box with walls is on a 1280 x 720 screenshot: its
    /// walls' outline (drawn in 150, 160, 175), found along the middle row and column.
    struct Box {
        var left = 0, right = 0, top = 0, bottom = 0

        init(_ png: String) throws {
            let pixels = try rgbPixels(png)
            func isWall(_ x: Int, _ y: Int) -> Bool {
                let i = (y * 1280 + x) * 3
                return i + 2 < pixels.count && pixels[i] == 150 && pixels[i + 1] == 160 && pixels[i + 2] == 175
            }
            let row = (0..<1280).filter { isWall($0, 400) }, column = (0..<720).filter { isWall(640, $0) }
            guard let l = row.first, let r = row.last, let t = column.first, let b = column.last else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no walls on the screenshot"])
            }
            (left, right, top, bottom) = (l, r, t, b)
        }

        /// The window point of a world point of the 1280 x 720 box.
        func screen(_ x: Double, _ y: Double) -> (Int, Int) {
            (left + Int(x / 1280 * Double(right - left)), bottom - Int(y / 720 * Double(bottom - top)))
        }
    }

    /// Plays `scene` recorded, `play` driving it with the box found on screen;
    /// returns what the script says at the recording's end, after checking it verifies.
    func play(_ scene: String, title: String, _ play: (WindowDriver, Box) throws -> Void) throws -> String {
        try recorded(scene, title: title, play: { person, env, folder in
            _ = try tool("/usr/bin/import", ["-window", "root", folder + "/start.png"], env: env)
            try play(person, try Box(folder + "/start.png"))
        }, afterward: { journal, steps in
            try #require(try simulated(scene, journal: journal, steps: steps)["said"] as? String)
        })
    }

    /// The number after `label` in what the script said.
    func figure(_ label: String, in said: String) -> Int? {
        guard let range = said.range(of: label) else { return nil }
        return Int(said[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func aCrateOnThePlateOpensTheDoor() throws {
        let said = try play("Scenes/door.json", title: "cratebox: A switch that opens a door") { person, box in
            let (x, y) = box.screen(560, 200)  // above the plate: a click drops a crate onto it
            try person.click(x, y, pause: 6_000_000)
        }
        #expect((figure("Balls out: ", in: said) ?? 0) >= 1, "the drawbridge opened and balls rolled out: \(said)")
    }

    @Test func theFactoryMakesAndDestroysCrates() throws {
        let said = try play("Scenes/factory.json", title: "cratebox: A spawner and a destroyer") { _, _ in usleep(4_000_000) }
        #expect((figure("Made: ", in: said) ?? 0) >= 10 && (figure("Destroyed: ", in: said) ?? 0) >= 2, "\(said)")
    }

    @Test func thePlayerRunsAndPicksUpAGem() throws {
        let said = try play("Scenes/platformer.json", title: "cratebox: Platformer") { person, _ in
            try person.xdotool(["keydown", "Right"])
            usleep(700_000)
            try person.xdotool(["keyup", "Right"])
            usleep(300_000)
        }
        #expect((figure("Pickups ", in: said) ?? 0) >= 1, "the first gem is on the way right: \(said)")
    }

    @Test func spaceSetsOffTheDominoesToTheEnd() throws {
        let said = try play("Scenes/dominoes.json", title: "cratebox: Dominoes") { person, _ in
            try person.xdotool(["keydown", "space"])  // held a moment, as a finger does: the script reads it held
            usleep(200_000)
            try person.xdotool(["keyup", "space"])
            usleep(8_000_000)
        }
        #expect(said.hasPrefix("The end!"), "\(said)")
    }
}
