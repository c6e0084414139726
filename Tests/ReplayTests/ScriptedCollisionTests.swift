import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Collision handlers in scripts (docs/scene-format.md 16.7): set by the top
/// level for pairs of collision types and wildcards, called by Chipmunk in its
/// order (separate callbacks after the step, in cratebox's), and held by
/// exact states: a world read back goes on as the session does.
@Suite(.tags(.memory)) struct ScriptedCollisionTests {
    /// The hoop counts each ball once, in the order they came; the ghost
    /// platform's pre-solve lets them through; a wildcard post-solve sees landings.
    @Test func handlersCountWhatGoesThroughTheHoop() throws {
        let session = try ScriptFixtures.session("hoop.json")
        try session.step(240)
        let world = session.world
        for index in 2...5 {
            let y = try #require(world.bodies[index]).body.position.y
            #expect(y < 120, "ball \(index - 1) passed the ghost platform and the hoop: y \(y)")
        }
        #expect(world.scriptSays == "4 through the hoop", "\(world.scriptSays ?? "nothing")")
        let state = try #require(world.script?.vm).savedState()
        #expect(state.count > 50)
        // The same again after a reset: the top level sets the handlers on the new space.
        try session.apply(.reset)
        try session.step(240)
        #expect(session.world.scriptSays == "4 through the hoop")
        let journal = try Journal.parse(Array(session.journalText.utf8), file: "hoop.jsonl")
        #expect(try Replay(journal: journal, file: "hoop.jsonl").verify().isVerified)
    }

    /// Read back mid-fall (balls inside the hoop, contacts cached), the world
    /// and its script go on as the session does, to the bit.
    @Test func aWorldReadBackMidContactGoesOnAsTheSession() throws {
        for at in [70, 95, 130, 180] {
            let session = try ScriptFixtures.session("hoop.json")
            try session.step(at)
            let bytes = try session.world.snapshot()
            let restored = try World(scene: session.world.scene, snapshot: bytes)
            #expect(try restored.snapshot() == bytes, "at \(at)")
            try session.step(200)
            try restored.step(200)
            #expect(restored.stateHash == session.world.stateHash, "at \(at)")
            #expect(try restored.snapshot() == session.world.snapshot(), "at \(at)")
            #expect(restored.scriptSays == session.world.scriptSays)
        }
    }

    /// A ball removed inside the hoop separates at once; its callback waits
    /// for the next step, and an exact state taken meanwhile keeps it waiting.
    @Test func aSeparationWaitingAcrossAnExactStateIsDelivered() throws {
        let session = try ScriptFixtures.session("hoop.json")
        var inside: Int?
        for _ in 0..<200 where inside == nil {
            try session.step()
            inside = (2...5).first { session.world.bodies[$0].map { abs($0.body.position.y - 120) < 6 } ?? false }
        }
        let ball = try #require(inside, "a ball in the hoop")
        try session.apply(.remove(body: ball))
        let bytes = try session.world.snapshot()
        let restored = try World(scene: session.world.scene, snapshot: bytes)
        #expect(try restored.snapshot() == bytes)
        try session.step(100)
        try restored.step(100)
        #expect(try restored.snapshot() == session.world.snapshot())
        let state = try #require(session.world.script?.vm)
        try state.run("assert(state.removed == 1, 'removed: ' .. tostring(state.removed))", name: "check.lua")
    }

    @Test func handlersAreSetByTheTopLevelOnly() throws {
        let late = try ScriptFixtures.scene(named: "late.lua", script: """
        function step(world) world:onCollision("a", "b", {begin = function() end}) end
        """)
        let session = try Session(LoadedScene(scene: late, text: "{}", fileName: "late.json"))
        #expect(throws: SimulationError.script("late.lua:1: world:onCollision: handlers are set by the top level, as the world is built (16.7) (step 0)")) {
            try session.step()
        }
        for (script, message) in [
            ("world:onCollision('a', 'b', {})", "no handler given"),
            ("world:onCollision('a', 'b', {begin = 1})", "begin must be a function"),
            ("world:onCollision('a', 'b', {bgin = print or tostring})", "the handlers are begin, preSolve, postSolve and separate"),
            ("world:onCollision('*', 'b', {begin = tostring})", "a collision type is a name of 1 to 64 bytes"),
            ("local f = function() end\nworld:onCollision('a', 'b', {begin = f})\nworld:onCollision('b', 'a', {separate = f})", "those types already have handlers"),
        ] {
            let scene = try ScriptFixtures.scene(named: "bad.lua", script: script)
            do {
                _ = try World(scene: scene)
                Issue.record("\(script) ran")
            } catch {
                #expect("\(error)".contains(message), "\(script): \(error)")
            }
        }
    }

    /// An error inside a callback stops the world after Chipmunk's step, named with its line.
    @Test func anErrorInACallbackStopsTheWorld() throws {
        var scene = try ScriptFixtures.scene("hoop.json")
        scene.useScript(scene.script, text: """
        world:onCollision('ball', 'ghost', {preSolve = function() return false end})
        world:onCollision('ball', 'hoop', {begin = function(arb)
          error('counted wrong')
        end})
        """)
        let world = try World(scene: scene)
        var stopped: SimulationError?
        for _ in 0..<240 where stopped == nil {
            do { try world.step() } catch { stopped = error }
        }
        guard case .script(let message)? = stopped else { Issue.record("no stop: \(String(describing: stopped))"); return }
        #expect(message.hasPrefix("hoop.lua:3: counted wrong (step "), "\(message)")
    }
}
