import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Build mode in the real window, driven with xdotool as a person would:
/// from an empty box, a see-saw (a plank pinned to the world, a crate on one
/// end) and a ball hung on a spring; saved, validated, played, built again.
@Suite struct BuildWindowTests: WindowTesting {
    /// Reddish pixels (the ball) in a screenshot.
    func red(in png: String) throws -> Int { reddish(in: try rgbPixels(png)) }

    @Test func buildASeeSawWithTheToolsSaveItPlayItAndBuildAgain() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = NSTemporaryDirectory() + "cratebox-build-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/seesaw.json"
        let w = self
        let (app, out) = try w.launch(["run", "--build", file, "--save-to", directory, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build seesaw", of: app, env: display.env)
        try person.focus()
        let xdotool = { (args: [String]) throws in _ = try person.xdotool(args) }
        let at = person.at, drag = person.drag
        func key(_ k: String) throws { try person.key(k) }
        // The empty box is the window's size (1280 x 720 points), drawn at about 0.88 beside the HUD and toolbar.
        try key("5")
        try drag(463, 567, 817, 567)  // a plank
        try key("6")
        try at(640, 567)
        try xdotool(["click", "1"])  // pinned to the world at its middle
        usleep(250_000)
        try key("2")
        try drag(481, 558, 534, 505)  // a crate on its left end
        try key("3")
        try drag(781, 390, 799, 390)  // a ball
        try key("7")
        try drag(781, 390, 781, 214)  // hung on a spring from the world
        try key("F12")
        try key("ctrl+s")
        usleep(300_000)
        let validate = try cratebox("validate", file)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.components(separatedBy: "\"position\"").count - 1 == 3, "\(saved)")
        #expect(saved.contains("\"type\": \"pivot\"") && saved.contains("\"type\": \"spring\""), "\(saved)")
        #expect(saved.contains("\"box\"") || saved.contains("\"box\":"), "\(saved)")

        try key("b")  // play, recording
        try key("F9")
        usleep(1_500_000)
        try key("F12")
        try key("F9")
        try key("b")  // build again: the state now
        try key("ctrl+z")  // and back to the document as it was
        try key("Escape")
        if app.isRunning { try key("Escape") }
        w.awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(output)")
        #expect(!output.contains("refused"), "\(output)")
        #expect(output.contains("saved \(file)") && output.contains("PLAY") && output.contains("BUILD: the scene as it was at step"), "\(output)")

        // The recording made while playing embeds the document played, and verifies.
        let journals = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        try #require(journals.count == 1, "\(journals)")
        let verify = try cratebox("replay", directory + "/" + journals[0], "--verify")
        #expect(verify.status == 0 && verify.stdout.hasPrefix("verified "), "\(verify.stdout)\(verify.stderr)")

        // The pictures: the built scene (the crate where it was drawn, the ball), then the scene playing.
        let shots = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }.sorted()
        try #require(shots.count == 2, "\(shots)")
        let built = try w.wood(in: directory + "/" + shots[0], env: display.env, around: (507, 531))
        #expect(built.near > 1500, "the crate is drawn where it was dragged: \(built)")
        #expect(try red(in: directory + "/" + shots[0]) > 500, "the ball is drawn")
        let played = try w.wood(in: directory + "/" + shots[1], env: display.env)
        #expect(played.count > 1500, "the crate is drawn while playing: \(played)")
        #expect(try red(in: directory + "/" + shots[1]) > 500, "the ball is drawn while playing")
    }
}

/// Issue 22's build-mode papercuts, in the real window: the pivot tool snaps
/// to an axle clicked a few pixels off, Ctrl+V pastes at the pointer, Ctrl+D
/// puts the copy clear of the original.
@Suite struct BuildPapercutWindowTests: WindowTesting {
    @Test func axlesSnapPastesGoToThePointerDuplicatesDoNotOverlap() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("papercuts")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/car.json"
        let (app, out) = try launchProgram(crateboxBinary, ["run", "--build", file, "--no-splash", "--size", "1280x720"], environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build car", of: app, env: display.env)
        try person.focus()
        try person.key("2")
        try person.drag(560, 420, 720, 380)  // a chassis
        try person.key("3")
        try person.click(580, 420)  // a wheel (a click: radius 16) on the chassis's corner
        try person.key("6")
        try person.click(583, 417)  // a pivot three pixels off the wheel's centre
        try person.key("1")
        try person.click(580, 428)  // select the wheel, copy it, paste it at the pointer
        try person.key("ctrl+c")
        try person.at(580, 420)
        try person.key("ctrl+v")
        try person.click(700, 390)  // select the chassis and duplicate it
        try person.key("ctrl+d")
        let (doc, text) = try saveQuitAndRead(app, out, person, file)
        guard let bodies = doc?["bodies"] as? [[String: Any]], let joints = doc?["joints"] as? [[String: Any]] else {
            Issue.record("not a scene: \(text)")
            return
        }
        try #require(bodies.count == 4 && joints.count == 1, "\(text)")
        let position = { (i: Int) in (bodies[i]["position"] as! [Double]) }
        let wheel = position(1), pasted = position(2)
        #expect(joints[0]["anchor"] as? [Double] == wheel, "the pivot snapped to the wheel's centre: \(joints[0])")
        #expect(pasted == wheel, "Ctrl+V pasted where the pointer was (the wheel was made there)")
        let chassis = position(0), copy = position(3)
        let width = ((bodies[0]["shapes"] as! [[String: Any]])[0]["box"] as! [Double])[0]
        #expect(copy[0] - chassis[0] >= width + 7.999 && copy[1] == chassis[1], "the duplicate is clear of the chassis: \(chassis) \(copy)")
    }
}

/// Build mode's coil (rotary spring) tool on a body whose shape sits off its origin, in the real
/// window: the default stiffness (about one swing a second) is sized on the moment about the
/// body's centre of gravity, where Chipmunk turns it (scene-format.md section 8), and the saved
/// scene validates.
@Suite struct BuildCoilWindowTests: WindowTesting {
    @Test func aCoilOnAnOffCentreBodyIsSizedOnItsCentreOfGravity() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("coil")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/cam.json"
        // A wheel of mass 2 whose circle (radius 120) sits 60 points right of its origin: its moment
        // is 14,400 about its centre of gravity and 21,600 about its origin.
        try #"""
            {"format": "cratebox/scene@1", "name": "cam", "bounds": [1280, 720], "gravity": [0, 0],
             "bodies": [{"id": "cam", "position": [580, 360], "shapes": [{"circle": 120, "offset": [60, 0]}], "mass": 2}]}
            """#.write(toFile: file, atomically: true, encoding: .utf8)
        let (app, out) = try launchProgram(crateboxBinary, ["run", "--build", file, "--no-splash", "--size", "1280x720"], environment: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: build cam", of: app, env: display.env)
        try person.focus()
        try person.key("0")  // the motor, the tenth tool; J steps on: groove, gear, ratchet, coil
        for _ in 0..<4 { try person.key("J") }
        try person.drag(515, 366, 100, 600)  // from the wheel (drawn at about 0.76 beside the inspector) to the background
        let (doc, text) = try saveQuitAndRead(app, out, person, file)
        guard let joints = doc?["joints"] as? [[String: Any]], joints.count == 1 else {
            Issue.record("no one joint saved: \(text)")
            return
        }
        #expect(joints[0]["type"] as? String == "rotarySpring", "\(joints[0])")
        // 4 pi^2 x 14,400 to three digits; about the origin it would be 853,000.
        #expect(joints[0]["stiffness"] as? Double == 568_000, "\(joints[0])")
    }
}

extension WindowTesting {
    /// Ctrl+S, then Escape until the window ends (status 0, nothing refused on the way); the saved
    /// scene must validate. Its JSON object (nil when it is none) and its text.
    func saveQuitAndRead(_ app: Process, _ out: Pipe, _ person: WindowDriver, _ file: String) throws -> (doc: [String: Any]?, text: String) {
        try person.key("ctrl+s")
        for _ in 0..<3 where app.isRunning { try person.key("Escape") }
        #expect(waitOrKill(app, seconds: 20))
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0 && !output.contains("refused"), "\(output)")
        let validated = try cratebox("validate", file)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }
}
