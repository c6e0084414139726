import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 22, as the user met it: `run Scenes/bridge.json`, four crates spawned
/// on the deck, 4 s, Ctrl+S; then B and Ctrl+S in build mode. Both files
/// validate and keep every bolt at its planks' ends (20 points either side of
/// a plank's centre), where the old save moved them with the sagging deck.
@Suite struct SaveWindowTests: WindowTesting {
    @Test func ctrlSAndBSaveTheBridgeOnItsBolts() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("save-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (app, out) = try launchProgram(crateboxBinary, ["run", "Scenes/bridge.json", "--no-splash", "--save-to", directory, "--size", "1280x720"],
                                           environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Bridge", of: app, env: display.env)
        try person.focus()
        // Crates spawned above the deck (the box is 800 x 400 points, drawn across the middle of the window).
        for x in [560, 640, 720, 800] { try person.click(x, 150, pause: 300_000) }
        usleep(4_000_000)
        try person.key("ctrl+s", pause: 300_000)
        try person.key("b", pause: 300_000)
        try person.key("ctrl+s", pause: 300_000)
        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")

        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.contains { $0.hasPrefix("bridge-step") } && files.contains { $0.hasPrefix("bridge-built") }, "\(files) \(output)")
        for name in files where !name.contains(".unsaved") {
            let path = directory + "/" + name
            let v = try cratebox("validate", path)
            #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
            let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
            let bodies = doc["bodies"] as! [[String: Any]], joints = doc["joints"] as! [[String: Any]]
            #expect(bodies.count > 21 && bodies.count <= 24, "\(name): the bridge's 20 bodies and the crates spawned (a click may land on a falling crate)")
            let planks = joints.filter { ($0["type"] as? String) == "pivot" && ($0["a"] as? String)?.hasPrefix("plank") == true }
            #expect(planks.count == 11, "\(name)")
            for joint in planks {
                #expect(joint["anchorA"] as? [Double] == [20, 0] && joint["anchorB"] as? [Double] == [-20, 0], "\(name): \(joint)")
            }
            #expect(joints.filter { ($0["type"] as? String) == "pin" }.allSatisfy { $0["distance"] is Double }, "\(name)")
        }
    }
}
