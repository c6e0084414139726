import Foundation
import Testing
import TestSupport

/// The scene's reveal in the real window: a screenshot sequence shows the
/// crate-shaped hole small at first, then the whole scene; a key skips it.
@Suite struct SplashWindowTests: WindowTesting {
    /// The share of a frame (RGB bytes) that is not the plain background colour (28, 32, 40).
    func revealed(_ data: ArraySlice<UInt8>) -> Double {
        var other = 0
        for i in stride(from: data.startIndex, to: data.endIndex - 2, by: 3)
        where !(data[i] == 28 && data[i + 1] == 32 && data[i + 2] == 40) { other += 1 }
        return Double(other) / Double(data.count / 3)
    }

    func run(_ arguments: [String], keyAfterWindow: Bool) throws -> [Double] {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        var env = display.env
        env.removeValue(forKey: "CRATEBOX_NO_SPLASH")
        let directory = NSTemporaryDirectory() + "cratebox-splash-\(getpid())-\(arguments.count)-\(keyAfterWindow)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let w = self
        // The screen at 30 frames a second from before the window opens (ffmpeg's x11grab),
        // as raw RGB frames scaled down by 4 (nearest pixel, so colours stay exact).
        let grab = Process()
        grab.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        grab.arguments = ["-loglevel", "error", "-f", "x11grab", "-video_size", "1280x720", "-framerate", "30",
                          "-i", env["DISPLAY"]!, "-t", "3",
                          "-vf", "scale=320:180:flags=neighbor", "-f", "rawvideo", "-pix_fmt", "rgb24", "\(directory)/frames.rgb"]
        grab.environment = env
        grab.standardInput = FileHandle.nullDevice
        try grab.run()
        usleep(300_000)
        let (app, out) = try w.launch(["run", "Scenes/pyramid.json"] + arguments, env: env)
        defer { if app.isRunning { app.terminate() } }
        let window = try w.waitForWindow("cratebox: Pyramid", of: app, env: env)
        try #require(!window.isEmpty, "no window appeared")
        if keyAfterWindow {
            try WindowDriver(window: window, env: env).focus()
            _ = try w.tool("/usr/bin/xdotool", ["key", "x"], env: env)
        }
        w.awaitExit(grab, seconds: 20)
        try #require(app.isRunning, "the app quit early: \(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        try WindowDriver(window: window, env: env).focus()
        _ = try w.tool("/usr/bin/xdotool", ["key", "Escape"], env: env)
        w.awaitExit(app, seconds: 20)
        #expect(app.terminationStatus == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/frames.rgb")))
        let size = 320 * 180 * 3
        let shares = stride(from: 0, to: bytes.count - size + 1, by: size).map { revealed(bytes[$0..<($0 + size)]) }
        // From the first frame the window has drawn in (before it, the screen is black: all "not background").
        return Array(shares.drop { $0 > 0.95 })
    }

    @Test func theSceneIsRevealedThroughAGrowingCrateShapedHoleAndAKeyOrNoSplashSkipsIt() throws {
        let shares = try run([], keyAfterWindow: false)
        // Early on, a small hole: some of the scene (the top crates of the pyramid), most of the window covered.
        #expect(shares.contains { $0 > 0.001 && $0 < 0.05 }, "\(shares)")
        // At the end, the whole scene: the box, the pyramid, the HUD.
        #expect(shares.last! > 0.3, "\(shares)")
        // Once open it stays open (no flicker back).
        let open = shares.firstIndex { $0 > 0.3 } ?? shares.count
        #expect(open < shares.count && shares[open...].allSatisfy { $0 > 0.3 }, "\(shares)")
        // About a second at 30 frames a second before the scene is mostly shown.
        #expect(open >= 8, "\(shares)")

        // A key ends it at once: far fewer covered frames (the key goes out when the window is found).
        let skipped = try run([], keyAfterWindow: true)
        let skippedOpen = skipped.firstIndex { $0 > 0.3 } ?? skipped.count
        #expect(skippedOpen < open && skipped[skippedOpen...].allSatisfy { $0 > 0.3 }, "\(skipped)")
        // --no-splash: the whole scene from the first frame drawn.
        let none = try run(["--no-splash"], keyAfterWindow: false)
        #expect(!none.isEmpty && none.dropFirst().allSatisfy { $0 > 0.3 }, "\(none)")
    }
}
