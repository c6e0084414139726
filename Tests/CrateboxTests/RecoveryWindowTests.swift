import Foundation
import Testing
@testable import cratebox

/// Issue 22: build mode lost unsaved work on Esc. Now quitting with unsaved
/// edits keeps them beside the document (never over a file), says where, and
/// the next `run --build` offers them back (Ctrl+R), in the real window.
@Suite struct RecoveryWindowTests {
    /// One `run --build FILE` session: the keys and clicks given, then Esc until it quits; its output.
    func session(_ file: String, display: WindowTests.VirtualDisplay, _ actions: (_ key: (String) throws -> Void, _ click: (Int, Int) throws -> Void) throws -> Void) throws -> String {
        let w = WindowTests()
        let (app, out) = try w.launch(["run", "--build", file, "--no-splash", "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let window = try w.waitForWindow("cratebox: build", of: app, env: display.env)
        try #require(!window.isEmpty, "no window appeared")
        let xdotool = { (args: [String]) throws in _ = try w.tool("/usr/bin/xdotool", args, env: display.env) }
        try xdotool(["windowfocus", "--sync", window])
        func key(_ k: String) throws {
            try xdotool(["key", k])
            usleep(250_000)
        }
        func click(_ x: Int, _ y: Int) throws {
            try xdotool(["mousemove", "--window", window, "\(x)", "\(y)"])
            try xdotool(["click", "1"])
            usleep(250_000)
        }
        try actions(key, click)
        for _ in 0..<3 where app.isRunning { try key("Escape") }
        w.waitOrKill(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(output)")
        return output
    }

    func bodies(_ path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\"position\"").count - 1
    }

    @Test func unsavedEditsAreKeptOnEscAndOfferedBack() throws {
        let display = try WindowTests.VirtualDisplay()
        defer { display.stop() }
        try #require(!display.number.isEmpty, "Xvfb did not start")
        let directory = NSTemporaryDirectory() + "cratebox-recovery-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/t.json", kept = directory + "/t.unsaved.json", second = directory + "/t.unsaved-2.json"

        // The steps: press 2, click, Esc, Esc.
        let first = try session(file, display: display) { key, click in
            try key("2")
            try click(640, 400)
        }
        #expect(first.contains("unsaved edits of \(file) kept in \(kept)"), "\(first)")
        #expect(try cratebox("validate", kept).status == 0)
        #expect(try bodies(kept) == 1)
        #expect(!FileManager.default.fileExists(atPath: file), "nothing was saved to the document itself")

        // Offered back; left alone, and two more crates made: kept beside, never over the first.
        let before = try String(contentsOfFile: kept, encoding: .utf8)
        let again = try session(file, display: display) { key, click in
            try key("2")
            try click(500, 400)
            try click(760, 400)
        }
        #expect(again.contains("\(kept) holds unsaved edits of \(file)"), "\(again)")
        #expect(again.contains("kept in \(second)"), "\(again)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == before)
        #expect(try bodies(second) == 2)

        // The newest is offered; Ctrl+R takes it, Ctrl+S saves it, and its file goes.
        let third = try session(file, display: display) { key, _ in
            try key("ctrl+r")
            try key("ctrl+s")
        }
        #expect(third.contains("\(second) holds unsaved edits") && third.contains("saved \(file)"), "\(third)")
        #expect(try bodies(file) == 2)
        #expect(!FileManager.default.fileExists(atPath: second) && FileManager.default.fileExists(atPath: kept))
        #expect(!third.contains("kept in"), "saved: nothing to keep on quitting")
    }
}
