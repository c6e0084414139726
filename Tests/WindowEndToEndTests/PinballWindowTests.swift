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
        let text = try recorded("Scenes/pinball.json", title: "cratebox: Pinball", play: { person, _, _ in
            try person.key("space", pause: 600_000)  // a quick pull: launched at once
            for key in ["Left", "Right", "a", "d"] { try person.key(key, pause: 200_000) }
            try person.click(500, 400, pause: 300_000)  // the left half of the table: the left flipper
            try person.click(700, 300, button: 3, pause: 300_000)
            try person.key("x", pause: 10_000)
            try person.click(640, 400, pause: 800_000)
        }, afterward: { journal, _ in try String(contentsOfFile: journal, encoding: .utf8) })
        for kind in ["spawn", "grab", "remove", "slice", "explode", "tilt"] {
            #expect(!text.contains("\"event\":\"\(kind)\""), "the sandbox made a \(kind): \(text.prefix(800))")
        }
        #expect(text.contains(#""key":"Space","down":true"#) && text.contains(#""key":"Left","down":false"#))
        #expect(text.components(separatedBy: #""button":"left","down":true"#).count - 1 == 2, "two left clicks, the game's: \(text.prefix(800))")
    }
}
