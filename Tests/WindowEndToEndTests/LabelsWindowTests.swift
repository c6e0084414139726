import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Text and looks in the real window (docs/scene-format.md 16.17): a label
/// in the world and one on the screen are drawn, and a key the game takes
/// (`keypressed`) changes a body's look and a label's text, which the window
/// draws at once; the exact colours are looked for in screenshots.
@Suite struct LabelsWindowTests: WindowTesting {
    static let scene = #"""
    {"format": "cratebox/scene@1", "name": "Labels", "bounds": [600, 400], "script": "labels.lua", "gravity": [0, 0],
     "bodies": [{"id": "box", "position": [300, 120], "box": [120, 120], "mass": 1}]}
    """#
    static let script = ##"""
        world:text("title", "WWWWWW", {x = 300, y = 330, size = 60, align = "center", color = "#ff00ff"})
        world:text("corner", "WWWW", {screen = true, x = 20, y = 20, size = 40, color = "#00ff80"})
        function keypressed(w, key)
          if key == "K" then
            w:body("box"):setLook("#00ffff")
            w:text("title", "WWWWWW", {x = 300, y = 330, size = 60, align = "center", color = "#ffff00"})
          end
        end
        """##

    static func count(_ pixels: [UInt8], _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        func near(_ a: UInt8, _ b: UInt8) -> Bool { abs(Int(a) - Int(b)) < 30 }
        var n = 0
        for i in stride(from: 0, to: pixels.count - 2, by: 3) where near(pixels[i], r) && near(pixels[i + 1], g) && near(pixels[i + 2], b) {
            n += 1
        }
        return n
    }

    @Test func labelsShowAndAKeyChangesALookAndAText() throws {
        let directory = try temporaryFolder("labels-scene")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.scene.write(toFile: directory + "/labels.json", atomically: true, encoding: .utf8)
        try Self.script.write(toFile: directory + "/labels.lua", atomically: true, encoding: .utf8)
        var shown = (before: false, after: false, stale: -1)
        _ = try recorded(directory + "/labels.json", title: "cratebox: Labels", play: { person, env, folder in
            shown.before = try screenshot(folder + "/before.png", until: {
                Self.count($0, 255, 0, 255) > 2000 && Self.count($0, 0, 255, 128) > 300 && Self.count($0, 0, 255, 255) < 100
            }, env: env)
            try person.key("k", pause: 300_000)
            shown.after = try screenshot(folder + "/after.png", until: {
                Self.count($0, 0, 255, 255) > 10_000 && Self.count($0, 255, 255, 0) > 2000
            }, env: env)
            shown.stale = Self.count(try rgbPixels(folder + "/after.png"), 255, 0, 255)
        }, afterward: { _, _ in () })
        #expect(shown.before, "the magenta world label and the green screen label are drawn, the box as a crate")
        #expect(shown.after && shown.stale == 0, "K made the box cyan and the label yellow (magenta left: \(shown.stale))")
    }
}
