import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Scenes/pinball.json as a player plays it: the sandbox is off ("sandbox":
/// false), so the arrows are flippers (no tilt), Space is the plunger (no
/// pause), a left click works a flipper (no spawn, no grab) and X with a
/// click explodes nothing. The recording has only the game's events and verifies.
@Suite struct PinballWindowTests: WindowTesting {
    @Test func theKeysAndClicksAreTheGamesAndTheSandboxKeepsItsHandsOff() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("pinball-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/pinball.jsonl"
        let (app, out) = try launch(["run", "Scenes/pinball.json", "--no-splash", "--record", journal, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Pinball", of: app, env: display.env)
        try person.focus()
        usleep(1_000_000)
        try person.key("space", pause: 10_000)  // a quick pull: launched at once
        usleep(600_000)
        for key in ["Left", "Right", "a", "d"] { try person.key(key, pause: 200_000) }
        try person.click(500, 400, pause: 300_000)   // the left half of the table: the left flipper
        try person.click(700, 300, button: 3, pause: 300_000)
        try person.key("x", pause: 10_000)
        try person.click(640, 400, pause: 300_000)
        usleep(500_000)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")

        let text = try String(contentsOfFile: journal, encoding: .utf8)
        for kind in ["spawn", "grab", "remove", "slice", "explode", "tilt"] {
            #expect(!text.contains("\"event\":\"\(kind)\""), "the sandbox made a \(kind): \(text.prefix(800))")
        }
        #expect(text.contains(#""key":"Space","down":true"#) && text.contains(#""key":"Left","down":false"#))
        #expect(text.components(separatedBy: #""button":"left","down":true"#).count - 1 == 2, "two left clicks, the game's: \(text.prefix(800))")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
    }
}
