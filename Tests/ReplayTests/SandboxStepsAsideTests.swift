import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// `"sandbox"` (docs/scene-format.md 16.14): a scene turns the sandbox's own
/// inputs off, all or by name; their events are refused, in a journal as anywhere.
@Suite struct SandboxStepsAsideTests {
    static func scene(_ sandbox: String, script: Bool = false) throws -> Scene {
        try decode(TestSupport.scene(bodies: #"{"position": [150, 50], "box": [30, 30], "mass": 1}"#,
                                     extra: "\"sandbox\": \(sandbox)" + (script ? #", "script": "s.lua""# : "")),
                   script: script ? "function step(w) end" : nil)
    }

    @Test func trueFalseOrAnObjectByName() throws {
        #expect(try Self.scene("true").sandbox == SandboxInputs())
        #expect(try Self.scene("false").sandbox == SandboxInputs(all: false))
        let some = try Self.scene(#"{"tilt": false, "explode": false, "grab": true}"#).sandbox
        #expect(some.off == [.explode, .tilt])
        #expect(errors(TestSupport.scene(extra: #""sandbox": {"spwan": false}"#)).contains("sandbox.spwan: is not one of the sandbox's inputs"))
        #expect(errors(TestSupport.scene(extra: #""sandbox": {"tilt": 0}"#)).contains("sandbox.tilt: must be true or false"))
        #expect(errors(TestSupport.scene(extra: #""sandbox": "off""#)).contains("sandbox: must be true, false or an object"))
    }

    @Test func aSavedSceneKeepsWhatItTurnedOff() throws {
        for text in ["false", #"{"knife": false}"#, "true"] {
            let scene = try Self.scene(text)
            #expect(try decode(scene.json()).sandbox == scene.sandbox, "\(text)")
        }
        #expect(try Self.scene("false").json().contains(#""sandbox": false"#))
        #expect(!(try Self.scene("true").json().contains("sandbox")))
    }

    @Test func theEventsOfAnInputTurnedOffAreRefusedAndTheRestApply() throws {
        let world = try World(scene: try Self.scene("false"))
        let refused: [(Event, String)] = [(.spawn(x: 50, y: 200), "spawn"), (.grab(body: 0, x: 150, y: 50), "grab"),
                                         (.remove(body: 0), "delete"), (.slice(a: Vector(100, 0), b: Vector(200, 100)), "knife"),
                                         (.explode(x: 150, y: 40, radius: 100, impulse: 1000), "explode"), (.tilt(x: 1, y: 0), "tilt")]
        for (event, name) in refused {
            #expect(throws: WorldError("the scene turns the sandbox's \(name) off (its \"sandbox\", scene-format.md 16.14)")) { try world.apply(event) }
        }
        #expect(world.liveBodyCount == 1 && world.tilt == nil)
        try world.apply(.drag(x: 1, y: 1))
        try world.apply(.release)
        try world.apply(.reset)
        let some = try World(scene: try Self.scene(#"{"tilt": false}"#))
        try some.apply(.spawn(x: 50, y: 200))
        #expect(throws: WorldError.self) { try some.apply(.tilt(x: 0, y: -1)) }
        #expect(some.liveBodyCount == 2)
    }

    @Test func aJournalWithAnEventTurnedOffDivergesAtItsLine() throws {
        let text = try Self.scene("false").json()
        let session = try Session(LoadedScene(scene: try Self.scene("false"), text: text, fileName: "t.json"))
        try session.step(10)
        var lines = session.journalText.split(separator: "\n").map(String.init)
        lines.insert(#"{"step":10,"event":"spawn","x":50.0,"y":200.0}"#, at: lines.count - 1)  // before the end line
        let parsed = try Journal.parse(Array(lines.joined(separator: "\n").utf8), file: "t.jsonl")
        let outcome = try Replay(journal: parsed, file: "t.jsonl").verify()
        guard case .refused(let step, let line, let why) = outcome else { Issue.record("\(outcome)"); return }
        #expect(step == 10 && line == lines.count - 1 && why.contains("the scene turns the sandbox's spawn off"), "\(outcome)")
    }
}
