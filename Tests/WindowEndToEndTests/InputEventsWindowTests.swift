import Foundation
import Testing
import TestSupport
@testable import cratebox

/// A game's keys through the real window (docs/scene-format.md 16.13): a
/// script that defines `keypressed` gets every key but the window's own, a
/// quick tap (xdotool's `key`: down and up inside one step) counts, and
/// Space reaches the game instead of pausing. The count is read back from the
/// recording (`simulate --json`'s `said`).
@Suite struct InputEventsWindowTests: WindowTesting {
    static let scene = #"""
    {"format": "cratebox/scene@1", "name": "Taps", "bounds": [600, 400], "script": "taps.lua",
     "bodies": [{"id": "ball", "position": [300, 200], "shapes": [{"circle": 20}], "mass": 1}]}
    """#
    static let script = """
        state = {taps = 0, keys = ""}
        function keypressed(w, key)
          state.taps = state.taps + 1
          state.keys = state.keys .. key .. " "
          w:body("ball"):applyImpulse(0, 500)
        end
        function step(w) w:say("taps " .. state.taps .. ": " .. state.keys) end
        """

    @Test func aTapInsideOneStepReachesTheGameAndSpaceIsNotPause() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("taps-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.scene.write(toFile: directory + "/taps.json", atomically: true, encoding: .utf8)
        try Self.script.write(toFile: directory + "/taps.lua", atomically: true, encoding: .utf8)
        let journal = directory + "/taps.jsonl"
        let (app, out) = try launch(["run", directory + "/taps.json", "--no-splash", "--record", journal, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Taps", of: app, env: display.env)
        try person.focus()
        usleep(1_000_000)
        for key in ["k", "space", "r", "Left"] { try person.key(key, pause: 300_000) }
        usleep(800_000)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")

        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(!text.contains(#""event":"reset""#), "R is the game's, not the sandbox's reset: \(text.prefix(600))")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
        let steps = try #require(Int(verified.stdout.split(separator: " ").dropFirst().first ?? ""), "\(verified.stdout)")
        let again = try cratebox("simulate", directory + "/taps.json", "--events", journal, "--steps", "\(steps)", "--json")
        let said = try #require(((try JSONSerialization.jsonObject(with: Data(again.stdout.utf8))) as? [String: Any])?["said"] as? String, "\(again.stdout)\(again.stderr)")
        #expect(said == "taps 4: K Space R Left ", "every tap counted, in order, none paused the game")
    }
}
