import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A slide's and a rotary limit's min and max, a gear's ratio and phase, set
/// by a script (docs/scene-format.md 16.10): within a scene's range, the
/// limits kept in order, refused for another kind of joint, kept by an exact state.
@Suite(.tags(.memory)) struct ScriptedJointSetterTests {
    static let scene = #"""
    {"format": "cratebox/scene@1", "bounds": [400, 400], "script": "j.lua",
     "bodies": [{"id": "a", "position": [100, 100], "box": [20, 20], "mass": 1}, {"id": "b", "position": [200, 100], "box": [20, 20], "mass": 1},
                {"id": "arm", "position": [300, 200], "box": [60, 6], "mass": 1}],
     "joints": [{"id": "s", "type": "slide", "a": "a", "b": "b", "anchorA": [0, 0], "anchorB": [0, 0], "min": 10, "max": 160},
                {"id": "g", "type": "gear", "a": "world", "b": "a", "phase": 0, "ratio": 1},
                {"id": "h", "type": "rotaryLimit", "a": "world", "b": "arm", "min": -1, "max": 1}]}
    """#

    static func world(_ script: String) throws -> World {
        try World(scene: try decode(scene, file: "j.json", script: script))
    }

    @Test func eachSetterSetsChipmunksNumberWithinItsRange() throws {
        let world = try Self.world("""
            function step(w)
              local s, g, h = w:joint("s"), w:joint("g"), w:joint("h")
              if w:steps() == 0 then
                s:setMax(90) s:setMin(20) g:setRatio(-3) g:setPhase(0.5) h:setMin(-0.25) h:max(0.75)
              end
              local expected = {
                "setMin: must be from 0 to 90, as in a scene", "setMax: must be from 20 to 1e+06, as in a scene",
                "setRatio: must be from -1e+06 to 1e+06 and at least 1e-06 either way, as in a scene",
                "setMin: must be from -1e+06 to 0.75, as in a scene", "setRatio: not this joint's", "setMin: not this joint's"}
              local out = {s:min(), s:max(), g:ratio(), g:phase(), h:min(), h:max()}
              for k, try in ipairs({{s.setMin, s, 91}, {s.setMax, s, 19}, {g.setRatio, g, 1e-9}, {h.setMin, h, 0.8}, {s.setRatio, s, 2}, {g.setMin, g, 0}}) do
                local ok, why = pcall(try[1], try[2], try[3])
                if ok or why ~= expected[k] then out[#out + 1] = tostring(why) end
              end
              w:say(table.concat(out, "|"))
            end
            """)
        try world.step()
        #expect(world.scriptSays == "20.0|90.0|-3.0|0.5|-0.25|0.75", "each refusal as expected")
    }

    @Test func anExactStateKeepsWhatWasSet() throws {
        let script = """
            function step(w)
              if w:steps() == 5 then w:joint("s"):setMax(40) w:joint("g"):setRatio(2) w:joint("h"):setMax(0.1) end
            end
            """
        let world = try Self.world(script)
        for _ in 0..<10 { try world.step() }
        let back = try World(scene: world.scene, snapshot: try world.snapshot())
        for _ in 0..<120 {
            try world.step()
            try back.step()
        }
        #expect(back.stateHash == world.stateHash)
        let fresh = try Self.world("")
        for _ in 0..<130 { try fresh.step() }
        #expect(fresh.stateHash != world.stateHash, "the setters changed the motion")
    }
}
