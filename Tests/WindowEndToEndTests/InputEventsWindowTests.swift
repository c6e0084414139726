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
        let directory = try temporaryFolder("taps-scene")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.scene.write(toFile: directory + "/taps.json", atomically: true, encoding: .utf8)
        try Self.script.write(toFile: directory + "/taps.lua", atomically: true, encoding: .utf8)
        let (text, said) = try recorded(directory + "/taps.json", title: "cratebox: Taps", play: { person, _, _ in
            for key in ["k", "space", "r", "Left"] { try person.key(key, pause: 300_000) }
            usleep(500_000)
        }, afterward: { journal, steps in
            (try String(contentsOfFile: journal, encoding: .utf8), try simulated(directory + "/taps.json", journal: journal, steps: steps)["said"] as? String)
        })
        #expect(!text.contains(#""event":"reset""#), "R is the game's, not the sandbox's reset: \(text.prefix(600))")
        #expect(said == "taps 4: K Space R Left ", "every tap counted, in order, none paused the game")
    }
}
