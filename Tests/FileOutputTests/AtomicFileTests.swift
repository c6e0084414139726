import FileOutput
import Foundation
import Testing
import TestSupport

/// Every file cratebox writes goes under a temporary name and is renamed into
/// place; files are read only when they are regular files, up to a limit.
@Suite struct AtomicFileTests {
    /// The old file stays whole until the new one is complete, and a failed
    /// write leaves it as it was.
    @Test func anExistingFileStaysWholeUntilTheNewOneIsComplete() throws {
        let dir = try temporaryFolder("atomic")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        let old = String(repeating: "old scene\n", count: 1000)
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        func current() -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
        let file = try AtomicFile(path: path)
        try file.writeAll(Array("new, half".utf8))
        let seenMidway = current()  // half the new file is written: the path still holds the old one
        try file.writeAll(Array(" and the rest".utf8))
        try file.close()
        #expect(current() == old)
        try file.commit()
        #expect(seenMidway == old)
        #expect(current() == "new, half and the rest")
        // A write that fails (never committed) changes nothing and leaves no temporary behind.
        do {
            let failing = try AtomicFile(path: path)
            try failing.writeAll(Array("half of something".utf8))
        }
        #expect(current() == "new, half and the rest")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["scene.json"])
        try writeTextFile("{}\n", to: path)
        #expect(current() == "{}\n")
    }

    /// F12, Ctrl+S and F9 never replace an earlier file: -2, -3... instead.
    @Test func capturesNeverReplaceAnEarlierFile() throws {
        let dir = try temporaryFolder("names")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stem = dir + "/shot"
        #expect(AtomicFile.unusedPath(stem, ".png") == stem + ".png")
        try writeTextFile("1", to: stem + ".png")
        #expect(AtomicFile.unusedPath(stem, ".png") == stem + "-2.png")
        try writeTextFile("2", to: stem + "-2.png")
        #expect(AtomicFile.unusedPath(stem, ".png") == stem + "-3.png")
        #expect(AtomicFile.unusedPath(stem, ".json") == stem + ".json")
        // Saved together: the first stem free for every extension.
        try writeTextFile("3", to: stem + "-3.state")
        #expect(AtomicFile.unusedStem(stem, for: [".png", ".state"]) == stem + "-4")
    }

    /// A branch's abandoned futures are numbered from 1, each a name not taken.
    @Test func numberedNamesStartAtOne() throws {
        let dir = try temporaryFolder("numbered")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stem = dir + "/s.branch"
        #expect(AtomicFile.unusedStem(stem, for: [".jsonl"], numbered: true) == stem + "-1")
        try writeTextFile("1", to: stem + "-1.jsonl")
        try writeTextFile("2", to: stem + "-2.jsonl")
        #expect(AtomicFile.unusedStem(stem, for: [".jsonl"], numbered: true) == stem + "-3")
        #expect(AtomicFile.unusedStem(stem, for: [".jsonl"]) == stem, "unnumbered, the bare stem is free")
    }

    @Test func aWriteIntoAFolderThatIsNotThereSaysWhere() {
        #expect(throws: FileError.self) { try writeTextFile("x", to: "/nonexistent-cratebox/x.json") }
        do { try writeTextFile("x", to: "/nonexistent-cratebox/x.json") } catch {
            #expect(error.description == "/nonexistent-cratebox/x.json: cannot write: No such file or directory")
        }
    }

    @Test func readingTakesRegularFilesUpToALimit() throws {
        let dir = try temporaryFolder("read")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeTextFile("0123456789", to: dir + "/ten")
        #expect(try readRegularFile(dir + "/ten", limit: 100) == Array("0123456789".utf8))
        #expect(try readRegularFile(dir + "/ten", limit: 4).count > 4, "over the limit, so the reader can say it is too big")
        #expect(throws: UnreadableFile.self) { try readRegularFile(dir, limit: 100) }
        do { _ = try readRegularFile(dir, limit: 100) } catch { #expect(error.reason == "a directory") }
        #expect(throws: UnreadableFile.self) { try readRegularFile(dir + "/none", limit: 100) }
    }
}
