import Foundation
import Testing
import TestSupport

/// A scene author's loop in the real window: `--watch` reloads the scene when
/// another program rewrites it, shows the validator's errors (and keeps the
/// last good world) while it does not validate, PageDown opens the next scene
/// in the folder, F3 shows the graphs. And `simulate --stats`.
@Suite struct AuthorLoopTests: WindowTesting {
    @Test func theWindowWatchesTheSceneAndGoesThroughItsFolder() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = NSTemporaryDirectory() + "cratebox-watch-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scene = directory + "/a.json"
        let original = try String(contentsOf: packageRoot.appendingPathComponent("Scenes/pyramid.json"), encoding: .utf8)
        try original.write(toFile: scene, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Scenes/crates.json").path, toPath: directory + "/b.json")
        let w = self
        let (app, out) = try w.launch(["run", scene, "--watch", "--save-to", directory], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let window = try w.waitForWindow("cratebox: Pyramid", of: app, env: display.env)
        try #require(!window.isEmpty, "no window appeared")
        let xdotool = { (args: [String]) throws in _ = try w.tool("/usr/bin/xdotool", args, env: display.env) }
        try WindowDriver(window: window, env: display.env).focus()
        usleep(500_000)
        // Another program saves a broken scene (written whole, then renamed over the old one, as editors do).
        try original.replacingOccurrences(of: "\"bounds\": [600, 400]", with: "\"bounds\": [600, -400]")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        // The screen as the user sees it (F12 leaves the HUD out), taken again until the
        // errors' box shows (a busy machine may take a while to notice the change).
        let errorsShown = try w.screenshot(directory + "/errors.png", until: { redPixels($0) > 5000 }, env: display.env)
        // Fixed, and a little wider: reloaded.
        try original.replacingOccurrences(of: "\"bounds\": [600, 400]", with: "\"bounds\": [640, 400]")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        _ = try w.screenshot(directory + "/fixed.png", until: { redPixels($0) < 100 }, env: display.env)
        try xdotool(["key", "F3"])
        let graphsShown = try w.screenshot(directory + "/graphs.png", until: { amberPixels($0) > 100 }, env: display.env)
        try xdotool(["key", "Next"])  // PageDown: b.json
        usleep(800_000)
        try xdotool(["key", "Escape"])
        w.awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(output)")
        #expect(output.contains("\(scene): bounds: height must be greater than 0, got -400"), "\(output)")
        #expect(output.components(separatedBy: "reloaded \(scene)").count - 1 == 1, "reloaded once, when fixed: \(output)")
        #expect(output.contains("opened \(directory)/b.json"), "\(output)")

        #expect(errorsShown, "the errors' dark red box along the top never showed")
        #expect(graphsShown, "the graphs' amber energy line never showed")
    }

    /// `--watch` on a scripted scene: a change to the script reloads it, and
    /// the time machine keeps the run before: Backspace scrubs back into it,
    /// and resuming there starts the new run from its beginning.
    @Test func aScriptChangeReloadsAndKeepsTheRunBeforeInTheTimeMachine() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("watch-script")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["hoop.json", "hoop.lua"] {
            try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Scenes/\(name)").path, toPath: directory + "/" + name)
        }
        let (app, out) = try launch(["run", directory + "/hoop.json", "--watch", "--no-splash"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Hoop", of: app, env: display.env)
        try person.focus()
        usleep(2_000_000)
        let script = try String(contentsOfFile: directory + "/hoop.lua", encoding: .utf8)
        try script.replacingOccurrences(of: "Through the hoop: ", with: "Baskets: ").write(toFile: directory + "/hoop.lua", atomically: true, encoding: .utf8)
        usleep(2_000_000)
        try person.xdotool(["keydown", "BackSpace"])
        usleep(3_000_000)
        try person.xdotool(["keyup", "BackSpace"])
        try person.key("space", pause: 1_500_000)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")
        #expect(output.contains("reloaded \(directory)/hoop.json"), "\(output)")
        #expect(output.contains("the run before the reload cannot go on: this one resumes from its start"), "scrubbed back into the old run: \(output)")
    }

    /// A script's error stops the world and shows in the errors' red box, with
    /// its file and line, and the window pauses there.
    @Test func aScriptErrorShowsInTheErrorsBoxAndPauses() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = try temporaryFolder("script-error")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Scenes/hoop.json").path, toPath: directory + "/hoop.json")
        try "state = {n = 0}\nfunction step(world)\n  state.n = state.n + 1\n  if state.n == 60 then error('the hoop fell off') end\nend\n"
            .write(toFile: directory + "/hoop.lua", atomically: true, encoding: .utf8)
        let (app, out) = try launch(["run", directory + "/hoop.json", "--no-splash"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: Hoop", of: app, env: display.env)
        let shown = try screenshot(directory + "/stopped.png", until: { redPixels($0) > 5000 }, env: display.env)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(shown, "the red box never showed")
        #expect(try redOverTheBand(rgbPixels(directory + "/stopped.png")) == 0, "the red box covers the HUD's first line")
        #expect(output.contains("physics stopped: hoop.lua:4: the hoop fell off (step 59)"), "\(output)")
    }


    /// The errors' red box, below the HUD's band (issue 46: it covered the band's first line).
    func redPixels(_ screen: [UInt8]) -> Int {
        count(screen, x: 0..<1280, y: 40..<260) { $0 > 100 && $0 < 140 && $1 < 40 && $2 < 40 }
    }

    /// Red in the band's first line (none: the box is below the band).
    func redOverTheBand(_ screen: [UInt8]) -> Int {
        count(screen, x: 0..<1280, y: 0..<22) { $0 > 100 && $0 < 140 && $1 < 40 && $2 < 40 }
    }

    /// The graphs' amber energy line in the bottom-right corner.
    func amberPixels(_ screen: [UInt8]) -> Int {
        count(screen, x: 960..<1280, y: 460..<720) { $0 > 200 && $1 > 150 && $2 < 120 }
    }

    func count(_ screen: [UInt8], x: Range<Int>, y: Range<Int>, _ matches: (UInt8, UInt8, UInt8) -> Bool) -> Int {
        var n = 0
        for row in y { for column in x {
            let i = (row * 1280 + column) * 3
            if i + 2 < screen.count && matches(screen[i], screen[i + 1], screen[i + 2]) { n += 1 }
        } }
        return n
    }

    @Test func simulateStatsWritesARowPerStep() throws {
        let csv = NSTemporaryDirectory() + "cratebox-stats-\(getpid()).csv"
        defer { unlink(csv) }
        let r = try cratebox("simulate", "Scenes/pyramid.json", "--seconds", "10", "--stats", csv)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        #expect(rows.first == ["step", "physics_ms", "kinetic_energy", "awake", "sleeping", "contacts"])
        #expect(rows.count == 1201)
        #expect(rows.dropFirst().enumerated().allSatisfy { Int($1[0]) == $0 + 1 }, "a row per step, in order")
        #expect(rows.dropFirst().allSatisfy { Int($0[3])! + Int($0[4])! == 55 }, "the 55 crates are awake or asleep")
        // The pyramid settles: at the start all awake and moving, at the end all asleep, resting on each other.
        #expect(rows[1][3] == "55" && Double(rows[1][2])! > 0)
        #expect(rows.last![4] == "55" && Int(rows.last![5])! > 100, "\(rows.last!)")
    }
}
