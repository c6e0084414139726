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
        #expect(recovery.keep(document) == .kept(dir + "/box.unsaved-2.json"), "never over the first")
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
        let recovery = RecoveryFile()
        guard case .lost(let why) = recovery.keep(try edited("/nonexistent-cratebox/box.json")) else {
            Issue.record("kept in a folder that is not there")
            return
        }
        #expect(why.contains("/nonexistent-cratebox/box.unsaved.json"))
    }
}
