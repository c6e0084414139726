import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 46, point 5: messages a new user met that named too little. Each
/// command's whole answer (status and standard error) in one call.
@Suite struct NewUserMessagesTests {
    /// A scene with a script in a folder of its own; its paths.
    func scripted(_ script: String?, name: String) throws -> (folder: String, scene: String) {
        let folder = try temporaryFolder("messages-\(name)")
        let scene = folder + "/\(name).json"
        try """
        {"format": "cratebox/scene@1", "name": "\(name)", "bounds": [200, 200], "script": "\(name).lua",
         "bodies": [{"position": [100, 100], "shapes": [{"box": [20, 20]}], "mass": 1}]}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        if let script { try script.write(toFile: folder + "/\(name).lua", atomically: true, encoding: .utf8) }
        return (folder, scene)
    }

    /// "cratebox: the script used more memory than its limit (step 0)" named no file.
    @Test func everyScriptErrorNamesTheScriptAndTheStep() throws {
        let memory = try scripted("local t = {} for i = 1, 1e9 do t[i] = {i, i, i, i} end", name: "hungry")
        defer { try? FileManager.default.removeItem(atPath: memory.folder) }
        let r = try cratebox("simulate", memory.scene, "--steps", "10")
        #expect(r.status == 65 && r.stderr == "cratebox: hungry.lua: the script used more memory than its limit (step 0)\n", "\(r.stderr)")

        let placeless = try scripted("function step(world) if world:steps() == 3 then error('no place', 0) end end", name: "bare")
        defer { try? FileManager.default.removeItem(atPath: placeless.folder) }
        let p = try cratebox("simulate", placeless.scene, "--steps", "10")
        #expect(p.status == 65 && p.stderr == "cratebox: bare.lua: no place (step 3)\n", "\(p.stderr)")

        let placed = try scripted("function step(world)\n  if world:steps() == 2 then error('here') end\nend", name: "placed")
        defer { try? FileManager.default.removeItem(atPath: placed.folder) }
        let q = try cratebox("simulate", placed.scene, "--steps", "10")
        #expect(q.status == 65 && q.stderr == "cratebox: placed.lua:2: here (step 2)\n", "Lua's place is kept as it was: \(q.stderr)")
    }

    /// A missing script was named only as `nosuch.lua`.
    @Test func aMissingScriptNamesTheSceneThatAsksForItAndWhereItWasLookedFor() throws {
        let missing = try scripted(nil, name: "lonely")
        defer { try? FileManager.default.removeItem(atPath: missing.folder) }
        let r = try cratebox("validate", missing.scene)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr == "cratebox: \(missing.scene): the script it names, lonely.lua, cannot be read at \(missing.folder)/lonely.lua: No such file or directory\n",
                "\(r.stderr)")
    }

    /// A WAV given to `run` got "crates_s16.wav:1:1: unexpected 'R'; expected a value".
    @Test func aBinaryFileIsNamedForWhatItIs() throws {
        let folder = try temporaryFolder("messages-binary")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wav = folder + "/crates_s16.wav", png = folder + "/shot.png", junk = folder + "/junk.json"
        try Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8).write(to: URL(fileURLWithPath: wav))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: png))
        try Data([0x7B, 0x00, 0xFF, 0x10]).write(to: URL(fileURLWithPath: junk))
        for (file, what) in [(wav, "a WAV sound"), (png, "a PNG picture"), (junk, "binary data")] {
            for command in [["validate", file], ["replay", file, "--verify"], ["simulate", file, "--steps", "1"]] {
                let r = try cratebox(command)
                #expect(r.status == 65, "\(command): \(r.stderr)")
                #expect(r.stderr.contains("\(file): \(what), not a scene, a replay journal or a saved state"), "\(command): \(r.stderr)")
                #expect(!r.stderr.contains("unexpected"), "\(r.stderr)")
            }
        }
    }

    /// `print` was "attempt to call a nil value (global 'print')": now a line on standard error with the step, escaped, bounded.
    @Test func printWritesALineWithTheStepToStandardError() throws {
        let s = try scripted("""
        print('built', 1, nil, true)
        function step(world)
          if world:steps() == 2 then print('step two', 2.5, {}) end
          if world:steps() == 4 then print('\\27[2Jforged\\nline') end
          if world:steps() == 6 then for i = 1, 40 do print(i) end end
          if world:steps() == 8 then print(string.rep('x', 1000)) end
          if world:steps() == 9 then print(string.rep('x', 199) .. 'é') end
        end
        """, name: "talk")
        defer { try? FileManager.default.removeItem(atPath: s.folder) }
        let r = try cratebox("simulate", s.scene, "--steps", "11")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "talk.lua (step 0): built\t1\tnil\ttrue", "\(r.stderr)")
        #expect(lines.contains("talk.lua (step 2): step two\t2.5\ttable"), "\(r.stderr)")
        #expect(lines.contains("talk.lua (step 4): \\u{1B}[2Jforged\\u{A}line"), "control characters escaped: \(r.stderr)")
        #expect(lines.contains("talk.lua (step 6): 32") && !lines.contains("talk.lua (step 6): 33"), "32 lines a step: \(r.stderr)")
        #expect(lines.contains("talk.lua (step 6): (8 more lines printed, not shown)"), "\(r.stderr)")
        #expect(lines.contains("talk.lua (step 8): " + String(repeating: "x", count: 200)), "cut at 200 bytes: \(r.stderr)")
        #expect(lines.contains("talk.lua (step 9): " + String(repeating: "x", count: 199)), "a character cut at 200 bytes goes whole: \(r.stderr)")
        // Printing changes nothing: the same hash as the script without its prints.
        let quiet = try scripted("function step(world) end", name: "quiet")
        defer { try? FileManager.default.removeItem(atPath: quiet.folder) }
        let hash = { (out: String) in out.components(separatedBy: "hash ").last ?? "" }
        #expect(hash(r.stdout) == hash(try cratebox("simulate", quiet.scene, "--steps", "11").stdout))
    }

    /// `render --output out.txt` wrote a PNG under that name.
    @Test func renderRefusesAPictureNameThatIsNotAPNG() throws {
        let r = refusal(["render", "Scenes/crates.json", "--output", "/tmp/out.txt"], running: true)
        #expect(r?.status == 64 && r?.message.contains("--output writes a PNG picture: give a name ending in .png, got \"/tmp/out.txt\"") == true,
                "\(String(describing: r))")
    }

    /// The README's fifteen-line scene (issue 46, point 7) is a scene `validate` accepts and that runs.
    @Test func theReadmesSmallSceneIsValid() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## A scene in fifteen lines").dropFirst().first)
        let json = try #require(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(json.split(separator: "\n").count <= 16, "\(json)")
        let folder = try temporaryFolder("readme-scene")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try json.write(toFile: folder + "/my.json", atomically: true, encoding: .utf8)
        let v = try cratebox("validate", folder + "/my.json")
        #expect(v.status == 0 && v.stdout == "\(folder)/my.json: ok\n", "\(v.stdout)\(v.stderr)")
        #expect(try cratebox("simulate", folder + "/my.json", "--steps", "120").status == 0)
    }

    /// Issue 47, cause 10: a script's error cleared the screen and drew a false "verified": now one line, its escapes shown.
    @Test func aScriptCannotForgeTheTerminal() throws {
        let forged = try scripted("function step(world) if world:steps() == 5 then error('\\27[2J\\27[H\\27[32mverified 240 steps\\nok', 0) end end", name: "forge")
        defer { try? FileManager.default.removeItem(atPath: forged.folder) }
        let r = try cratebox("simulate", forged.scene, "--steps", "10")
        #expect(r.status == 65)
        #expect(r.stderr == "cratebox: forge.lua: \\u{1B}[2J\\u{1B}[H\\u{1B}[32mverified 240 steps\\nok (step 5)\n", "\(r.stderr)")
        #expect(!r.stderr.utf8.contains(0x1B) && r.stderr.split(separator: "\n").count == 1)
    }

    /// Issue 47, cause 9: a journal was read whole before its limits applied (3 GB of zero bytes cost 4.36 GB and aborted).
    @Test func aFileOfGigabytesWithNoLineIsRefusedAfterItsFirstLinesLimit() throws {
        let folder = try temporaryFolder("messages-huge")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let huge = folder + "/zeros.jsonl"
        let fd = open(huge, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(fd >= 0)
        #expect(ftruncate(fd, 3 << 30) == 0, "a sparse file of 3 GB")
        close(fd)
        for command in [["replay", huge, "--verify"], ["simulate", "Scenes/crates.json", "--events", huge, "--steps", "1"], ["render", huge, "--output", folder + "/x.png"]] {
            let r = try cratebox(command)
            #expect(r.status == 65, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("\(huge):1: the first line is longer than") && r.stderr.split(separator: "\n").count == 1, "\(command): \(r.stderr)")
        }
    }
}
