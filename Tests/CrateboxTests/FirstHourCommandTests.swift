import Foundation
import Testing
import TestSupport
@testable import cratebox

/// What a new user hit on the command line in the first hour (issue 35): a
/// file given to the wrong command, sizes, help that says a thing twice or
/// about another command, and messages with seventeen digits.
@Suite struct FirstHourCommandTests {
    /// `replay SCENE --verify` said "car.json:1: column 2: unexpected end of
    /// file", `validate JOURNAL` "2:1: unexpected '{' after the end of the JSON value".
    @Test func aFileGivenToTheWrongCommandIsNamedForWhatItIs() throws {
        let journal = "Tests/Fixtures/replays/car-drive.jsonl"
        let v = try cratebox("validate", journal)
        #expect(v.status == 65)
        #expect(v.stderr == "\(journal): a replay journal (cratebox/replay@1), not a scene: `cratebox replay \(journal)` watches it and `replay --verify` checks it\n")

        let r = try cratebox("replay", "Scenes/car.json", "--verify")
        #expect(r.status == 65)
        #expect(r.stderr.contains("Scenes/car.json: a scene file (cratebox/scene@1), not a replay journal: `cratebox run Scenes/car.json` opens it"), "\(r.stderr)")
        #expect(!r.stderr.contains("column"))

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-kinds-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("crates.state").path
        #expect(try cratebox("simulate", "Scenes/crates.json", "--steps", "10", "--save", state).status == 0)
        let s = try cratebox("validate", state)
        #expect(s.status == 65 && s.stderr == "\(state): a saved state (cratebox/state@1), not a scene: `cratebox run \(state)` continues it\n", "\(s.stderr)")
        let e = try cratebox("simulate", "Scenes/crates.json", "--events", "Scenes/car.json")
        #expect(e.status == 65 && e.stderr.contains("a scene file (cratebox/scene@1), not a replay journal"), "\(e.stderr)")
    }

    @Test func aSizeOutOfRangeSaysTheLimits() throws {
        let r = refusal(["render", "Scenes/crates.json", "--output", "/tmp/never.png", "--size", "0x0"], running: true)
        #expect(r?.status == 64 && r?.message.contains("--size 0x0: each side must be 1 to ") == true, "\(String(describing: r))")
        let c = refusal(["curves", "--output", "/tmp/never.png", "--size", "99999x10"], running: true)
        #expect(c?.status == 64 && c?.message.contains("--size 99999x10: each side must be 1 to ") == true, "\(String(describing: c))")
    }

    @Test func helpSaysEachDefaultOnceAndOnlyAboutItsOwnCommand() throws {
        for command in ["run", "replay", "render"] {
            let help = try cratebox(command, "--help").stdout
            #expect(!help.contains("curves"), "\(command) --help mentions curves")
        }
        let run = try cratebox("run", "--help").stdout
        let saveTo = run.components(separatedBy: "--save-to")[1].components(separatedBy: "\n  --")[0]
        #expect(saveTo.components(separatedBy: "default").count == 2, "--save-to's default, once: \(saveTo)")
        #expect(try cratebox("curves", "--help").stdout.contains("(default: 1200x700)"))
    }

    /// "the slice from (376.6666666666667, 127.91666666666666) cuts no body".
    @Test func messagesShowPointsAsAUserReadsThem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-slice-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let events = dir.appendingPathComponent("events.jsonl")
        try #"{"step": 1, "event": "slice", "a": [376.6666666666667, 127.91666666666666], "b": [376.7, 1]}"#
            .write(to: events, atomically: true, encoding: .utf8)
        let r = try cratebox("simulate", "Scenes/crates.json", "--events", events.path, "--steps", "5")
        #expect(r.stderr.contains("the slice from (376.67, 127.92) to (376.7, 1) cuts no body"), "\(r.stderr)")
    }
}
