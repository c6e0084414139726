import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 25, as a person drives: `run Scenes/car.json --record`, Right held
/// for three seconds. The journal holds the key going down and up (and no
/// tilt: the scene's arrows do not tilt the box), verifies, and the chassis
/// it ends with is far to the right of where it started.
@Suite struct DriveWindowTests: WindowTesting {
    @Test func holdingRightDrivesTheCarAcrossTheBox() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("drive-window")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/drive.jsonl"
        let (app, out) = try launchProgram(crateboxBinary, ["run", "Scenes/car.json", "--no-splash", "--record", journal, "--size", "1280x720"],
                                           environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Car", of: app, env: display.env)
        try person.focus()
        usleep(700_000)  // the car settles on its springs
        try person.xdotool(["keydown", "Right"])
        usleep(3_000_000)
        try person.xdotool(["keyup", "Right"])
        usleep(500_000)
        try person.key("Escape")
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")

        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.contains(#""event":"key","key":"Right","down":true"#), "\(text.prefix(2000))")
        #expect(text.contains(#""event":"key","key":"Right","down":false"#))
        #expect(!text.contains(#""event":"tilt""#), "Right is the car's, not the tilt's")
        let verify = try cratebox("replay", journal, "--verify")
        #expect(verify.status == 0 && verify.stdout.hasPrefix("verified "), "\(verify.stdout)\(verify.stderr)")

        // Where the chassis is at the journal's end, read back by continuing from it.
        let endLine = try #require(text.split(separator: "\n").last { $0.hasPrefix(#"{"end":"#) })
        let end = try #require(Int(endLine.dropFirst(7).prefix { $0.isNumber }))
        let state = try cratebox("simulate", "--from", journal, "--at", "\(end)", "--steps", "0", "--json")
        #expect(state.status == 0, "\(state.stderr)")
        let bodies = try #require((try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])?["bodies"] as? [[String: Any]])
        let chassis = try #require(bodies.first { $0["id"] as? String == "chassis" }?["position"] as? [Double])
        let scene = try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Scenes/car.json"))) as! [String: Any]
        let start = ((scene["bodies"] as! [[String: Any]]).first { $0["id"] as? String == "chassis" }!["position"] as! [Double])[0]
        let width = (scene["bounds"] as! [Double])[0]
        #expect(chassis[0] > start + 0.3 * width, "the chassis went from x \(start) to \(chassis[0]) in a box \(width) wide")
    }
}
