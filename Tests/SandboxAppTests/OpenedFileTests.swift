import Foundation
import Testing
import TestSupport
@testable import SandboxApp

/// The scene file the window shows, without a window: its neighbours in its
/// folder, its problems said once, and a watch that reloads a tenth of a
/// second after the last change.
@Suite struct OpenedFileTests {
    @Test func pageDownAndUpGoRoundTheFoldersScenes() throws {
        let dir = try temporaryFolder("opened")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["b.json", "a.json", "c.schema.json", ".hidden.json", "notes.txt"] { try "{}".write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let opened = OpenedFile(path: dir + "/a.json")
        #expect(opened.neighbour(1) == dir + "/b.json" && opened.neighbour(-1) == dir + "/b.json")
        #expect(OpenedFile(path: dir + "/b.json").neighbour(1) == dir + "/a.json", "round the end")
        #expect(OpenedFile().neighbour(1) == nil, "the built-in scene has no folder")
        var problems = OpenedFile()
        #expect(problems.show(["x: bad"]) && !problems.show(["x: bad"]) && problems.problems == ["x: bad"])
        problems.open(dir + "/a.json", script: nil, watching: false)
        #expect(problems.problems.isEmpty && problems.path == dir + "/a.json")
    }

    @Test func aWatchedFileReloadsATenthOfASecondAfterItLastChanged() throws {
        let dir = try temporaryFolder("watched")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s.json"
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        var opened = OpenedFile(path: path, script: "s.lua", watching: true)
        #expect(opened.dueReload(now: 10) == nil)
        try "{ }".write(toFile: path, atomically: true, encoding: .utf8)  // written and renamed, as editors save
        #expect(opened.dueReload(now: 11) == nil && opened.dueReload(now: 11.05) == nil)
        #expect(opened.dueReload(now: 11.25) == path && opened.dueReload(now: 12) == nil)
        try "x".write(toFile: dir + "/s.lua", atomically: false, encoding: .utf8)  // the script beside it counts too
        #expect(opened.dueReload(now: 20) == nil && opened.dueReload(now: 20.2) == path)
        try "x".write(toFile: dir + "/other.json", atomically: false, encoding: .utf8)
        #expect(opened.dueReload(now: 30) == nil && opened.dueReload(now: 31) == nil, "another file does not count")
    }
}
