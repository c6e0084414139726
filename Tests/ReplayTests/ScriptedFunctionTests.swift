import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A body's velocity and position functions in its scene's script
/// (docs/scene-format.md 16.8): Chipmunk calls them inside its step, they
/// may call Chipmunk's own integration, and exact states hold them.
@Suite(.tags(.memory)) struct ScriptedFunctionTests {
    @Test func aVelocityFunctionPullsMoonsIntoOrbit() throws {
        let session = try ScriptFixtures.session("orbit.json")
        let moon = try #require(session.world.bodies[0]).body, drifter = try #require(session.world.bodies[3]).body
        var nearest = Double.infinity, farthest = 0.0
        for _ in 0..<1200 {
            try session.step()
            let r = moon.position.length
            nearest = min(nearest, r)
            farthest = max(farthest, r)
        }
        // A circular orbit of radius 100 at 100 points/s (strength 1e6): it stays round.
        #expect(nearest > 97 && farthest < 103, "the moon stays in orbit: \(nearest) to \(farthest)")
        #expect(abs(drifter.position.y + 120) < 1e-9, "a body without the function drifts in a straight line")
        let kept = try #require(session.world.bodies[2]).body
        #expect(kept.position.x <= 190, "the position function kept it inside: \(kept.position.x)")
        #expect(try Replay(journal: Journal.parse(Array(session.journalText.utf8), file: "o"), file: "o").verify().isVerified)
    }

    /// Read back, the bodies get their functions again from the scene: the world goes on as the session.
    @Test func anExactStateKeepsTheFunctions() throws {
        let session = try ScriptFixtures.session("orbit.json")
        try session.step(300)
        let bytes = try session.world.snapshot()
        let restored = try World(scene: session.world.scene, snapshot: bytes)
        try session.step(300)
        try restored.step(300)
        #expect(try restored.snapshot() == session.world.snapshot())
    }

    @Test func aFunctionTheScriptDoesNotHaveIsNamed() throws {
        var scene = try ScriptFixtures.scene("orbit.json")
        scene.useScript(scene.script, text: "function pull(body, gx, gy, damping, dt) end")
        #expect(throws: SimulationError.script("orbit.lua: bodies[2].positionFunction names 'keepInside', which is not a global function of the script (step 0)")) {
            try World(scene: scene)
        }
        // Without Chipmunk's own integration, a velocity function that does nothing leaves the velocity as it was.
        scene.useScript(scene.script, text: "function pull() end\nfunction keepInside(body, dt) body:updatePosition(dt) end")
        let world = try World(scene: scene)
        try world.step(10)
        #expect(try #require(world.bodies[0]).body.velocity == Vector(0, 100))
        for (json, message) in [
            (#"{"type": "static", "position": [0, 0], "shapes": [{"circle": 5}], "velocityFunction": "f"}"#, "is for dynamic bodies only"),
            (#"{"position": [0, 0], "shapes": [{"circle": 5}], "mass": 1, "positionFunction": "2f"}"#, "must name a global function of the script"),
        ] {
            let text = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "s.lua", "bodies": [\#(json)]}"#
            let error = #expect(throws: SceneErrors.self) { try Scene.decode(Array(text.utf8), file: "s.json") }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
        let unscripted = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "bodies": [{"position": [0, 0], "shapes": [{"circle": 5}], "mass": 1, "velocityFunction": "f"}]}"#
        #expect(throws: SceneErrors.self, "no script to name a function of") { try Scene.decode(Array(unscripted.utf8), file: "s.json") }
    }

    /// Chipmunk's own integration runs in the body's own function only, once a call, with at most
    /// its dt (16.8): fifty `updatePosition(1/120)` a step made a body on a spring blow up.
    @Test func chipmunksOwnIntegrationRunsOnceInTheBodysOwnFunction() throws {
        var scene = try ScriptFixtures.scene("orbit.json")
        let velocity = "updateVelocity: only body 0's own velocity function may call it, once a call (16.8)"
        let position = "updatePosition: only body 2's own position function may call it, once a call (16.8)"
        let refused: [(pull: String, keep: String, step: String, message: String)] = [
            ("body:updateVelocity(0, 0, damping, dt)", "body:updatePosition(dt)",
             "for i = 1, 50 do world:body('moon1'):updateVelocity(0, 0, 1, 1/120) end", velocity),
            ("body:updateVelocity(0, 0, damping, dt)", "body:updatePosition(dt) body:updatePosition(dt)", "", position),
            ("if body:id() == 'moon2' then world:body('moon1'):updateVelocity(0, 0, damping, dt) end", "body:updatePosition(dt)", "", velocity),
            ("if body:index() == 2 then body:updatePosition(dt) end", "body:updatePosition(dt)", "", position),
            ("body:updateVelocity(0, 0, damping, dt)", "body:updatePosition(2 * dt)", "", "updatePosition: dt must be from 0 to 0.00833333"),
            ("body:updateVelocity(0, 0, damping, 1)", "body:updatePosition(dt)", "", "updateVelocity: dt must be from 0 to 0.00833333"),
        ]
        func script(_ pull: String, _ keep: String, _ step: String) -> String {
            "function pull(body, gx, gy, damping, dt) \(pull) end\nfunction keepInside(body, dt) \(keep) end\nfunction step(world) \(step) end\n"
        }
        for (pull, keep, step, message) in refused {
            scene.useScript(scene.script, text: script(pull, keep, step))
            let world = try World(scene: scene)
            let error = #expect(throws: SimulationError.self) { try world.step(2) }
            #expect(error?.description.contains(message) == true, "\(String(describing: error)) for \(message)")
        }
        // A refused call leaves the one call unused; each body is integrated once a step as Chipmunk's own would.
        scene.useScript(scene.script, text: script("body:updateVelocity(gx, gy, damping, dt)", "pcall(body.updatePosition, body, 1) body:updatePosition(dt)", ""))
        let world = try World(scene: scene)
        try world.step(120)
        let moved = try #require(world.bodies[2]).body
        #expect(abs(moved.position.x - (0 - 81.65)) < 1e-9 && abs(moved.position.y - 150) < 1e-9, "\(moved.position)")
    }
}
