import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 22: build mode lost unsaved work on Esc. Now quitting with unsaved
/// edits keeps them beside the document (never over a file), says where, and
/// the next `run --build` offers them back (Ctrl+R), in the real window.
@Suite struct RecoveryWindowTests: WindowTesting {
    /// One `run --build FILE` session: what `actions` does at the window, then Esc until it quits; its output.
    func session(_ file: String, display: VirtualDisplay, _ actions: (WindowDriver) throws -> Void) throws -> String {
        let (app, out) = try launchProgram(crateboxBinary, ["run", "--build", file, "--no-splash", "--size", "1280x720"], environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build", of: app, env: display.env)
        try person.focus()
        try actions(person)
        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(output)")
        return output
    }

    func bodies(_ path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\"position\"").count - 1
    }

    @Test func unsavedEditsAreKeptOnEscAndOfferedBack() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("recovery")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/t.json", kept = directory + "/t.unsaved.json", second = directory + "/t.unsaved-2.json"

        // The steps: press 2, click, Esc, Esc.
        let first = try session(file, display: display) { person in
            try person.key("2")
            try person.click(640, 400)
        }
        #expect(first.contains("unsaved edits of \(file) kept in \(kept)"), "\(first)")
        #expect(try cratebox("validate", kept).status == 0)
        #expect(try bodies(kept) == 1)
        #expect(!FileManager.default.fileExists(atPath: file), "nothing was saved to the document itself")

        // Offered back; left alone, and two more crates made: kept beside, never over the first.
        let before = try String(contentsOfFile: kept, encoding: .utf8)
        let again = try session(file, display: display) { person in
            try person.key("2")
            try person.click(500, 400)
            try person.click(760, 400)
        }
        #expect(again.contains("\(kept) holds unsaved edits of \(file)"), "\(again)")
        #expect(again.contains("kept in \(second)"), "\(again)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == before)
        #expect(try bodies(second) == 2)

        // The newest is offered; Ctrl+R takes it, Ctrl+S saves it, and its file goes.
        let third = try session(file, display: display) { person in
            try person.key("ctrl+r")
            try person.key("ctrl+s")
        }
        #expect(third.contains("\(second) holds unsaved edits") && third.contains("saved \(file)"), "\(third)")
        #expect(try bodies(file) == 2)
        #expect(!FileManager.default.fileExists(atPath: second) && FileManager.default.fileExists(atPath: kept))
        #expect(!third.contains("kept in"), "saved: nothing to keep on quitting")

        // Recovered, edited further and left unsaved again: the edits go back into the
        // file they came from, not into a new t.unsaved-2.json beside it (issue 35).
        let fourth = try session(file, display: display) { person in
            try person.key("ctrl+r")
            try person.key("2")
            try person.click(300, 400)
        }
        #expect(fourth.contains("kept in \(kept)"), "\(fourth)")
        #expect(!FileManager.default.fileExists(atPath: second), "no second recovery file")
        #expect(try bodies(kept) == 2, "the recovered crate and the new one")
    }
}
