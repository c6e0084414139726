import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 22: small mistakes on the command line get a straight answer.
@Suite struct CommandWordsTests {
    /// The one usage error run as a process: it exits 64 with its one line
    /// (the others are found in this process, by `refusal`).
    @Test func aMistypedCommandIsAnUnknownCommandWithASuggestion() throws {
        let r = try cratebox("simulat", "Scenes/crates.json")
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("cratebox: unknown command \"simulat\" (did you mean \"simulate\"?)"), "\(r.stderr)")
        #expect(r.stderr.contains("run, simulate, validate, replay, render, curves, bench"))
        #expect(r.stdout.isEmpty && r.stderr.split(separator: "\n").count == 1)
        let other = refusal(["frobnicate"])
        #expect(other?.status == 64 && other?.message.hasPrefix("cratebox: unknown command \"frobnicate\"; the commands are") == true, "\(String(describing: other))")
    }

    @Test func aPathThatIsNotThereIsStillAnUnreadableScene() throws {
        let r = try cratebox("missing-scene.json")
        #expect(r.status == 66 && r.stderr.contains("missing-scene.json: cannot read"), "\(r.stderr)")
    }

    @Test func versionNamesTheLibrariesAndThePlatform() throws {
        let r = try cratebox("--version")
        #expect(r.status == 0 && r.stdout.hasPrefix("cratebox ") && r.stdout.contains("Chipmunk 7.0.3") && r.stdout.contains("SDL 2."), "\(r.stdout)")
    }

    @Test func defaultsAreShownAsTheyAreTyped() throws {
        for command in ["run", "render", "replay", "curves"] {
            let r = try cratebox(command, "--help")
            #expect(r.status == 0 && !r.stdout.contains("PictureSize("), "\(command): \(r.stdout)")
        }
        #expect(try cratebox("run", "--help").stdout.contains("default 1280x720"))
    }

    /// Every exit code the command line's guide (docs/guide/command-line.md) lists is in `--help`.
    @Test func helpListsEveryExitCodeTheGuideLists() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/guide/command-line.md"), encoding: .utf8)
        let paragraph = try #require(guide.components(separatedBy: "Exit codes:").dropFirst().first?.components(separatedBy: "\n\n").first)
        let codes = paragraph.split(whereSeparator: { !$0.isNumber }).map(String.init).filter { $0.count <= 2 }
        #expect(codes.count >= 9, "\(codes)")
        let help = try cratebox("--help").stdout.replacingOccurrences(of: "\n", with: " ")
        let listed = try #require(help.components(separatedBy: "Exit codes:").dropFirst().first)
        for code in codes {
            #expect(listed.contains(" \(code) "), "exit code \(code) is in docs/guide/command-line.md but not in --help")
        }
    }

    /// The schema lives in Schemas/, so every file in Scenes/ is a scene, or the script one of them names.
    @Test func everyFileInScenesIsAValidSceneOrItsScript() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenes").path).sorted()
        let scenes = names.filter { !$0.hasSuffix(".lua") }, scripts = names.filter { $0.hasSuffix(".lua") }
        let r = try cratebox(["validate"] + scenes.map { "Scenes/\($0)" })
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let named = try scenes.filter { $0.hasSuffix(".json") }.compactMap { try loadShippedScene($0).script }
        for script in scripts { #expect(named.contains(script), "Scenes/\(script) is no scene's script") }
    }
}
