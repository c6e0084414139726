import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Scenes/catch.json, the guide's thirty-line game, as a player plays it:
/// Left held moves the paddle (the arrows are the game's, not the tilt), a
/// click spawns nothing (the sandbox is off), and the recording verifies.
@Suite struct CatchWindowTests: WindowTesting {
    @Test func theArrowsMoveThePaddleAndTheRecordingVerifies() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("catch-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/catch.jsonl"
        let (app, out) = try launch(["run", "Scenes/catch.json", "--no-splash", "--record", journal, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Catch", of: app, env: display.env)
        try person.focus()
        usleep(1_000_000)
        _ = try person.xdotool(["keydown", "Left"])
        usleep(500_000)
        _ = try person.xdotool(["keyup", "Left"])
        try person.click(640, 300, pause: 300_000)
        usleep(300_000)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")

        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.contains(#""key":"Left","down":true"#) && text.contains(#""key":"Left","down":false"#))
        #expect(!text.contains(#""event":"tilt""#) && !text.contains(#""event":"spawn""#), "\(text.prefix(600))")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
        // Left was held across steps (the paddle moved while it was), not tapped.
        func step(of line: String) -> Int? {
            text.split(separator: "\n").first { $0.contains(line) }.flatMap { Int($0.split(separator: ":")[1].split(separator: ",")[0]) }
        }
        let down = try #require(step(of: #""key":"Left","down":true"#)), up = try #require(step(of: #""key":"Left","down":false"#))
        #expect(up - down >= 30, "Left held from step \(down) to \(up)")
    }
}
