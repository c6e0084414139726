import Foundation
import Testing
import TestSupport
@testable import cratebox

/// The real window, on a virtual display (Xvfb), driven with xdotool the way a
/// person would: tilt with the arrow key, drag a crate, take screenshots, quit.
@Suite(.serialized) struct WindowTests: WindowTesting {
    @Test func tiltDragScreenshotAndQuit() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let env = display.env
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-window-\(getpid())")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shots) }

        let app = Process()
        app.executableURL = crateboxBinary
        let recording = shots.appendingPathComponent("session.jsonl").path
        app.arguments = ["run", "--save-to", shots.path, "--size", "1280x720", "--record", recording]
        app.environment = env
        let out = Pipe()
        app.standardOutput = out
        let errors = Pipe()
        app.standardError = errors
        try app.run()
        defer { if app.isRunning { app.terminate() } }

        let xdotool = "/usr/bin/xdotool"
        let window = try waitForWindow("cratebox: Crates", of: app, env: env)
        guard !window.isEmpty else {
            if app.isRunning { app.terminate() }
            app.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            Issue.record("no window appeared (exit \(app.terminationStatus)): \(text)")
            return
        }
        try WindowDriver(window: window, env: env).focus()
        usleep(2_500_000)  // the crates fall and settle
        try tool(xdotool, ["key", "F12"], env: env)
        usleep(500_000)
        let fromServer = shots.appendingPathComponent("server.png").path
        try tool("/usr/bin/import", ["-window", "root", fromServer], env: env)
        // Hold Left: the box tilts and gravity turns towards the left wall.
        try tool(xdotool, ["keydown", "Left"], env: env)
        usleep(1_000_000)
        try tool(xdotool, ["keyup", "Left"], env: env)
        usleep(2_500_000)
        try tool(xdotool, ["key", "F12"], env: env)
        usleep(500_000)
        // Drag the crate in the bottom-left corner (world (30, 30)) up to world (200, 250). The box
        // is drawn right of the HUD's panel: the camera fits it between the panel and the level.
        let from = (495, 632), to = (880, 134)
        try tool(xdotool, ["mousemove", "--window", window, "\(from.0)", "\(from.1)", "mousedown", "1"], env: env)
        for k in 1...10 {
            let x = from.0 + (to.0 - from.0) * k / 10, y = from.1 + (to.1 - from.1) * k / 10
            try tool(xdotool, ["mousemove", "--window", window, "\(x)", "\(y)"], env: env)
            usleep(50_000)
        }
        usleep(1_500_000)  // held there
        try tool(xdotool, ["key", "F12"], env: env)
        usleep(500_000)
        try tool(xdotool, ["mouseup", "1"], env: env)
        usleep(300_000)
        try tool(xdotool, ["key", "Escape"], env: env)

        // It must quit promptly on Escape; a hung window fails the test instead of hanging CI.
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0)
        let paths = output.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("screenshot saved to ") ? String(line.dropFirst("screenshot saved to ".count)) : nil
        }
        try #require(paths.count == 3, "screenshots: \(output)")
        let flat = try wood(in: paths[0], env: env)
        let tilted = try wood(in: paths[1], env: env)
        let dragged = try wood(in: paths[2], env: env, around: to)
        try expectFiveCrates(paths[0])
        // What the X server shows, not only what the renderer drew: a window that never presents fails here.
        try expectFiveCrates(fromServer)
        // Tilting left moved the crates left.
        #expect(tilted.meanX < flat.meanX - 20, "mean x: flat \(flat.meanX), tilted \(tilted.meanX)")
        // The dragged crate hangs under the pointer.
        #expect(dragged.near > 1000, "wood near the pointer: \(dragged.near)")
        // The session was recorded as it was played, and replays bit for bit.
        let verify = try cratebox("replay", recording, "--verify")
        #expect(verify.status == 0 && verify.stdout.hasPrefix("verified "), "\(verify.stdout)\(verify.stderr)")
        #expect(!verify.stdout.contains("truncated"))
        let journal = try String(contentsOfFile: recording, encoding: .utf8)
        for kind in ["tilt", "grab", "drag", "release"] { #expect(journal.contains("\"event\":\"\(kind)\""), "\(kind)") }
    }

    /// A window session whose disk fills up: the recording stops at its last
    /// complete line, a screenshot that does not fit is not left half-written,
    /// the HUD says so in the warning colour, and on quitting the program
    /// prints one line per lost file and exits 73.
    @Test func aFullDiskLosesNothingAndSaysSo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-window-full-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let disk = dir.appendingPathComponent("disk").path
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try mountSmallDisk(disk)
        defer { unmountSmallDisk(disk) }
        // tmpfs counts whole 4 KiB pages: a filler takes all but one, and the
        // scene is padded so that the journal's header leaves about 200 bytes
        // of that page: a few checkpoints fit, then the disk is full.
        try Data(count: 60 * 1024).write(to: URL(fileURLWithPath: disk + "/filler"))
        let crates = try String(contentsOfFile: packageRoot.appendingPathComponent("Scenes/crates.json").path, encoding: .utf8)
        let scenePath = dir.appendingPathComponent("crates.json").path
        let probe = dir.appendingPathComponent("probe.jsonl").path
        try crates.write(toFile: scenePath, atomically: true, encoding: .utf8)
        _ = try cratebox("simulate", scenePath, "--steps", "0", "--record", probe)
        let header = try String(contentsOfFile: probe, encoding: .utf8).split(separator: "\n")[0].utf8.count + 1
        try (crates + String(repeating: " ", count: 4096 - 200 - header)).write(toFile: scenePath, atomically: true, encoding: .utf8)

        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let app = Process()
        app.executableURL = crateboxBinary
        let recording = disk + "/session.jsonl"
        app.arguments = ["run", scenePath, "--save-to", disk, "--record", recording]
        app.environment = display.env
        let out = Pipe(), errors = Pipe()
        app.standardOutput = out
        app.standardError = errors
        try app.run()
        defer { if app.isRunning { app.terminate() } }
        let window = try waitForWindow("cratebox: Crates", of: app, env: display.env)
        try #require(!window.isEmpty, "no window appeared")
        try WindowDriver(window: window, env: display.env).focus()
        usleep(7_000_000)  // more than four checkpoints: the recording has run out of room
        try tool("/usr/bin/xdotool", ["key", "F12"], env: display.env)  // a screenshot that cannot fit
        usleep(700_000)
        let shot = dir.appendingPathComponent("hud.png").path
        try tool("/usr/bin/import", ["-display", display.env["DISPLAY"]!, "-window", "root", shot], env: display.env)
        try tool("/usr/bin/xdotool", ["key", "Escape"], env: display.env)
        awaitExit(app, seconds: 20)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 73, "exit \(app.terminationStatus): \(stderr)")
        let lines = stderr.split(separator: "\n").filter { $0.hasPrefix("cratebox: ") }
        #expect(lines.count == 2, "\(stderr)")
        #expect(lines.contains { $0.hasPrefix("cratebox: \(disk)/cratebox-crates-") && $0.contains(".png: cannot write: ") })
        #expect(lines.contains { $0.hasPrefix("cratebox: \(recording): cannot write: No space left on device (the recording stopped at step ") })
        // Only the filler and the valid, truncated journal are on the disk: nothing half-written.
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == ["filler", "session.jsonl"], "\(stdout)")
        let verify = try cratebox("replay", recording, "--verify")
        #expect(verify.status == 0 && verify.stdout.contains("(truncated") && !verify.stdout.contains("cut off"), "\(verify.stdout)")
        // The HUD's warning line, in the warning colour (255, 150, 90).
        let data = try rgbPixels(shot, crop: "700x300+0+0")
        var warning = 0
        for i in stride(from: 0, to: data.count - 2, by: 3) where data[i] > 200 && data[i + 1] > 110 && data[i + 1] < 190 && data[i + 2] > 50 && data[i + 2] < 130 { warning += 1 }
        #expect(warning > 100, "warning-coloured text in the HUD: \(warning) pixels")
    }

    /// Watching a replay, inputs that would change the world are refused (the
    /// HUD says so); the replay plays on and the window quits cleanly.
    @Test func watchingAReplayRefusesInputs() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let (app, out) = try launch(["replay", "Tests/Fixtures/replays/crates-every-event.jsonl"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let window = try waitForWindow("cratebox: Crates", of: app, env: display.env)
        try #require(!window.isEmpty, "no window appeared")
        try WindowDriver(window: window, env: display.env).focus()
        usleep(500_000)
        // A click on empty space would spawn, a right click delete, Left tilt: all refused.
        try tool("/usr/bin/xdotool", ["mousemove", "--window", window, "640", "200", "click", "1"], env: display.env)
        try tool("/usr/bin/xdotool", ["mousemove", "--window", window, "640", "650", "click", "3"], env: display.env)
        usleep(300_000)
        try tool("/usr/bin/xdotool", ["key", "Escape"], env: display.env)
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0)
        #expect(output.contains("watching a replay: inputs that would change the world are off"), "\(output)")
    }
}

/// The time machine as a user tries it: record, knock the tower over, hold
/// Backspace to go back, click to branch; both journals verify.
@Suite struct TimeMachineWindowTests: WindowTesting {
    @Test func recordScrubBackAndBranchWithAClick() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let directory = NSTemporaryDirectory() + "cratebox-timemachine-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/tower.jsonl"
        let (app, out) = try self.launch(["run", "Scenes/tower.json", "--record", journal], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let window = try self.waitForWindow("cratebox: Tower", of: app, env: display.env)
        try #require(!window.isEmpty, "no window appeared")
        let xdotool = { (args: [String]) throws in _ = try self.tool("/usr/bin/xdotool", args, env: display.env) }
        try WindowDriver(window: window, env: display.env).focus()
        try xdotool(["keydown", "Left"])
        usleep(1_200_000)
        try xdotool(["keyup", "Left"])
        usleep(1_500_000)
        try xdotool(["keydown", "BackSpace"])
        usleep(1_000_000)
        try xdotool(["keyup", "BackSpace"])
        usleep(300_000)
        try xdotool(["mousemove", "--window", window, "640", "150", "click", "1"])
        usleep(1_000_000)
        try xdotool(["key", "Escape"])
        self.awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(output)")
        #expect(output.contains("resumed from step"), "\(output)")
        let branch = directory + "/tower.branch-1.jsonl"
        #expect(FileManager.default.fileExists(atPath: branch), "\(output)")
        for path in [journal, branch] {
            let verify = try cratebox("replay", path, "--verify")
            #expect(verify.status == 0 && verify.stdout.hasPrefix("verified "), "\(path): \(verify.stdout)\(verify.stderr)")
        }
        // The click spawned a crate in the new branch only; the tilt is in both (before the branch point).
        let new = try String(contentsOfFile: journal, encoding: .utf8), old = try String(contentsOfFile: branch, encoding: .utf8)
        #expect(new.contains("\"event\":\"spawn\"") && !old.contains("\"event\":\"spawn\""))
        #expect(old.contains("\"event\":\"tilt\""))
    }
}

/// Overload: a pile far too heavy for 1/120 s steps. The simulation slows and
/// says so; the window does not slow with it. Before the physics thread, each
/// frame ran at least one step when behind, so there were never more frames
/// than steps; now drawing runs at the display's rate whatever physics costs.
@Suite struct OverloadTests {
    @Test func anOverloadedPileSlowsTheSimulationNotTheWindow() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let pile = NSTemporaryDirectory() + "cratebox-overload-\(getpid()).json"
        // Heavy to step (400 solver iterations) but light to draw (2,000 crates), so that a debug build's drawing keeps up.
        let text = Pile.text(crates: 2000).replacingOccurrences(of: "\"iterations\": 10", with: "\"iterations\": 400")
        try text.write(toFile: pile, atomically: true, encoding: .utf8)
        defer { unlink(pile) }
        let r = try cratebox(["bench", "window", pile, "--seconds", "5", "--runs", "1", "--json"], environment: display.env)
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }))
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let frames = try #require(figures["frames"] as? Int), steps = try #require(figures["steps"] as? Int)
        let dropped = try #require(figures["droppedSeconds"] as? Double)
        #expect(dropped > 0.5, "the simulation ran slower than real time: \(line)")
        // Before the physics thread there were never more frames than steps. (By how much more
        // depends on the machine's load: in a loaded run here drawing took 130 ms a frame, 29 frames to 24 steps.)
        #expect(steps > 0 && frames > steps, "the window drew on while physics fell behind: \(line)")
        #expect(r.stdout.contains("physics is behind"), "the HUD said so: \(r.stdout)")
        // Plain C's window ran beside it on the same pile: a stepping thread and a drawing loop.
        let c = try #require(figures["cMsPerStep"] as? Double, "plain C's window was measured: \(line)")
        #expect(c > 0 && figures["ratio"] is Double, "\(line)")
    }
}
