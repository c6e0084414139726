import CrateboxPhysics
import FileOutput
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A scene's script as it lands (docs/scene-format.md 16.5): read beside the
/// scene, run at every build, its step(world) before each step, carried by
/// the journal so that a recording replays with nothing beside it.
@Suite(.tags(.memory)) struct ScriptedSceneTests {
    @Test func theScriptLiftsTheBallEveryStepAndAgainAfterAReset() throws {
        let session = try ScriptFixtures.session("lift.json")
        #expect(session.world.scene.script == "lift.lua" && session.world.scene.scriptText?.contains("applyImpulse") == true)
        try session.step(60)
        let ball = try #require(session.world.bodies[0]).body
        #expect(ball.position.y > 100, "the script lifted it: \(ball.position.y)")
        #expect(session.world.scriptSays == "lifted 60 times", "what it says for the HUD: \(session.world.scriptSays ?? "nothing")")
        try session.apply(.reset)  // the top level runs again in a fresh state
        try session.step(60)
        #expect(try #require(session.world.bodies[0]).body.position.y > 100)
        // Recorded, it replays with nothing beside it: the journal carries the script.
        let journal = try Journal.parse(Array(session.journalText.utf8), file: "lift.jsonl")
        #expect(journal.header?.scriptText == session.world.scene.scriptText)
        #expect(try Replay(journal: journal, file: "lift.jsonl").verify().isVerified)
        // A journal whose scene has a script and whose header has none is refused.
        let stripped = session.journalText.replacingOccurrences(of: #"("scriptText":"(\\.|[^"\\])*",)"#, with: "", options: .regularExpression)
        #expect(stripped != session.journalText)
        #expect(throws: JournalError.self) { try Replay(journal: Journal.parse(Array(stripped.utf8), file: "s.jsonl"), file: "s.jsonl") }
    }

    /// Reading and setting a body: the velocity set at the top level moves it,
    /// and a force that cancels gravity keeps it from falling.
    @Test func aScriptReadsAndSetsBodies() throws {
        let session = try ScriptFixtures.session("bodies.json")
        try session.step(60)
        let ball = try #require(session.world.bodies[0]).body
        #expect(ball.position.x > 210 && abs(ball.position.y - 40) < 1, "\(ball.position)")
        #expect(ball.angularVelocity != 0)
    }

    /// A key the scene's controls bind is what `world:isDown` sees, from the
    /// journaled key events: a press makes the ball jump, a replay too.
    @Test func aScriptSeesTheKeysTheWorldHolds() throws {
        let session = try ScriptFixtures.session("keys.json")
        try session.step(60)
        let resting = try #require(session.world.bodies[0]).body.position.y
        try session.apply(.key(.key("Space"), down: true))
        try session.step(10)
        #expect(try #require(session.world.bodies[0]).body.position.y > resting + 20, "it jumped")
        try session.apply(.key(.key("Space"), down: false))
        try session.step(30)
        let journal = try Journal.parse(Array(session.journalText.utf8), file: "keys.jsonl")
        #expect(try Replay(journal: journal, file: "keys.jsonl").verify().isVerified)
    }

    @Test func aScriptErrorStopsTheWorldNamingItsLineAndStep() throws {
        let session = try ScriptFixtures.session("broken.json")
        try session.step(30)
        #expect(throws: SimulationError.script("broken.lua:4: the ball is gone (step 30)")) { try session.step() }
    }

    /// A script's state is part of the world's exact state (16.6): a world
    /// read back goes on as the session does, to the bit (its `state`, its
    /// draws from math.random, what it said, the bodies it holds), and a
    /// recording with keyframes verifies in stretches and seeks from them.
    @Test func aScriptedWorldsExactStateGoesOnAsTheSessionDoes() throws {
        let session = try ScriptFixtures.session("lift.json")
        try session.step(100)
        try session.apply(.reset)
        try session.step(50)
        let bytes = try session.world.snapshot()
        let restored = try World(scene: session.world.scene, snapshot: bytes)
        #expect(try restored.snapshot() == bytes)
        #expect(restored.scriptSays == "lifted 50 times" && restored.scriptSays == session.world.scriptSays)
        try session.step(200)
        try restored.step(200)
        #expect(restored.stateHash == session.world.stateHash)
        #expect(try restored.snapshot() == session.world.snapshot())
        #expect(restored.scriptSays == "lifted 250 times")

        let dir = try temporaryFolder("scripted-keyframes")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorded = try ScriptFixtures.session("lift.json"), path = dir + "/lift.jsonl"
        recorded.keyframeSteps = 100
        try recorded.startRecording(to: path)
        try recorded.step(250)
        try recorded.apply(.reset)
        try recorded.step(200)
        try recorded.stopRecording()
        let journal = try Journal.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8), file: "lift.jsonl")
        #expect(journal.keyframes.map(\.step) == [100, 200, 300, 400])
        let replay = try Replay(journal: journal, file: "lift.jsonl")
        guard case .verified(450, _, recorded.world.stateHash, _, nil) = replay.verify() else { Issue.record("\(replay.verify())"); return }
        let plain = try Replay(journal: Journal.parse(Array(recorded.journalText.utf8), file: "plain"), file: "plain")
        let seeking = Timeline(replay, keyframeBudget: 0), seekingPlain = Timeline(plain, keyframeBudget: 0)
        for target in [420, 310, 150, 450] {
            #expect(try seeking.seek(to: target) == nil && seekingPlain.seek(to: target) == nil)
            #expect(try replay.world.snapshot() == plain.world.snapshot(), "seeking to \(target)")
        }
    }

    /// State a script keeps outside `state` (here a local its `step` counts
    /// in) is named when an exact state is asked for, and none is written.
    @Test func stateKeptOutsideStateIsNamedAndNoExactStateIsWritten() throws {
        let session = try ScriptFixtures.session("broken.json")
        #expect(try session.world.snapshot().count > 0, "as the top level left it")
        try session.step(5)
        let error = #expect(throws: WorldError.self) { try session.world.snapshot() }
        #expect(error?.message.hasPrefix("broken.lua: the local 'n' of the function 'step' changed after the top level ran") == true, "\(String(describing: error))")
        #expect(session.keyframe() == nil)
    }

    /// The scene's `scriptSeed` seeds math.random at every build (16.4): with 42,
    /// the first draw is the document's; without it, 0's.
    @Test func theScenesSeedSeedsMathRandom() throws {
        let text = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "r.lua", "scriptSeed": 42}"#
        var scene = try Scene.decode(Array(text.utf8), file: "r.json") { _ in "state = {x = math.random()}" }
        #expect(scene.scriptSeed == 42 && scene.json().contains(#""scriptSeed": 42"#))
        let seeded = try World(scene: scene)
        try #require(seeded.script?.vm).run("assert(state.x == 0.08386297105988216, state.x)", name: "check.lua")
        scene.scriptSeed = nil
        try #require(World(scene: scene).script?.vm).run("assert(state.x ~= 0.08386297105988216)", name: "check.lua")
        let unscripted = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "scriptSeed": 1}"#
        #expect(throws: SceneErrors.self) { try Scene.decode(Array(unscripted.utf8), file: "u.json") }
    }

    /// `world:reset()` resets the world at the end of the step it was asked
    /// in; the top level runs again, with a fresh state; a replay does the same.
    @Test func aScriptResetsTheWorld() throws {
        var scene = try ScriptFixtures.scene("lift.json")
        scene.useScript(scene.script, text: """
        state = {n = 0}
        function step(world)
          state.n = state.n + 1
          if state.n == 50 then world:reset() end
        end
        """)
        let session = try Session(LoadedScene(scene: scene, text: "{}", fileName: "lift.json"))
        try session.step(120)
        #expect(session.world.stepsSinceBuild == 20, "reset at the end of steps 50 and 100: \(session.world.stepsSinceBuild)")
        #expect(session.world.stepCount == 120)
        scene.useScript(scene.script, text: "world:reset()")
        #expect(throws: SimulationError.self, "not from the top level") { try World(scene: scene) }
    }

    /// A scripted scene saved elsewhere takes its script along, and never
    /// overwrites another script of that name.
    @Test func aSavedScriptedSceneTakesItsScriptAlong() throws {
        let session = try ScriptFixtures.session("lift.json")
        try session.step(30)
        let dir = try temporaryFolder("scripted-save")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try SceneSave.write(session.world.currentScene(), to: dir + "/saved.json")
        let again = try Loader.scene(dir + "/saved.json")
        #expect(again.scene.scriptText == session.world.scene.scriptText)
        try SceneSave.write(session.world.currentScene(), to: dir + "/again.json")  // the same script is there: kept
        try "-- another".write(toFile: dir + "/lift.lua", atomically: true, encoding: .utf8)
        let error = #expect(throws: FileError.self) { try SceneSave.write(session.world.currentScene(), to: dir + "/third.json") }
        #expect(error?.reason.contains("another script") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/third.json"), "nothing written")
    }

    @Test func theScriptKeyNamesALuaFileBesideTheScene() throws {
        for bad in ["../up.lua", "dir/x.lua", "x.txt", ".lua", ".hidden.lua"] {
            let text = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "\#(bad)"}"#
            #expect(throws: SceneErrors.self, "\(bad)") { try Scene.decode(Array(text.utf8), file: "s.json") }
        }
        // A scene's script is part of it: decoded without the script's text, it is refused at once, not when it runs.
        let named = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "x.lua"}"#
        #expect(throws: SceneErrors.self) { try Scene.decode(Array(named.utf8), file: "n.json") }
        do {
            _ = try Scene.decode(Array(named.utf8), file: "n.json")
        } catch {
            #expect(error.description == "n.json: script: the script x.lua was not given with the scene (open the scene file, or a journal that carries it)")
        }
        // ... and a scene without a script is never asked for one.
        var asked = false
        _ = try Scene.decode(Array(#"{"format": "cratebox/scene@1", "bounds": [100, 100]}"#.utf8), file: "m.json") { _ in asked = true; return "" }
        #expect(!asked)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.json").path
        try Data(#"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "missing.lua"}"#.utf8).write(to: URL(fileURLWithPath: scene))
        let error = #expect(throws: LoadError.self) { try Loader.scene(scene) }
        #expect(error?.kind == .unreadable && error?.lines.first == "\(scene): the script it names, missing.lua, cannot be read at \(dir.path)/missing.lua: No such file or directory",
                "\(String(describing: error))")
    }
}
