import Foundation
import Testing
import TestSupport

/// The commands on scripted scenes: `validate` loads the script and runs its
/// top level, naming the line of what is wrong; `simulate` stops with the
/// script's error and exits 65.
@Suite struct ScriptCommandTests {
    @Test func validateRunsTheScriptsTopLevelAndNamesItsLine() throws {
        let dir = try temporaryFolder("script-validate")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"{"format": "cratebox/scene@1", "bounds": [100, 100], "script": "s.lua"}"#
        try scene.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        for (script, message) in [
            ("function step(\n  x =\n", "s.lua:2: ')' expected near '='"),
            ("local t = {}\nt.x.y = 1", "s.lua:2: attempt to index a nil value (field 'x')"),
            ("world:onCollision('a', 'b', {})", "s.lua:1: world:onCollision: no handler given"),
        ] {
            try script.write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
            let r = try cratebox("validate", dir + "/s.json")
            #expect(r.status == 65 && r.stderr == "\(dir)/s.json: \(message)\n", "\(r.status) \(r.stdout)\(r.stderr)")
        }
        try "state = {}\nfunction step(world) end\n".write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
        let ok = try cratebox("validate", dir + "/s.json")
        #expect(ok.status == 0 && ok.stdout == "\(dir)/s.json: ok\n", "\(ok.stdout)\(ok.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/s.lua")
        let missing = try cratebox("validate", dir + "/s.json")
        #expect(missing.status == 66 && missing.stderr.contains("s.lua"), "\(missing.stderr)")
    }

    @Test func simulateJSONSaysWhatTheScriptSaid() throws {
        let r = try cratebox("simulate", "Tests/Fixtures/scripts/lift.json", "--steps", "60", "--json")
        #expect(r.status == 0 && r.stdout.contains(#""said":"lifted 60 times""#), "\(r.stdout)\(r.stderr)")
    }

    @Test func simulateStopsWithTheScriptsErrorAndExits65() throws {
        let r = try cratebox("simulate", "Tests/Fixtures/scripts/broken.json", "--steps", "100")
        #expect(r.status == 65 && r.stderr == "cratebox: broken.lua:4: the ball is gone (step 30)\n", "\(r.status) \(r.stderr)")
    }
}
