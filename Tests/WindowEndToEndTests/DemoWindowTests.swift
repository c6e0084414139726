import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Chipmunk's demos with scripts as people know them, in the real window:
/// Player runs on the arrows, Tank follows the pointer. What the window sent
/// is read back from the recording (keys and `pointer` events), replayed
/// headless, and the bodies are where the demo would have taken them.
@Suite(.serialized) struct DemoWindowTests: WindowTesting {
    /// Runs `scene` in the window with a recording, lets `play` drive it, and returns the verified journal's path and last step.
    func played(_ scene: String, title: String, _ play: (WindowDriver) throws -> Void) throws -> (journal: String, steps: Int) {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("demo-window")
        let journal = directory + "/demo.jsonl"
        let (app, out) = try launch(["run", scene, "--no-splash", "--record", journal, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver(title, of: app, env: display.env)
        try person.focus()
        usleep(1_500_000)
        try play(person)
        try screenshotLooksPlayed(display.env, directory + "/shot.png")
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
        let steps = try #require(Int(verified.stdout.split(separator: " ").dropFirst().first ?? ""), "\(verified.stdout)")
        return (journal, steps)
    }

    /// The window drew a world (not an empty or black one).
    func screenshotLooksPlayed(_ env: [String: String], _ png: String) throws {
        _ = try tool("/usr/bin/import", ["-window", "root", png], env: env)
        let pixels = try rgbPixels(png)
        let distinct = Set(stride(from: 0, to: pixels.count - 2, by: 3 * 97).map { Int(pixels[$0]) << 16 | Int(pixels[$0 + 1]) << 8 | Int(pixels[$0 + 2]) })
        #expect(distinct.count > 5, "a drawn scene has colours: \(distinct.count)")
    }

    /// A body's position after the journal's steps, played headless.
    func position(of id: String, scene: String, journal: String?, steps: Int) throws -> (x: Double, y: Double) {
        let r = try cratebox(["simulate", scene, "--steps", "\(steps)", "--json"] + (journal.map { ["--events", $0] } ?? []))
        let json = try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any], "\(r.stderr)")
        let bodies = try #require(json["bodies"] as? [[String: Any]])
        let body = try #require(bodies.first { $0["id"] as? String == id }, "no \(id)")
        let p = try #require(body["position"] as? [Double])
        return (p[0], p[1])
    }

    @Test func playerRunsOnTheArrowsAndJumps() throws {
        let scene = "Scenes/chipmunk/player.json"
        let (journal, steps) = try played(scene, title: "cratebox: Chipmunk demo: Platformer Player Controls") { person in
            try person.xdotool(["keydown", "Left"])
            usleep(1_200_000)
            try person.key("Up", pause: 600_000)
            try person.xdotool(["keyup", "Left"])
            usleep(300_000)
        }
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.contains(#""event":"key","key":"Left","down":true"#) && text.contains(#""key":"Up","down":true"#), "\(text.suffix(400))")
        // The player starts at (0, -200) and runs left at up to 500 points a second.
        let x = try position(of: "player", scene: scene, journal: journal, steps: steps).x
        #expect(x < -150, "the player ran left: x = \(x)")
    }

    @Test func theTankFollowsThePointer() throws {
        let scene = "Scenes/chipmunk/tank.json"
        let still = try position(of: "tank", scene: scene, journal: nil, steps: 0)
        let (journal, steps) = try played(scene, title: "cratebox: Chipmunk demo: Tank") { person in
            for x in stride(from: 600, through: 1100, by: 100) {
                try person.at(x, 400)
                usleep(100_000)
            }
            usleep(4_000_000)
        }
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        let pointers = text.split(separator: "\n").filter { $0.contains(#""event":"pointer""#) }
        #expect(pointers.count >= 3, "the pointer's moves were journaled: \(pointers.count)")
        let last = try #require(pointers.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let target = (x: try #require(last["x"] as? Double), y: try #require(last["y"] as? Double))
        let moved = try position(of: "tank", scene: scene, journal: journal, steps: steps)
        func distance(_ p: (x: Double, y: Double)) -> Double { ((p.x - target.x) * (p.x - target.x) + (p.y - target.y) * (p.y - target.y)).squareRoot() }
        #expect(distance(moved) < distance(still) - 40, "the tank drove toward the pointer: from \(distance(still)) to \(distance(moved))")
    }
}
