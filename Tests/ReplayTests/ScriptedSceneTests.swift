import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A scene's script as it lands (docs/scene-format.md 16.5): read beside the
/// scene, run at every build, its step(world) before each step, carried by
/// the journal so that a recording replays with nothing beside it.
@Suite struct ScriptedSceneTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/scripts").path

    static func session(_ name: String) throws -> Session {
        let loaded = try Loader.scene("\(folder)/\(name)")
        return try Session(scene: loaded.scene, sceneText: loaded.text, sceneFile: loaded.fileName)
    }

    @Test func theScriptLiftsTheBallEveryStepAndAgainAfterAReset() throws {
        let session = try Self.session("lift.json")
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
        let session = try Self.session("bodies.json")
        try session.step(60)
        let ball = try #require(session.world.bodies[0]).body
        #expect(ball.position.x > 210 && abs(ball.position.y - 40) < 1, "\(ball.position)")
        #expect(ball.angularVelocity != 0)
    }

    /// A key the scene's controls bind is what `world:isDown` sees, from the
    /// journaled key events: a press makes the ball jump, a replay too.
    @Test func aScriptSeesTheKeysTheWorldHolds() throws {
        let session = try Self.session("keys.json")
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
        let session = try Self.session("broken.json")
        try session.step(30)
        #expect(throws: PhysicsError.script("broken.lua:4: the ball is gone (step 30)")) { try session.step() }
    }

    @Test func aScriptedWorldRefusesExactStatesRatherThanLosingTheScriptsState() throws {
        let session = try Self.session("lift.json")
        #expect(throws: WorldError.self) { try session.world.snapshot() }
        #expect(session.keyframe() == nil)
    }

    @Test func theScriptKeyNamesALuaFileBesideTheScene() throws {
        for bad in ["../up.lua", "dir/x.lua", "x.txt", ".lua", ".hidden.lua"] {
            let text = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "\#(bad)"}"#
            #expect(throws: SceneErrors.self, "\(bad)") { try Scene.decode(Array(text.utf8), file: "s.json") }
        }
        // Decoded on its own, a scene has its script's name and not its text: it does not run without it.
        let named = try Scene.decode(Array(#"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "x.lua"}"#.utf8), file: "n.json")
        #expect(throws: PhysicsError.script("x.lua: the script was not read with the scene (open the scene file, or a journal that carries it)")) {
            try World(scene: named)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.json").path
        try Data(#"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "missing.lua"}"#.utf8).write(to: URL(fileURLWithPath: scene))
        let error = #expect(throws: LoadError.self) { try Loader.scene(scene) }
        #expect(error?.kind == .unreadable && error?.lines.first?.contains("missing.lua: cannot read") == true, "\(String(describing: error))")
    }
}
