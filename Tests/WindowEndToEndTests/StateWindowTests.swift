import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Saved moments in the window: Ctrl+S writes `NAME.state` beside the scene it
/// saves, and `cratebox run NAME.state` opens that moment and goes on from it
/// (recorded here: the journal starts from its keyframe and verifies).
@Suite struct StateWindowTests: WindowTesting {
    @Test func ctrlSWritesTheExactStateAndRunContinuesIt() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("state-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (app, out) = try launchProgram(crateboxBinary, ["run", "Scenes/bridge.json", "--no-splash", "--save-to", directory, "--size", "1280x720"],
                                           environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Bridge", of: app, env: display.env)
        try person.focus()
        for x in [600, 700] { try person.click(x, 150, pause: 300_000) }
        usleep(2_000_000)
        try person.key("ctrl+s", pause: 500_000)
        try person.key("Escape")
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let state = try #require(files.first { $0.hasPrefix("bridge-step") && $0.hasSuffix(".state") }, "\(files)")
        #expect(files.contains(String(state.dropLast(6)) + ".json"), "the scene and the state share a name: \(files)")
        let statePath = directory + "/" + state

        // The state continues headless: its header's hash is the world's at its step.
        let header = try JSONSerialization.jsonObject(with: Data(try Data(contentsOf: URL(fileURLWithPath: statePath)).prefix { $0 != 0x0A })) as! [String: Any]
        let step = header["step"] as! Int, hash = header["hash"] as! String
        #expect(step > 120)
        let still = try cratebox("simulate", statePath, "--steps", "0")
        #expect(still.status == 0 && still.stdout.contains("\(step) steps") && still.stdout.contains("hash \(hash)"), "\(still.stdout)\(still.stderr)")

        // And in the window, recorded: the journal starts from that state and verifies.
        let journal = directory + "/continued.jsonl"
        let later = try temporaryFolder("state-window-later")
        defer { try? FileManager.default.removeItem(atPath: later) }
        let (again, againOut) = try launchProgram(crateboxBinary, ["run", statePath, "--no-splash", "--record", journal, "--size", "1280x720",
                                                           "--save-to", later], environment: display.env)
        defer { if again.isRunning { again.terminate() } }
        let second = try driver("cratebox: Bridge", of: again, env: display.env)
        try second.focus()
        usleep(1_500_000)
        // R goes back to the saved moment, not to the scene's start (paused first, so that Ctrl+S saves that very step).
        try second.key("space", pause: 300_000)
        try second.key("r", pause: 800_000)
        try second.key("ctrl+s", pause: 500_000)
        try second.key("Escape")
        #expect(waitOrKill(again, seconds: 20))
        let againText = String(decoding: againOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(again.terminationStatus == 0, "\(againText)")
        #expect(againText.contains("back to the saved moment (step \(step))"), "\(againText)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: later)
        #expect(saved.contains { $0.hasSuffix("-step\(step).state") }, "R then Ctrl+S saves the saved moment's step: \(saved)")
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        let second1 = text.split(separator: "\n")[1]
        #expect(second1.hasPrefix("{\"step\":\(step),\"hash\":\"\(hash)\",\"keyframe\":"), "the journal starts from the state's keyframe")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
    }
}
