import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Bodies and joints a script makes and removes (docs/scene-format.md 16.11):
/// made by the scene format's rules, joints at contact points once the step
/// is done, and all of it in exact states.
@Suite(.tags(.memory)) struct ScriptedSpawnTests {
    @Test func aScriptMakesAndRemovesBodiesAndJoints() throws {
        let session = try ScriptFixtures.session("spawner.json")
        try session.step(600)
        let world = session.world
        #expect(world.liveBodyCount == 7, "the pad and six crates: \(world.liveBodyCount)")
        #expect(world.bodies.count == 1 + 30, "30 crates made")
        let vm = try #require(world.script?.vm)
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
            scene.useScript(scene.script, text: script)
            let world = try World(scene: scene)
            var stopped: String?
            for _ in 0..<120 where stopped == nil {
                do { try world.step() } catch { stopped = "\(error)" }
            }
            #expect(stopped?.contains(message) == true, "\(script): \(stopped ?? "ran")")
        }
    }
}
