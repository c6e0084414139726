import Foundation
import Testing

/// The real window, on a virtual display (Xvfb), driven with xdotool the way a
/// person would: tilt with the arrow key, drag a crate, take screenshots, quit.
@Suite(.serialized) struct WindowTests {
    /// Runs a tool to completion; returns its stdout.
    @discardableResult
    func tool(_ path: String, _ args: [String], env: [String: String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits for a process to end; kills it if it takes longer than `seconds`.
    func waitOrKill(_ process: Process, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("\(process.executableURL?.lastPathComponent ?? "") did not exit within \(seconds) s")
        }
        process.waitUntilExit()
    }

    /// Mean x of the wood-coloured pixels of a PNG, and how many there are in a square.
    func wood(in png: String, env: [String: String], around: (Int, Int)? = nil) throws -> (meanX: Double, count: Int, near: Int) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = [png, "-depth", "8", "rgb:-"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        p.waitUntilExit()
        let width = 1280
        var sum = 0.0, count = 0, near = 0
        for i in stride(from: 0, to: data.count - 2, by: 3) {
            let r = Int(data[i]), g = Int(data[i + 1]), b = Int(data[i + 2])
            guard r > 90 && r > g + 15 && g > b + 15 && b < 120 else { continue }
            let x = (i / 3) % width, y = (i / 3) / width
            sum += Double(x)
            count += 1
            if let (cx, cy) = around, abs(x - cx) < 45, abs(y - cy) < 45 { near += 1 }
        }
        return (count > 0 ? sum / Double(count) : 0, count, near)
    }

    @Test func tiltDragScreenshotAndQuit() throws {
        // Xvfb picks a free display itself and tells us which (-displayfd).
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp"]
        let announce = Pipe()
        xvfb.standardOutput = announce
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        var displayNumber = ""
        defer {
            // SIGTERM does not reach an X server started from here (the signal
            // is blocked in the child), so kill it and clear up after it.
            kill(xvfb.processIdentifier, SIGKILL)
            xvfb.waitUntilExit()
            if !displayNumber.isEmpty {
                unlink("/tmp/.X\(displayNumber)-lock")
                unlink("/tmp/.X11-unix/X\(displayNumber)")
            }
        }
        var number = ""
        while !number.hasSuffix("\n") {
            let byte = announce.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        displayNumber = number.trimmingCharacters(in: .whitespacesAndNewlines)
        let display = ":" + displayNumber
        try #require(display.count > 1, "Xvfb did not start")

        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-window-\(getpid())")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shots) }

        let app = Process()
        app.executableURL = binary
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
        // Wait for the window (at most 20 s).
        var window = ""
        for _ in 0..<200 where window.isEmpty && app.isRunning {
            window = try tool(xdotool, ["search", "--name", "cratebox: Crates"], env: env)
                .split(separator: "\n").first.map(String.init) ?? ""
            if window.isEmpty { usleep(100_000) }
        }
        guard !window.isEmpty else {
            if app.isRunning { app.terminate() }
            app.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            Issue.record("no window appeared (exit \(app.terminationStatus)): \(text)")
            return
        }
        try tool(xdotool, ["windowfocus", "--sync", window], env: env)
        usleep(2_500_000)  // the crates fall and settle
        try tool(xdotool, ["key", "F12"], env: env)
        usleep(500_000)
        // Hold Left: the box tilts and gravity turns towards the left wall.
        try tool(xdotool, ["keydown", "Left"], env: env)
        usleep(1_000_000)
        try tool(xdotool, ["keyup", "Left"], env: env)
        usleep(2_500_000)
        try tool(xdotool, ["key", "F12"], env: env)
        usleep(500_000)
        // Drag the crate in the bottom-left corner (world (30, 30)) up to world (200, 250).
        let from = (368, 632), to = (753, 134)
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
        waitOrKill(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationReason == .exit && app.terminationStatus == 0)
        let paths = output.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("screenshot saved to ") ? String(line.dropFirst("screenshot saved to ".count)) : nil
        }
        try #require(paths.count == 3, "screenshots: \(output)")
        let flat = try wood(in: paths[0], env: env)
        let tilted = try wood(in: paths[1], env: env)
        let dragged = try wood(in: paths[2], env: env, around: to)
        #expect(flat.count > 20_000)  // five crates on screen
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
}
