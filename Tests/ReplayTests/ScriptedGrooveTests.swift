import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A groove's ends set by a script (docs/scene-format.md 16.10): within a
/// scene's ranges, refused for another kind of joint, kept by an exact state,
/// drawn where they are now and saved so in a scene.
@Suite(.tags(.memory)) struct ScriptedGrooveTests {
    static let scene = #"""
    {"format": "cratebox/scene@1", "bounds": [400, 400], "script": "g.lua", "walls": false,
     "bodies": [{"id": "rail", "type": "static", "position": [200, 200], "box": [200, 6]},
                {"id": "pin", "position": [200, 220], "shapes": [{"circle": 8}], "mass": 1}],
     "joints": [{"id": "r", "type": "groove", "a": "rail", "b": "pin", "grooveA": [[-100, 20], [100, 20]], "anchorB": [0, 0]}]}
    """#
    static let script = """
        function step(w)
          local r = w:joint("r")
          if w:steps() == 3 then r:setGrooveA(-50, -40) r:setGrooveB(60, 30) end
          local ax, ay = r:grooveA()
          local bx, by = r:grooveB()
          local ok, why = pcall(r.setGrooveB, r, ax, ay)
          w:say(ax .. " " .. ay .. " " .. bx .. " " .. by .. " " .. why)
        end
        """

    @Test func theEndsAreSetReadKeptDrawnAndSaved() throws {
        let world = try World(scene: try decode(Self.scene, file: "g.json", script: Self.script))
        try world.step(4)
        #expect(world.scriptSays == "-50.0 -40.0 60.0 30.0 setGrooveB: the groove's ends must be at least 0.001 apart, as in a scene")
        let drawn = try #require(world.jointStates.first)
        guard case .groove(let ga, let gb, _) = drawn.kind else { Issue.record("not a groove: \(drawn.kind)"); return }
        #expect(ga == Vector(-50, -40) && gb == Vector(60, 30), "drawn where the script put the ends")
        guard case .groove(let sa, let sb, _) = SavedScene.of(world).joints[0].kind else { Issue.record("not saved as a groove"); return }
        #expect(sa == Vector(-50, -40) && sb == Vector(60, 30), "saved as they are now")
        let back = try World(scene: world.scene, snapshot: try world.snapshot())
        try world.step(120)
        try back.step(120)
        #expect(back.stateHash == world.stateHash && back.scriptSays == world.scriptSays)
        let still = try World(scene: try decode(Self.scene, file: "g.json", script: "function step(w) end"))
        try still.step(124)
        #expect(still.stateHash != world.stateHash, "the moved groove changed the motion")
    }
}
