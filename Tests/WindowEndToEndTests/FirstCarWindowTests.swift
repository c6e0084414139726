import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 46: the README's step 5 froze the window. Build mode's key row, once
/// clicked, waited for a key, and the key sent the builder into an endless
/// self-call. The step as a person does it, with real SDL events: from an
/// empty file, a car (a crate, two balls, two pivots, a motor), Right bound on
/// the motor's key row and Left on its reverse row, Ctrl+S, B, and Right held
/// drives it.
@Suite struct FirstCarWindowTests: WindowTesting {
    /// Builds the guide's car (docs/guide/building.md) in an empty box of 1280 x 720 points, drawn at
    /// about 0.76 pixels a point left of the panel (the floor at y 640).
    func buildCar(_ person: WindowDriver) throws {
        try person.key("2")
        try person.drag(300, 560, 500, 590)  // the chassis
        try person.key("3")
        try person.drag(320, 595, 345, 595)  // the back wheel, overlapping it
        try person.drag(480, 595, 505, 595)  // the front wheel
        try person.key("6")
        try person.click(320, 595)  // an axle on each wheel's centre
        try person.click(480, 595)
        try person.key("0")
        try person.click(320, 595)  // a motor on the back wheel: selected, its panel shown
    }

    @Test func theReadmesCarIsBuiltBoundToRightSavedAndDriven() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("first-car")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/mycar.json"
        let (app, out) = try launch(["run", "--build", file, "--no-splash", "--save-to", directory, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build mycar", of: app, env: display.env)
        try person.focus()
        try buildCar(person)
        try person.click(1150, 243)  // the motor's `key` row: "press the key to bind"
        try person.key("Right")
        try person.click(1150, 324)  // its `reverse key` row, shown once a key is bound
        try person.key("Left")
        try person.key("ctrl+s")
        #expect(app.isRunning, "the window answers after a key is bound")

        let saved = try String(contentsOfFile: file, encoding: .utf8)
        let validate = try cratebox("validate", file)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(saved.contains("{\"key\": \"Right\", \"motor\": \"joint2\", \"rate\": 3}"), "\(saved)")
        #expect(saved.contains("{\"key\": \"Left\", \"motor\": \"joint2\", \"rate\": -3}"), "\(saved)")

        // B plays; the car stands until Right is held, then drives to the right.
        try person.key("b", pause: 800_000)
        let shot = directory + "/shot.png"
        _ = try tool("/usr/bin/import", ["-window", "root", shot], env: display.env)
        let standing = try wood(in: shot, env: display.env)
        try person.xdotool(["keydown", "Right"])
        usleep(2_000_000)
        try person.xdotool(["keyup", "Right"])
        usleep(300_000)
        _ = try tool("/usr/bin/import", ["-window", "root", shot], env: display.env)
        let driven = try wood(in: shot, env: display.env)
        #expect(standing.count > 1500 && driven.count > 1500, "the chassis is drawn: \(standing) \(driven)")
        #expect(driven.meanX - standing.meanX > 60, "Right drove the car right: \(standing.meanX) to \(driven.meanX)")

        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(output)")
        #expect(output.contains("key: Right") && output.contains("reverse key: Left"), "\(output)")
    }

    /// Build edits survive a window that is killed: the recovery file follows
    /// them a second or so behind, so `kill -9` loses at most that, and the
    /// next `run --build` offers them back.
    @Test func editsSurviveAKilledWindow() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("killed-build")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/mycar.json", kept = directory + "/mycar.unsaved.json"
        let (app, _) = try launch(["run", "--build", file, "--no-splash", "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build mycar", of: app, env: display.env)
        try person.focus()
        try buildCar(person)
        usleep(2_500_000)  // the follow interval (1 s) and the write, with room for a busy machine
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        #expect(app.terminationReason == .uncaughtSignal)
        // The X server closes a killed client's window a moment later: wait until it is gone, so the
        // next session's window is the one found by its title (a slow, sanitized build met the old one).
        for _ in 0..<100 where (try? runProgram("/usr/bin/xdotool", ["search", "--name", "cratebox: build mycar"], environment: display.env))?.status == 0 {
            usleep(100_000)
        }
        let validate = try cratebox("validate", kept)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        #expect(text.components(separatedBy: "\"position\"").count - 1 == 3, "the chassis and two wheels: \(text)")
        #expect(text.components(separatedBy: "\"type\": \"pivot\"").count - 1 == 2 && text.contains("\"type\": \"motor\""), "\(text)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "mycar.unsaved.json" }
        #expect(leftovers.isEmpty, "no temporary file left beside it: \(leftovers)")

        // The next session offers them back.
        let (next, out) = try launch(["run", "--build", file, "--no-splash", "--size", "1280x720"], env: display.env)
        defer { if next.isRunning { next.terminate() } }
        let again = try driver("cratebox: build mycar", of: next, env: display.env)
        try again.focus()
        try again.key("ctrl+r")
        try again.key("ctrl+s")
        for _ in 0..<3 where next.isRunning { try again.key("Escape") }
        awaitExit(next, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.contains("\(kept) holds unsaved edits of \(file)"), "\(output)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"type\": \"motor\""), "recovered and saved")
        #expect(!FileManager.default.fileExists(atPath: kept), "its edits saved, the file goes")
    }
}
