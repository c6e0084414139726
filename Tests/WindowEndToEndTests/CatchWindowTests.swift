import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Scenes/catch.json, the guide's thirty-line game, as a player plays it:
/// Left held moves the paddle (the arrows are the game's, not the tilt), a
/// click spawns nothing (the sandbox is off), and the recording verifies.
@Suite struct CatchWindowTests: WindowTesting {
    @Test func theArrowsMoveThePaddleAndTheRecordingVerifies() throws {
        let text = try recorded("Scenes/catch.json", title: "cratebox: Catch", play: { person, _, _ in
            _ = try person.xdotool(["keydown", "Left"])
            usleep(500_000)
            _ = try person.xdotool(["keyup", "Left"])
            try person.click(640, 300, pause: 600_000)
        }, afterward: { journal, _ in try String(contentsOfFile: journal, encoding: .utf8) })
        #expect(!text.contains(#""event":"tilt""#) && !text.contains(#""event":"spawn""#), "\(text.prefix(600))")
        // Left was held across steps (the paddle moved while it was), not tapped.
        func step(of line: String) -> Int? {
            text.split(separator: "\n").first { $0.contains(line) }.flatMap { Int($0.split(separator: ":")[1].split(separator: ",")[0]) }
        }
        let down = try #require(step(of: #""key":"Left","down":true"#)), up = try #require(step(of: #""key":"Left","down":false"#))
        #expect(up - down >= 30, "Left held from step \(down) to \(up)")
    }
}
