import Foundation
import Testing
import TestSupport

extension WindowTesting {
    /// A recorded session in the real window: runs `scene` at 1280 x 720 with
    /// `--record`, lets `play` drive it (with the display's environment and a
    /// folder for its screenshots), checks that Escape closes it cleanly and
    /// that the recording verifies, and gives `afterward` the journal and its
    /// last step. The folder goes once `afterward` returns.
    func recorded<T>(_ scene: String, title: String, play: (WindowDriver, _ env: [String: String], _ folder: String) throws -> Void,
                     afterward: (_ journal: String, _ steps: Int) throws -> T) throws -> T {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        // One folder per scene: suites run side by side, and a shared one would mix their recordings.
        let folder = try temporaryFolder("recorded-" + scene.replacingOccurrences(of: "/", with: "-"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = folder + "/session.jsonl"
        let (app, out) = try launch(["run", scene, "--no-splash", "--record", journal, "--size", "1280x720"], env: display.env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver(title, of: app, env: display.env)
        try person.focus()
        usleep(1_500_000)
        try play(person, display.env, folder)
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(output)")
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified"), "\(verified.stdout)\(verified.stderr)")
        let steps = try #require(Int(verified.stdout.split(separator: " ").dropFirst().first ?? ""), "\(verified.stdout)")
        return try afterward(journal, steps)
    }

    /// What `simulate --json` says of `scene` played with `journal`'s events to `steps`.
    func simulated(_ scene: String, journal: String?, steps: Int) throws -> [String: Any] {
        let r = try cratebox(["simulate", scene, "--steps", "\(steps)", "--json"] + (journal.map { ["--events", $0] } ?? []))
        return try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any], "\(r.stderr)")
    }
}
