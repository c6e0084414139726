import FileOutput
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Modules (docs/scene-format.md 16.18): what a scene carries, what `require`
/// does with it, and how journals, states and saved scenes carry it.
@Suite(.tags(.memory)) struct ScriptedRequireTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [300, 300], "script": "m.lua", "bodies": [{"id": "ball", "position": [150, 150], "shapes": [{"circle": 10}], "mass": 1}]}"#

    @Test func theNamesRequiredAsLiteralsInOrderEachOnce() {
        let text = """
            local a = require("alpha") local b = require 'beta-2'
            require"gamma" require ( "alpha" ) xrequire("no") require(name) require("../up") require('bad.lua')
            -- require "commented"
            """
        #expect(ScriptModule.required(in: text) == ["alpha", "beta-2", "gamma", "commented"])
        #expect(ScriptModule.isName("a-b_C9") && !ScriptModule.isName("") && !ScriptModule.isName("a.b") && !ScriptModule.isName(String(repeating: "x", count: 65)))
    }

    @Test func aSceneCarriesWhatItsScriptRequiresAndWhatThoseRequire() throws {
        let files = ["one": #"return require("two")"#, "two": "return 2", "unused": "return 0"]
        let scene = try decode(Self.scene, file: "m.json", script: #"local x = require("one") require("missing")"#, modules: files)
        #expect(scene.scriptModules == [ScriptModule(name: "one", text: files["one"]!), ScriptModule(name: "two", text: "return 2")],
                "by name; a missing one skipped, an unrequired one not read")
        let many = (0...32).map { "require('m\($0)')" }.joined(separator: " ")
        let all = Dictionary(uniqueKeysWithValues: (0...32).map { ("m\($0)", "return 1") })
        #expect(throws: SceneErrors.self) { try decode(Self.scene, file: "m.json", script: many, modules: all) }
    }

    static func world(_ script: String, _ modules: [String: String]) throws -> World {
        try World(scene: try decode(scene, file: "m.json", script: script, modules: modules))
    }

    @Test func aModuleRunsOncePerBuildWithItsName() throws {
        let world = try Self.world("""
            local c = require("counter")
            local again = require("counter")
            function step(w) w:say(c.name .. " " .. c.runs() .. " " .. tostring(c == again) .. " " .. tostring(require("counter") == c)) end
            """, ["counter": "local name = ... local n = 0 n = n + 1 return {name = name, runs = function() return n end}"])
        try world.step()
        #expect(world.scriptSays == "counter 1 true true")
        try world.apply(.reset)
        try world.step()
        #expect(world.scriptSays == "counter 1 true true", "a reset builds again: the module runs once in that build too")
    }

    @Test func refusalsSayWhatIsWrong() throws {
        let cases: [(String, [String: String], String)] = [
            ("require('nowhere')", [:], "m.lua:1: require: no module 'nowhere' (nowhere.lua beside the scene, which the script or a module must require by that literal name)"),
            ("require('../x')", [:], "m.lua:1: require: '../x' is not a module's name (1 to 64 letters, digits, '_' or '-': NAME.lua beside the scene, no path)"),
            ("require('a')", ["a": "require('b')", "b": "require('a')"], "b.lua:1: require: 'a' is required while it loads (a loop of requires)"),
            ("require('bad')", ["bad": "x = = 1"], "bad.lua:1: unexpected symbol near '='"),
        ]
        for (script, modules, words) in cases {
            let said = (words.hasPrefix("m.lua") ? words : "m.lua: \(words)") + " (step 0)"
            #expect(throws: SimulationError.script(said), "\(script)") { try Self.world(script, modules) }
        }
        let late = try Self.world("function step(w) require('later') end", ["later": "return 1"])
        #expect(throws: SimulationError.script("m.lua:1: require: 'later' is first required after the top level: require it at the top level, which runs it once per build (step 0)")) {
            try late.step()
        }
        // A module that failed may be required again.
        let again = try Self.world("local ok = pcall(require, 'flaky') function step(w) w:say(tostring(ok)) end", ["flaky": "error('once')"])
        try again.step()
        #expect(again.scriptSays == "false")
    }

    @Test func journalsStatesAndSavedScenesCarryTheModules() throws {
        let folder = try temporaryFolder("require")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.scene.write(toFile: folder + "/m.json", atomically: true, encoding: .utf8)
        try #"local v = require("vec") function step(w) w:body("ball"):applyImpulse(v.x, 0) end"#.write(toFile: folder + "/m.lua", atomically: true, encoding: .utf8)
        try "return {x = 3}".write(toFile: folder + "/vec.lua", atomically: true, encoding: .utf8)
        let recorded = try cratebox("simulate", folder + "/m.json", "--steps", "60", "--record", folder + "/j.jsonl", "--save", folder + "/s.state")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let header = try String(contentsOfFile: folder + "/j.jsonl", encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.contains(#""modules":[{"name":"vec","text":"return {x = 3}"}]"#), "\(header)")
        try "return {x = 5}".write(toFile: folder + "/vec.lua", atomically: true, encoding: .utf8)
        let verified = try cratebox("replay", folder + "/j.jsonl", "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "the journal's module, not the file: \(verified.stdout)\(verified.stderr)")
        let resumed = try cratebox("simulate", folder + "/s.state", "--steps", "10")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let state = try StateFile.read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/s.state"))), file: "s.state")
        #expect(state.scene.scene.moduleText("vec") == "return {x = 3}")
        // Saved elsewhere, the scene takes its script and modules along.
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        try SceneSave.write(state.scene.scene, to: folder + "/elsewhere/m.json")
        #expect(try String(contentsOfFile: folder + "/elsewhere/vec.lua", encoding: .utf8) == "return {x = 3}")
        // Beside a module changed on disk since: a save is refused (it would not open as it was), kept edits are still written.
        try "return {x = 9}".write(toFile: folder + "/elsewhere/vec.lua", atomically: true, encoding: .utf8)
        #expect(throws: FileError.self) { try SceneSave.write(state.scene.scene, to: folder + "/elsewhere/m.json") }
        try SceneSave.keep(state.scene.scene, to: folder + "/elsewhere/m.unsaved.json")
        #expect(FileManager.default.fileExists(atPath: folder + "/elsewhere/m.unsaved.json"))
        #expect(try String(contentsOfFile: folder + "/elsewhere/vec.lua", encoding: .utf8) == "return {x = 9}", "the file on disk is left as it is")
        // A header whose modules are not in order, or name no module, is refused.
        let text = try String(contentsOfFile: folder + "/j.jsonl", encoding: .utf8)
        for bad in [#""modules":[{"name":"../vec","text":"x"}]"#, #""modules":[{"name":"b","text":""},{"name":"a","text":""}]"#, #""modules":{}"#] {
            try text.replacingOccurrences(of: #""modules":[{"name":"vec","text":"return {x = 3}"}]"#, with: bad)
                .write(toFile: folder + "/bad.jsonl", atomically: true, encoding: .utf8)
            let r = try cratebox("replay", folder + "/bad.jsonl", "--verify")
            #expect(r.status == 65 && r.stderr.contains("modules"), "\(bad): \(r.stderr)")
        }
    }

    @Test func aModulesTableChangedByAStepIsNoExactState() throws {
        let world = try Self.world("local m = require('m') function step(w) m.n = m.n + 1 end", ["m": "return {n = 0}"])
        #expect(throws: (any Error).self, "what require loaded is the build's, as a global is") {
            try world.step()
            _ = try world.snapshot()
        }
        let still = try Self.world("local m = require('m') function step(w) w:say(tostring(m.n)) end", ["m": "return {n = 0}"])
        try still.step()
        let back = try World(scene: still.scene, snapshot: try still.snapshot())
        try back.step()
        #expect(back.scriptSays == "0")
    }

    @Test func aModuleThatReturnsFalseIsFalseEveryTime() throws {
        let world = try Self.world("local a = require('no') local b = require('no') function step(w) w:say(tostring(a) .. tostring(b)) end",
                                   ["no": "return false"])
        try world.step()
        #expect(world.scriptSays == "falsefalse")
    }

    @Test func compilingAModuleAgainAndAgainIsCharged() throws {
        let big = String(repeating: "local x = 1\n", count: 20_000) + "x = = 1"
        #expect(throws: SimulationError.self, "the budget stops it, not hours of compiling") {
            try Self.world("for i = 1, 100000 do pcall(function() return require('big') end) end", ["big": big])
        }
    }
}
