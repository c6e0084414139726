import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A joint's script functions (docs/scene-format.md 16.10): a spring's force,
/// a motor driven from its pre-solve, a rotary spring's torque and post-solve.
@Suite(.tags(.memory)) struct ScriptedJointTests {
    @Test func jointsActAsTheirScriptSays() throws {
        let session = try ScriptFixtures.session("springs.json")
        try session.step(360)
        let world = session.world
        // The clamped spring holds the bob up with at most 20 x 50 = 1000, against 200 of weight: it hangs
        // where the clamp lets it, 200 / 50 = 4 below the rest length, with the spring's own formula too.
        let bob = try #require(world.bodies[0]).body
        #expect(abs(bob.position.y - (250 - 60 - 4)) < 2, "\(bob.position.y)")
        let wheel = try #require(world.bodies[1]).body
        #expect(abs(wheel.angularVelocity) > 0.5, "the pre-solve drives the motor: \(wheel.angularVelocity)")
        let vm = try #require(world.script?.vm)
        try vm.run("assert(state.solves == 360 and state.impulse > 0, state.solves .. ' ' .. state.impulse)", name: "check.lua")
        #expect(try Replay(journal: Journal.parse(Array(session.journalText.utf8), file: "j"), file: "j").verify().isVerified)
        // Read back, the joints get their functions again from the scene.
        let bytes = try world.snapshot()
        let restored = try World(scene: world.scene, snapshot: bytes)
        try session.step(200)
        try restored.step(200)
        #expect(try restored.snapshot() == session.world.snapshot())
    }

    /// What a script sets on a joint (a spring's rest length, stiffness and
    /// damping, a rotary spring's rest angle) is part of the exact state: read
    /// back, the world goes on as the session does (16.10).
    @Test func jointsAScriptSetReadBackAsSet() throws {
        var scene = try ScriptFixtures.scene("springs.json")
        scene.useScript(scene.script, text: (scene.scriptText ?? "") + """

            local base = step
            function step(w)
              if base then base(w) end
              if w:steps() == 30 then
                local spring, twist = w:joint("spring"), w:joint("twist")
                spring:restLength(90) spring:stiffness(70) spring:damping(5)
                twist:restAngle(0.5) twist:stiffness(4000) twist:damping(12)
              end
            end
            """)
        let world = try World(scene: scene)
        try world.step(60)
        let restored = try World(scene: scene, snapshot: try world.snapshot())
        try world.step(120)
        try restored.step(120)
        #expect(restored.stateHash == world.stateHash)
    }

    @Test func jointFunctionsAreCheckedAndTheirResultsToo() throws {
        var scene = try ScriptFixtures.scene("springs.json")
        let functions = "function clamped() return 0 end function drive() end function twist() return 0 end"
        scene.useScript(scene.script, text: functions)
        #expect(throws: SimulationError.script("springs.lua: joints[4].postSolve names 'measure', which is not a global function of the script (step 0)")) {
            try World(scene: scene)
        }
        scene.useScript(scene.script, text: functions.replacingOccurrences(of: "function twist() return 0 end", with: "function twist() return 'x' end") + " function measure() end")
        let world = try World(scene: scene)
        #expect(throws: SimulationError.script("springs.lua: twist: a joint's torque function must return a finite number within 1e30 (step 0)")) { try world.step() }
        let breakable = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "s.lua", "bodies": [{"id": "a", "position": [50, 50], "shapes": [{"circle": 5}], "mass": 1}], "joints": [{"type": "pivot", "a": "world", "b": "a", "anchor": [50, 60], "breakForce": 10, "postSolve": "f"}]}"#
        let error = #expect(throws: SceneErrors.self) { try Scene.decode(Array(breakable.utf8), file: "s.json") }
        #expect(error?.description.contains("a breakable joint's post-solve is cratebox's own") == true)
    }
}
