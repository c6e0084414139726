import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Build mode's check of an edit in the real window: deleting the body the
/// scene's view follows is an edit like another (the editor checks the scene's
/// values, and a follow of a body that is gone is dropped as the file drops it).
@Suite struct FollowBuildWindowTests: WindowTesting {
    @Test func deletingTheFollowedBodyIsKeptAndSaved() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("follow")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/follow.json"
        try Data("""
            {"format": "cratebox/scene@1", "bounds": [1280, 720], "view": {"follow": "hero", "width": 900},
             "bodies": [{"id": "hero", "position": [555, 374], "mass": 1, "box": [120, 120], "look": "#e00000"}]}
            """.utf8).write(to: URL(fileURLWithPath: file))
        let (app, out) = try launchProgram(crateboxBinary, ["run", "--build", file, "--no-splash", "--size", "1280x720"],
                                           environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build follow", of: app, env: display.env)
        try person.focus()
        // The 1280 x 720 box is drawn at about 0.759 (as in ToysBuildWindowTests): the hero is about here.
        let hero = (Int((29.2 + 555 * 0.7591).rounded()), Int((639.7 - 374 * 0.7591).rounded()))
        let before = directory + "/before.png", after = directory + "/after.png"
        #expect(try self.screenshot(before, until: { reddish(in: $0) > 3000 }, env: display.env), "the red hero never showed")
        try person.key("1")
        try person.click(hero.0, hero.1)
        try person.key("Delete")
        #expect(try self.screenshot(after, until: { reddish(in: $0) < 100 }, env: display.env), "the hero was not deleted")
        try person.key("ctrl+s")
        try person.key("b")
        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0 && !output.contains("refused") && output.contains("saved \(file)"), "\(output)")
        // Saved without the hero, and without a follow of it; the width stays.
        let scene = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect((scene["bodies"] as? [Any])?.isEmpty == true, "\(scene)")
        #expect(scene["view"] as? [String: Double] == ["width": 900], "\(scene)")
        #expect(try cratebox("validate", file).status == 0)
    }
}
