import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Chipmunk's demos with scripts as people know them, in the real window:
/// Player runs on the arrows, Tank follows the pointer. What the window sent
/// is read back from the recording (keys and `pointer` events), replayed
/// headless, and the bodies are where the demo would have taken them
/// (`recorded`, WindowTesting+Recorded.swift).
@Suite(.serialized) struct DemoWindowTests: WindowTesting {
    /// The window drew a world (not an empty or black one).
    func screenshotLooksPlayed(_ env: [String: String], _ png: String) throws {
        _ = try tool("/usr/bin/import", ["-window", "root", png], env: env)
        let pixels = try rgbPixels(png)
        let distinct = Set(stride(from: 0, to: pixels.count - 2, by: 3 * 97).map { Int(pixels[$0]) << 16 | Int(pixels[$0 + 1]) << 8 | Int(pixels[$0 + 2]) })
        #expect(distinct.count > 5, "a drawn scene has colours: \(distinct.count)")
    }

    /// A body's position after the journal's steps, played headless.
    func position(of id: String, scene: String, journal: String?, steps: Int) throws -> (x: Double, y: Double) {
        let json = try simulated(scene, journal: journal, steps: steps)
        let bodies = try #require(json["bodies"] as? [[String: Any]])
        let body = try #require(bodies.first { $0["id"] as? String == id }, "no \(id)")
        let p = try #require(body["position"] as? [Double])
        return (p[0], p[1])
    }

    @Test func playerRunsOnTheArrowsAndJumps() throws {
        let scene = "Scenes/chipmunk/player.json"
        let (text, x) = try recorded(scene, title: "cratebox: Chipmunk demo: Platformer Player Controls", play: { person, env, folder in
            try person.xdotool(["keydown", "Left"])
            usleep(1_200_000)
            try person.key("Up", pause: 600_000)
            try person.xdotool(["keyup", "Left"])
            usleep(300_000)
            try screenshotLooksPlayed(env, folder + "/shot.png")
        }, afterward: { journal, steps in
            (try String(contentsOfFile: journal, encoding: .utf8), try position(of: "player", scene: scene, journal: journal, steps: steps).x)
        })
        #expect(text.contains(#""event":"key","key":"Left","down":true"#) && text.contains(#""key":"Up","down":true"#), "\(text.suffix(400))")
        // The player starts at (0, -200) and runs left at up to 500 points a second.
        #expect(x < -150, "the player ran left: x = \(x)")
    }

    @Test func theTankFollowsThePointer() throws {
        let scene = "Scenes/chipmunk/tank.json"
        let still = try position(of: "tank", scene: scene, journal: nil, steps: 0)
        let (text, moved) = try recorded(scene, title: "cratebox: Chipmunk demo: Tank", play: { person, env, folder in
            for x in stride(from: 600, through: 1100, by: 100) {
                try person.at(x, 400)
                usleep(100_000)
            }
            usleep(4_000_000)
            try screenshotLooksPlayed(env, folder + "/shot.png")
        }, afterward: { journal, steps in
            (try String(contentsOfFile: journal, encoding: .utf8), try position(of: "tank", scene: scene, journal: journal, steps: steps))
        })
        let pointers = text.split(separator: "\n").filter { $0.contains(#""event":"pointer""#) }
        #expect(pointers.count >= 3, "the pointer's moves were journaled: \(pointers.count)")
        let last = try #require(pointers.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let target = (x: try #require(last["x"] as? Double), y: try #require(last["y"] as? Double))
        func distance(_ p: (x: Double, y: Double)) -> Double { ((p.x - target.x) * (p.x - target.x) + (p.y - target.y) * (p.y - target.y)).squareRoot() }
        #expect(distance(moved) < distance(still) - 40, "the tank drove toward the pointer: from \(distance(still)) to \(distance(moved))")
    }
}
