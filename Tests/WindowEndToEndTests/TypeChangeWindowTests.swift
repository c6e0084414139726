import Foundation
import Testing
import TestSupport
@testable import cratebox

/// body:setType in the real window: a key the script takes turns a static shelf
/// dynamic, and the window draws it falling (a static body is drawn without
/// interpolation, so drawing must read the type it has now).
@Suite struct TypeChangeWindowTests: WindowTesting {
    /// Reddish pixels in rows `rows` of a 1280-pixel-wide screenshot's RGB bytes.
    func reddish(in data: [UInt8], rows: Range<Int>) -> Int {
        let row = 1280 * 3
        let part = Array(data[min(data.count, rows.lowerBound * row)..<min(data.count, rows.upperBound * row)])
        return reddish(in: part)
    }

    @Test func aKeyTurnsAStaticShelfDynamicAndItFalls() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("types")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/shelf.json"
        try Data("""
            {"format": "cratebox/scene@1", "bounds": [1280, 720], "script": "shelf.lua",
             "bodies": [{"id": "shelf", "type": "static", "position": [640, 560], "box": [300, 40], "look": "#e00000"},
                        {"id": "crate", "position": [640, 600], "box": [60, 60], "mass": 1}]}
            """.utf8).write(to: URL(fileURLWithPath: file))
        try Data("""
            function keypressed(world, key)
              if key == "T" then world:body("shelf"):setType("dynamic", 5, 40000) end
            end
            """.utf8).write(to: URL(fileURLWithPath: directory + "/shelf.lua"))
        let (app, _) = try launchProgram(crateboxBinary, ["run", file, "--no-splash", "--size", "1280x720"], environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: shelf", of: app, env: display.env)
        try person.focus()
        let before = directory + "/before.png", after = directory + "/after.png"
        // The shelf is drawn near the box's top (y about 240 of 720), and stays there.
        #expect(try self.screenshot(before, until: { reddish(in: $0, rows: 200..<300) > 5000 }, env: display.env), "the red shelf never showed")
        try person.key("t")
        #expect(try self.screenshot(after, until: { reddish(in: $0, rows: 620..<720) > 5000 && reddish(in: $0, rows: 200..<300) < 100 },
                                    env: display.env), "the shelf did not fall")
        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        awaitExit(app, seconds: 20)
    }
}
