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
@Suite struct ScriptedFunctionTests {
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
        scene.scriptText = "function pull(body, gx, gy, damping, dt) end"
        #expect(throws: PhysicsError.script("orbit.lua: bodies[2].positionFunction names 'keepInside', which is not a global function of the script (step 0)")) {
            try World(scene: scene)
        }
        // Without Chipmunk's own integration, a velocity function that does nothing leaves the velocity as it was.
        scene.scriptText = "function pull() end\nfunction keepInside(body, dt) body:updatePosition(dt) end"
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
}

/// Space queries (docs/scene-format.md 16.9): the fixture's script asserts
/// what its queries find at the top level; in step, a line down the middle
/// meets the ceiling, the ball and the floor.
@Suite struct ScriptedQueryTests {
    @Test func queriesFindWhatIsWhereInCrateboxsOrder() throws {
        let session = try ScriptFixtures.session("queries.json")
        try session.step(60)
        let vm = try #require(session.world.script)
        try vm.run(#"assert(state.seen == "walls,ball,walls", "seen: " .. state.seen)"#, name: "check.lua")
        #expect(try Replay(journal: Journal.parse(Array(session.journalText.utf8), file: "q"), file: "q").verify().isVerified)
    }
}

/// A joint's script functions (docs/scene-format.md 16.10): a spring's force,
/// a motor driven from its pre-solve, a rotary spring's torque and post-solve.
@Suite struct ScriptedJointTests {
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
        let vm = try #require(world.script)
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
        scene.scriptText = (scene.scriptText ?? "") + """

            local base = step
            function step(w)
              if base then base(w) end
              if w:steps() == 30 then
                local spring, twist = w:joint("spring"), w:joint("twist")
                spring:restLength(90) spring:stiffness(70) spring:damping(5)
                twist:restAngle(0.5) twist:stiffness(4000) twist:damping(12)
              end
            end
            """
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
        scene.scriptText = functions
        #expect(throws: PhysicsError.script("springs.lua: joints[4].postSolve names 'measure', which is not a global function of the script (step 0)")) {
            try World(scene: scene)
        }
        scene.scriptText = functions.replacingOccurrences(of: "function twist() return 0 end", with: "function twist() return 'x' end") + " function measure() end"
        let world = try World(scene: scene)
        #expect(throws: PhysicsError.script("springs.lua: twist: a joint's torque function must return a finite number within 1e30 (step 0)")) { try world.step() }
        let breakable = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "s.lua", "bodies": [{"id": "a", "position": [50, 50], "shapes": [{"circle": 5}], "mass": 1}], "joints": [{"type": "pivot", "a": "world", "b": "a", "anchor": [50, 60], "breakForce": 10, "postSolve": "f"}]}"#
        let error = #expect(throws: SceneErrors.self) { try Scene.decode(Array(breakable.utf8), file: "s.json") }
        #expect(error?.description.contains("a breakable joint's post-solve is cratebox's own") == true)
    }
}

/// Bodies and joints a script makes and removes (docs/scene-format.md 16.11):
/// made by the scene format's rules, joints at contact points once the step
/// is done, and all of it in exact states.
@Suite struct ScriptedSpawnTests {
    @Test func aScriptMakesAndRemovesBodiesAndJoints() throws {
        let session = try ScriptFixtures.session("spawner.json")
        try session.step(600)
        let world = session.world
        #expect(world.liveBodyCount == 7, "the pad and six crates: \(world.liveBodyCount)")
        #expect(world.bodies.count == 1 + 30, "30 crates made")
        let vm = try #require(world.script)
        try vm.run("assert(state.joined >= 3 and #state.joints <= 4, state.joined .. ' joined, ' .. #state.joints .. ' kept')", name: "check.lua")
        #expect(try Replay(journal: Journal.parse(Array(session.journalText.utf8), file: "j"), file: "j").verify().isVerified)
        // A saved scene leaves the script's bodies out: its script makes them again.
        #expect(world.currentScene().bodies.count == 1)
    }

    @Test(arguments: [45, 130, 333, 521])
    func anExactStateHoldsWhatTheScriptMade(at step: Int) throws {
        let session = try ScriptFixtures.session("spawner.json")
        try session.step(step)
        let bytes = try session.world.snapshot()
        let restored = try World(scene: session.world.scene, snapshot: bytes)
        #expect(try restored.snapshot() == bytes)
        try session.step(150)
        try restored.step(150)
        #expect(try restored.snapshot() == session.world.snapshot(), "at \(step)")
        #expect(restored.scriptSays == session.world.scriptSays)
    }

    @Test func whatTheFormatRefusesAndChipmunksStepAreNamed() throws {
        var scene = try ScriptFixtures.scene("spawner.json")
        for (script, message) in [
            ("function step(world) world:spawn{position = {1, 2}} end", "world:spawn: the body"),
            ("function step(world) world:spawn{position = {50, 50}, box = {10, 10}, mass = -1} end", "world:spawn: the body"),
            ("function step(world) local pad = world:body('floor-pad') world:remove(pad) world:remove(pad) end", "world:remove: body 0 is gone (removed or cut)"),
            ("function step(world) local b = world:spawn{position = {50, 50}, box = {10, 10}, mass = 1} world:addJoint{type = 'pivot', a = b, b = b, anchor = {50, 50}} end", "a and b are the same body"),
            ("function step(world) world:spawn{position = {50, 50}, box = {10, 10}, mass = 1, look = string.rep('a', 5000)} end", "world:spawn: the body"),
            ("function step(world) world:spawn{position = {50, 50}, box = {10, 10}, mass = 1, id = 'a\\255b'} end", "not UTF-8"),
            ("function step(world) world:spawn{position = {50, 50}, box = {10, 10}, mass = 1, look = {string.rep('x', 2000)}} end", "world:spawn: the body"),
            ("function step(world) local a = world:spawn{position = {50, 50}, box = {10, 10}, mass = 1e-3} world:addJoint{type = 'spring', a = a, anchorA = {0, 0}, anchorB = {50, 100}, restLength = 10, stiffness = 1e12, damping = 0} end", "stiffness: 1000000000000 is too"),
            ("function step(world) world:addJoint{type = 'pivot', a = world:body('floor-pad'), anchor = {0, 0}} end", "world:addJoint: the joint"),
            ("world:onCollision('crate', '*', {begin = function() world:spawn{position = {1, 1}, box = {4, 4}, mass = 1} end})\nfunction step(world) if world:steps() == 0 then world:spawn{position = {200, 30}, shapes = {{box = {10, 10}, collisionType = 'crate'}}, mass = 1} end end", "Chipmunk is stepping"),
        ] {
            scene.scriptText = script
            let world = try World(scene: scene)
            var stopped: String?
            for _ in 0..<120 where stopped == nil {
                do { try world.step() } catch { stopped = "\(error)" }
            }
            #expect(stopped?.contains(message) == true, "\(script): \(stopped ?? "ran")")
        }
    }
}

/// Shapes (docs/scene-format.md 16.12): a body's shapes in the scene's order,
/// their material read and set, and exact states holding what was set.
@Suite struct ScriptedShapeTests {
    @Test func aScriptReadsAndSetsShapes() throws {
        var scene = try ScriptFixtures.scene("queries.json")
        scene.scriptText = """
        local crate = world:body("crate")
        local shapes = crate:shapes()
        assert(#shapes == 1 and shapes[1]:body() == crate and tostring(shapes[1]) == "shape 1 of body 1")
        assert(shapes[1]:friction() == 0.5 and not shapes[1]:sensor() and not shapes[1]:hasType("x"))
        shapes[1]:friction(0)
        shapes[1]:setSurfaceVelocity(0, 0)
        state = {touches = 0}
        function step(world)
          -- from the first second on, the crate is a conveyor the ball rolls off
          if world:steps() == 120 then world:body("crate"):shapes()[1]:setSurfaceVelocity(200, 0) end
          assert(world:body("ball"):force() ~= nil and world:body("ball"):torque() == 0)
        end
        """
        let world = try World(scene: scene)
        try world.step(100)
        let bytes = try world.snapshot()
        let restored = try World(scene: scene, snapshot: bytes)
        try world.step(200)
        try restored.step(200)
        #expect(try restored.snapshot() == world.snapshot(), "the friction set at the top level holds in an exact state")
        scene.scriptText = "function step(world) world:body('crate'):shapes()[1]:friction(-1) end"
        #expect(throws: PhysicsError.self) { try World(scene: scene).step() }
    }
}

/// Waking a sleeping body inside Chipmunk's step broke its contact graph (an
/// assertion the reference found): such a setter is refused, by name (16.7).
@Suite struct ScriptedWakeTests {
    @Test func aSleepingBodyIsNotWokenInsideTheStep() throws {
        let scene = try Scene.decode(Array(#"""
        {"format": "cratebox/scene@1", "bounds": [400, 300], "sleepTime": 0.5, "script": "w.lua",
         "bodies": [{"id": "rest", "position": [100, 11], "shapes": [{"box": [20, 20], "collisionType": "rest"}], "mass": 1},
                    {"id": "drop", "position": [100, 200], "shapes": [{"circle": 8, "collisionType": "drop"}], "mass": 1}]}
        """#.utf8), file: "w.json")
        var scripted = scene
        scripted.scriptText = """
        state = {armed = false}
        world:onCollision("drop", "rest", {begin = function(arb)
          local drop, rest = arb:bodies()
          rest:setVelocity(0, 10)
          return true
        end})
        function step(world)
          local drop = world:body("drop")
          if world:steps() < 240 then drop:setPosition(100, 200) drop:setVelocity(0, 0) end
        end
        """
        let world = try World(scene: scripted)
        var stopped: PhysicsError?
        for _ in 0..<600 where stopped == nil {
            do { try world.step() } catch { stopped = error }
        }
        guard case .script(let message)? = stopped else { Issue.record("no stop: \(String(describing: stopped))"); return }
        #expect(message.contains("setVelocity: body 0 is asleep"), "\(message)")
    }
}
