import Foundation
import Testing
import TestSupport
@testable import cratebox

/// What the window tests do to the real window on a virtual display: run
/// tools (xdotool), take and read screenshots, wait for windows and
/// processes. Every window suite is `WindowTesting`, so none borrows another's.
protocol WindowTesting {}

/// A tool that exited with a failure (xdotool that found no window, say).
struct ToolFailed: Error, CustomStringConvertible { var description: String }

extension WindowTesting {
    /// Reddish pixels (a red ball or crate) in a screenshot's RGB bytes.
    func reddish(in data: [UInt8]) -> Int {
        var n = 0
        for i in stride(from: 0, to: data.count - 2, by: 3) where data[i] > 180 && data[i + 1] < 110 && data[i + 2] < 100 { n += 1 }
        return n
    }

    /// Runs a tool to completion; returns its stdout. A tool that fails
    /// (xdotool that found no window, say) fails the test.
    @discardableResult
    func tool(_ path: String, _ args: [String], env: [String: String]) throws -> String {
        let r = try runProgram(path, args, environment: env)
        guard r.status == 0 && !r.exitedBySignal else { throw ToolFailed(description: "\(path) \(args.joined(separator: " ")) exited \(r.status)") }
        return r.stdout
    }

    /// Screenshots the display into `png` every half second until `shows` holds for its
    /// pixels or 15 s have passed (a busy machine's window may be slow); says whether it held.
    func screenshot(_ png: String, until shows: ([UInt8]) -> Bool, env: [String: String]) throws -> Bool {
        // At least 30 s: the main suite runs window tests side by side, and a loaded one starts slowly.
        for _ in 0..<60 {
            usleep(500_000)
            _ = try tool("/usr/bin/import", ["-window", "root", png], env: env)
            if shows(try rgbPixels(png)) { return true }
        }
        return false
    }

    /// Waits for a process to end; kills it (and fails the test) if it takes longer than `seconds`.
    func awaitExit(_ process: Process, seconds: Double) {
        if !TestSupport.waitOrKill(process, seconds: seconds) {
            Issue.record("\(process.executableURL?.lastPathComponent ?? "") did not exit within \(seconds) s")
        }
    }

    /// Mean x of the wood-coloured pixels of a PNG, and how many there are in a square.
    func wood(in png: String, env: [String: String], around: (Int, Int)? = nil) throws -> (meanX: Double, count: Int, near: Int) {
        let data = try rgbPixels(png)
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

    /// Wood-coloured regions of a 1280-wide PNG big enough to be a crate (4-connected, over 1,000 pixels): (pixels, width, height) each.
    func crates(in png: String) throws -> [(pixels: Int, width: Int, height: Int)] {
        let data = try rgbPixels(png)
        let width = 1280, height = data.count / 3 / width
        var wood = [Bool](repeating: false, count: width * height)
        for i in 0..<(width * height) {
            let r = Int(data[3 * i]), g = Int(data[3 * i + 1]), b = Int(data[3 * i + 2])
            wood[i] = r > 90 && r > g + 15 && g > b + 15 && b < 120
        }
        var seen = [Bool](repeating: false, count: width * height)
        var found: [(Int, Int, Int)] = []
        for start in 0..<(width * height) where wood[start] && !seen[start] {
            var stack = [start], count = 0
            var minX = width, maxX = 0, minY = height, maxY = 0
            seen[start] = true
            while let i = stack.popLast() {
                count += 1
                let x = i % width, y = i / width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < width && ny >= 0 && ny < height {
                    let j = ny * width + nx
                    if wood[j] && !seen[j] { seen[j] = true; stack.append(j) }
                }
            }
            if count > 1000 { found.append((count, maxX - minX + 1, maxY - minY + 1)) }
        }
        return found
    }

    /// The seed's five crates: three of 32 x 32 points and two of 64 x 64, drawn at
    /// about 2 pixels a point here (the box fitted below the HUD's band): 64 and
    /// 128 pixels a side, about 4,100 and 16,400 pixels of wood (by area, so a
    /// crate still turning counts too); the big ones four times the small.
    func expectFiveCrates(_ png: String) throws {
        let found = try crates(in: png)
        #expect(found.count == 5, "\(png): \(found.count) crates: \(found)")
        let sizes = found.map(\.pixels).sorted()
        guard sizes.count == 5 else { return }
        let small = Double(sizes[0...2].reduce(0, +)) / 3, big = Double(sizes[3...4].reduce(0, +)) / 2
        #expect(small > 3_000 && small < 5_300 && sizes[2] - sizes[0] < 500, "\(png): sizes \(found)")
        #expect(abs(big / small - 4) < 0.3, "\(png): sizes \(found)")
    }

    /// The id of `app`'s window whose title contains `title` (waiting at most 60 s); "" if none came.
    func waitForWindow(_ title: String, of app: Process, env: [String: String]) throws -> String {
        WindowDriver(title: title, of: app, env: env)?.window ?? ""
    }

    /// A driver for `app`'s window titled `title` (waiting at most 60 s). When none
    /// came, the failure says whether the app had exited and with what status, so a
    /// sanitizer's stop (exit 66) is told apart from a slow start.
    func driver(_ title: String, of app: Process, env: [String: String]) throws -> WindowDriver {
        if let driver = WindowDriver(title: title, of: app, env: env) { return driver }
        if app.isRunning { throw ToolFailed(description: "no window titled \"\(title)\" within 60 s") }
        app.waitUntilExit()
        throw ToolFailed(description: "no window titled \"\(title)\": the app exited first with status \(app.terminationStatus)")
    }

    /// Starts the app with `arguments` on a display; its standard output is piped, its errors dropped.
    func launch(_ arguments: [String], env: [String: String]) throws -> (Process, Pipe) {
        try launchProgram(crateboxBinary, arguments, environment: env)
    }
}
