import Foundation

/// An Xvfb display for one test: it picks a free display number itself and
/// tells us which (-displayfd); it is killed and cleared up by `stop()`.
public final class VirtualDisplay {
    let xvfb = Process()
    let announced = Flag()
    /// The display's number ("" when Xvfb did not start).
    public private(set) var number = ""
    /// The environment for programs on this display (`DISPLAY`, and no scene reveal).
    public var env = ProcessInfo.processInfo.environment

    public init() throws {
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -noreset: by default the server resets when its last client leaves,
        // and a window opened during the reset finds no display (exit 69): a
        // test that closes the app and opens it again met that now and then.
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-noreset"]
        let announce = Pipe()
        xvfb.standardOutput = announce
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        // Never wait for a display that does not come: after 10 s the
        // server is killed, which ends the read below.
        let server = xvfb.processIdentifier, flag = announced
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 10)
            if !flag.isSet { kill(server, SIGKILL) }
        }
        defer { announced.set() }
        var text = ""
        while !text.hasSuffix("\n") {
            let byte = announce.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            text += String(decoding: byte, as: UTF8.self)
        }
        number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        env["DISPLAY"] = ":" + number
        // The scene's reveal would hide the first second and eat the first key; its own test turns it on.
        env["CRATEBOX_NO_SPLASH"] = "1"
    }

    /// A display that started, or an error saying Xvfb did not start; `stop()` it when done.
    public static func started() throws -> VirtualDisplay {
        let display = try VirtualDisplay()
        guard !display.number.isEmpty else {
            display.stop()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start"])
        }
        return display
    }

    public func stop() {
        // SIGTERM does not reach an X server started from here (the signal
        // is blocked in the child), so kill it and clear up after it.
        kill(xvfb.processIdentifier, SIGKILL)
        xvfb.waitUntilExit()
        // Only our server's files: once it is dead, another test's Xvfb may
        // already have taken the number over (its lock names its own pid).
        let lock = "/tmp/.X\(number)-lock"
        let owner = (try? String(contentsOfFile: lock, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if !number.isEmpty && owner == String(xvfb.processIdentifier) {
            unlink(lock)
            unlink("/tmp/.X11-unix/X\(number)")
        }
    }
}

/// A flag one thread sets and another reads.
public final class Flag: @unchecked Sendable {  // its one Bool is guarded by the lock
    private let lock = NSLock()
    private var value = false
    public init() {}
    public var isSet: Bool { lock.withLock { value } }
    public func set() { lock.withLock { value = true } }
}

/// A person at the app's window, through xdotool: the keys they press, where
/// they move the mouse, what they click and drag.
public struct WindowDriver {
    public let window: String
    public let env: [String: String]

    /// Waits (at most 60 s: a sanitized build on a busy machine starts slowly) for a
    /// window of `app` whose title contains `title`; nil if none came.
    public init?(title: String, of app: Process, env: [String: String]) {
        var window = ""
        for _ in 0..<600 where window.isEmpty && app.isRunning {
            // xdotool search exits 1 while there is no such window yet.
            // Only a mapped window: one SDL has named but not yet shown cannot take the focus.
            window = (try? runProgram("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", title], environment: env))
                .flatMap { $0.status == 0 ? $0.stdout.split(separator: "\n").first.map(String.init) : nil } ?? ""
            if window.isEmpty { usleep(100_000) }
        }
        guard !window.isEmpty else { return nil }
        self.window = window
        self.env = env
    }

    /// Runs xdotool; a failure (no such window) throws.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        let r = try runProgram("/usr/bin/xdotool", arguments, environment: env)
        guard r.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "xdotool \(arguments.joined(separator: " ")) exited \(r.status)"]) }
        return r.stdout
    }

    /// A driver for a window already found.
    public init(window: String, env: [String: String]) {
        self.window = window
        self.env = env
    }

    /// Gives the window the keyboard's focus. X refuses the focus to a window that is
    /// mapped but not yet viewable (xdotool exits 1), so it is asked again for up to 5 s.
    public func focus() throws {
        for _ in 0..<50 {
            if (try? xdotool(["windowfocus", "--sync", window])) != nil { return }
            usleep(100_000)
        }
        try xdotool(["windowfocus", "--sync", window])
    }
    /// Moves the mouse to a window point.
    public func at(_ x: Int, _ y: Int) throws { try xdotool(["mousemove", "--window", window, "\(x)", "\(y)"]) }
    /// Presses a key (xdotool's names: "b", "ctrl+s", "Escape"), then gives the app a moment.
    public func key(_ name: String, pause: useconds_t = 250_000) throws {
        try xdotool(["key", name])
        usleep(pause)
    }
    /// Clicks a button at a window point.
    public func click(_ x: Int, _ y: Int, button: Int = 1, pause: useconds_t = 250_000) throws {
        try at(x, y)
        try xdotool(["click", "\(button)"])
        usleep(pause)
    }
    /// Drags with the left button from one window point to another, through the middle.
    public func drag(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) throws {
        try at(x0, y0)
        try xdotool(["mousedown", "1"])
        usleep(150_000)
        try at((x0 + x1) / 2, (y0 + y1) / 2)
        usleep(100_000)
        try at(x1, y1)
        usleep(150_000)
        try xdotool(["mouseup", "1"])
        usleep(250_000)
    }
}
