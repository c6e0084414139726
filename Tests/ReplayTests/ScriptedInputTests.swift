import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// The input functions (docs/scene-format.md 16.13): every key and mouse
/// event reaches the script before the coming step, in order, a tap inside
/// one step too; a scene with a script takes any key a scene may bind.
@Suite(.tags(.memory)) struct ScriptedInputTests {
    static let sceneText = #"""
    {"format": "cratebox/scene@1", "bounds": [400, 300], "script": "i.lua",
     "bodies": [{"id": "box", "position": [200, 10], "box": [40, 20], "mass": 2}],
     "controls": [{"key": "Up", "label": "jump"}]}
    """#

    /// Says every call it got since the last step, with what isDown and clicked said then.
    static let logger = """
        local log = {}
        local function add(s) log[#log + 1] = s end
        function keypressed(w, key) add("+" .. key .. (w:isDown(key) and "(held)" or "")) end
        function keyreleased(w, key) add("-" .. key) end
        function mousepressed(w, x, y, b) add(string.format("v%s %g %g%s", b, x, y, w:clicked() and " clicked" or "")) end
        function mousereleased(w, x, y, b) add(string.format("^%s %g %g", b, x, y)) end
        function step(w) w:say(table.concat(log, ",")) log = {} end
        """

    static func world(_ script: String = logger) throws -> World {
        try World(scene: try decode(sceneText, file: "i.json", script: script))
    }

    @Test func aTapInsideOneStepIsDeliveredInOrderThoughIsDownNeverSeesIt() throws {
        let world = try Self.world()
        try world.apply(.key(.key("K"), down: true))
        try world.apply(.key(.key("K"), down: false))
        try world.apply(.key(.key("Up"), down: true))
        try world.apply(.click(x: 5, y: 6, button: .left, down: true))
        try world.apply(.click(x: 5, y: 7, button: .left, down: false))
        try world.step()
        #expect(world.scriptSays == "+K,-K,+Up(held),vleft 5 6,^left 5 7", "a bound key reaches keypressed too")
        try world.step()
        #expect(world.scriptSays == nil || world.scriptSays == "", "each event is delivered once")
        try world.apply(.click(x: 1, y: 2))
        try world.apply(.click(x: 1, y: 2, button: .right, down: false))
        try world.apply(.click(x: 3, y: 4, button: .middle, down: true))
        try world.step()
        #expect(world.scriptSays == "vright 1 2 clicked,^right 1 2,vmiddle 3 4 clicked", "clicked: the right button's press, for the step")
    }

    @Test func aSceneWithAScriptTakesAnyKeyASceneMayBindAndNoOther() throws {
        let world = try Self.world()
        try world.apply(.key(.key("Space"), down: true))
        #expect(world.held == [.key("Space")])
        #expect(throws: WorldError("Space is already down")) { try world.apply(.key(.key("Space"), down: true)) }
        #expect(throws: WorldError.self) { try world.apply(.key(.key("Escape"), down: true)) }
        #expect(throws: WorldError.self) { try world.apply(.key(.key("Spcae"), down: true)) }
        #expect(throws: WorldError.self) { try world.apply(.key(.button("a"), down: true)) }
        #expect(throws: WorldError.self) { try world.apply(.key(.key("K"), down: false)) }
        let plain = try World(scene: try decode(scene()))
        #expect(throws: WorldError("Space is not bound in the scene's controls")) { try plain.apply(.key(.key("Space"), down: true)) }
    }

    @Test func eventsWaitingSurviveAResetAndAnErrorStopsTheWorldAtItsStep() throws {
        let world = try Self.world()
        try world.step()
        try world.apply(.key(.key("Z"), down: true))
        try world.apply(.reset)
        try world.step()
        #expect(world.scriptSays == "+Z(held)", "the new build's script gets what waited")
        let failing = try Self.world("function keypressed(w, k) error('no ' .. k) end")
        try failing.step()
        try failing.apply(.key(.key("Q"), down: true))
        #expect(throws: SimulationError.script("i.lua:1: no Q (step 1)")) { try failing.step() }
        let runaway = try Self.world("function mousepressed() while true do end end")
        try runaway.apply(.click(x: 0, y: 0, button: .left, down: true))
        #expect(throws: SimulationError.self) { try runaway.step() }
    }

    @Test func theJournalCarriesEveryButtonAndTheStateAKeyNoControlBinds() throws {
        let scene = try decode(Self.sceneText, file: "i.json", script: Self.logger)
        let session = try Session(LoadedScene(scene: scene, text: Self.sceneText, fileName: "i.json"))
        try session.apply(.click(x: 1, y: 2))
        try session.apply(.click(x: 3, y: 4, button: .middle, down: false))
        try session.apply(.key(.key("Keypad 7"), down: true))
        try session.step(130)
        let text = session.journalText
        #expect(text.contains(#""event":"click","x":1.0,"y":2.0}"#), "a right press is written as before")
        #expect(text.contains(#""event":"click","x":3.0,"y":4.0,"button":"middle","down":false}"#))
        let journal = try Journal.parse(Array(text.utf8), file: "i.jsonl")
        #expect(journal.events.map(\.event).contains(.click(x: 3, y: 4, button: .middle, down: false)))
        let outcome = try Replay(journal: journal, file: "i.jsonl").verify()
        #expect(outcome == .verified(steps: 130, checkpoints: 1, hash: session.world.stateHash, truncated: false))
        let back = try World(scene: scene, snapshot: try session.world.snapshot())
        #expect(back.held == [.key("Keypad 7")])
        #expect(throws: JournalError.self) {
            try Journal.parse(Array(text.replacingOccurrences(of: #""button":"middle""#, with: #""button":"back""#).utf8), file: "b.jsonl")
        }
    }
}
