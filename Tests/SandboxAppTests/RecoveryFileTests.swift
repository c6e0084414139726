import Foundation
import Editing
import SceneFormat
import Testing
import TestSupport
@testable import SandboxApp

/// Unsaved build edits, kept and offered back (`RecoveryFile`), without a window.
@Suite struct RecoveryFileTests {
    /// A document of `file` with one edit not saved.
    func edited(_ file: String) throws -> Document {
        var document = Document(scene: try loadShippedScene("crates.json"), file: file)
        var scene = document.scene
        scene.name = "Edited"
        try document.commit(scene, select: nil)
        return document
    }

    @Test func editsAreKeptBesideTheDocumentNeverOverAFileAndOfferedBack() throws {
        let dir = try temporaryFolder("recovery")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let document = try edited(dir + "/box.json")
        var recovery = RecoveryFile()
        #expect(recovery.offer(for: document.file) == nil)
        #expect(recovery.keep(document) == .kept(dir + "/box.unsaved.json"))
        #expect(recovery.keep(document) == .kept(dir + "/box.unsaved.json"), "a session rewrites its own file")
        var another = RecoveryFile()
        #expect(another.keep(document) == .kept(dir + "/box.unsaved-2.json"), "never over another session's")
        // The next session finds the first: offered, taken once, kept back into it, removed once saved.
        var next = RecoveryFile(path: dir + "/box.unsaved.json")
        #expect(next.offer(for: document.file)?.hasPrefix(dir + "/box.unsaved.json holds unsaved edits of") == true)
        let (scene, path) = try next.recover().get()
        #expect(scene.name == "Edited" && path == dir + "/box.unsaved.json")
        #expect(throws: RecoveryRefused("no unsaved edits to recover")) { try next.recover().get() }
        #expect(next.keep(document) == .kept(dir + "/box.unsaved.json"), "recovered edits go back into their file")
        #expect(next.forgetAfterSave() == dir + "/box.unsaved.json" && !FileManager.default.fileExists(atPath: dir + "/box.unsaved.json"))
        #expect(next.forgetAfterSave() == nil)
    }

    @Test func editsThatCannotBeKeptSayWhy() throws {
        var recovery = RecoveryFile()
        guard case .lost(let why) = recovery.keep(try edited("/nonexistent-cratebox/box.json")) else {
            Issue.record("kept in a folder that is not there")
            return
        }
        #expect(why.contains("/nonexistent-cratebox/box.unsaved.json"))
    }

    /// Issue 46: a window that froze lost every edit, as the file was written only on quitting.
    /// The file follows the edits a second behind; this session's own file goes once they are saved.
    @Test func theFileFollowsTheEditsASecondBehindAndGoesOnceTheyAreSaved() throws {
        let dir = try temporaryFolder("follow")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var document = Document(scene: try loadShippedScene("crates.json"), file: dir + "/box.json")
        var recovery = RecoveryFile()
        #expect(recovery.follow(document, now: 0) == nil, "nothing unsaved, nothing written")
        var scene = document.scene
        scene.name = "One"
        try document.commit(scene, select: nil)
        #expect(recovery.follow(document, now: 10) == .write(document.scene, dir + "/box.unsaved.json"))
        #expect(recovery.follow(document, now: 10.1) == nil, "the same revision is not written again")
        scene.name = "Two"
        try document.commit(scene, select: nil)
        #expect(recovery.follow(document, now: 10.5) == nil, "within a second of the last: later")
        #expect(recovery.follow(document, now: 11) == .write(document.scene, dir + "/box.unsaved.json"), "its own file again")
        document.markSaved()
        #expect(recovery.follow(document, now: 22) == .remove(dir + "/box.unsaved.json"))
        #expect(recovery.follow(document, now: 30) == nil)
        #expect(recovery.follow(nil, now: 40) == nil)
    }

    /// A file recovered from an earlier session is the one followed (it holds its edits and more), and never removed by following.
    @Test func recoveredEditsAreFollowedInTheirOwnFile() throws {
        let dir = try temporaryFolder("follow-recovered")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var document = try edited(dir + "/box.json")
        var first = RecoveryFile()
        #expect(first.keep(document) == .kept(dir + "/box.unsaved.json"))
        var recovery = RecoveryFile(path: dir + "/box.unsaved.json")
        _ = try recovery.recover().get()
        #expect(recovery.follow(document, now: 5) == .write(document.scene, dir + "/box.unsaved.json"))
        document.markSaved()
        #expect(recovery.follow(document, now: 7) == nil, "removed by the save (forgetAfterSave), not by following")
    }

    /// The writer writes the newest scene handed over, atomically, off the calling thread; removes on request; says why a write failed.
    @Test func theWriterWritesTheNewestSceneAndSaysWhyAWriteFailed() throws {
        let dir = try temporaryFolder("writer")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let writer = try #require(RecoveryWriter())
        defer { writer.stop() }
        var scene = try loadShippedScene("crates.json")
        scene.name = "Written"
        writer.write(scene, to: dir + "/a.json")
        #expect(writer.flush() >= 1)
        let text = try String(contentsOfFile: dir + "/a.json", encoding: .utf8)
        #expect(text.contains("\"Written\""), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.json"], "no temporary file left")
        writer.remove(dir + "/a.json")
        writer.flush()
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.json"))
        #expect(writer.takeFailure() == nil)
        writer.write(scene, to: "/nonexistent-cratebox/a.json")
        writer.flush()
        #expect(writer.takeFailure()?.contains("/nonexistent-cratebox/a.json") == true)
        #expect(writer.takeFailure() == nil, "said once")
    }
}
