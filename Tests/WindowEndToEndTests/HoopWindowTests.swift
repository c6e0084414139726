import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Scenes/hoop.json as a user plays it: three clicks above the hoop drop
/// three balls, the script counts them through, Ctrl+S saves the scene with
/// its script beside it, and the recording replays and verifies. What the
/// script says is read back from the recording (`simulate --json`'s `said`).
@Suite struct HoopWindowTests: WindowTesting {
    @Test func clicksAboveTheHoopAreCountedAndRecorded() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("hoop-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/hoop.jsonl"
        let (app, out) = try launch(["run", "Scenes/hoop.json", "--no-splash", "--record", journal, "--save-to", directory, "--size", "1280x720"],
                                    env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Hoop", of: app, env: display.env)
        try person.focus()
        usleep(1_000_000)
        // The hoop is at about (741, 340) in the window (the box fitted below the HUD); drop above it.
        for x in [741, 735, 748] { try person.click(x, 130, pause: 400_000) }
        usleep(2_500_000)
        try person.key("ctrl+s", pause: 400_000)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")

        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.components(separatedBy: #""event":"spawn""#).count - 1 == 3, "three balls dropped: \(text.prefix(300))")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
        // Played again headless to the recording's last step, the script has counted the balls through.
        let steps = try #require(Int(verified.stdout.split(separator: " ").dropFirst().first ?? ""), "\(verified.stdout)")
        let again = try cratebox("simulate", "Scenes/hoop.json", "--events", journal, "--steps", "\(steps)", "--json")
        let said = try #require(((try JSONSerialization.jsonObject(with: Data(again.stdout.utf8))) as? [String: Any])?["said"] as? String)
        let count = Int(said.split(separator: " ").dropFirst(3).first ?? "") ?? 0
        #expect(count >= 3, "the three drops (and the thrown ball) go through: \(said)")
        // Ctrl+S saved the scene with its script beside it: the saved scene runs.
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(saved.contains("hoop.lua"), "\(saved)")
        if let scene = saved.first(where: { $0.hasPrefix("hoop-step") && $0.hasSuffix(".json") }) {
            let v = try cratebox("validate", directory + "/" + scene)
            #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
        } else {
            Issue.record("no saved scene: \(saved)")
        }
    }
}
