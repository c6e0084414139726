import Foundation
import Testing
import TestSupport
@testable import cratebox

/// Issue 46: a seeded person presses anything in the real window, on every
/// shipped scene, playing, building, in the past, and watching replays. After
/// each burst the window must still draw frames (its heartbeat goes on); at
/// the end Escape must quit it within seconds with status 0 (nothing crashed,
/// nothing asserted), or, in one session of two, a `kill -9` leaves unsaved
/// build edits that `validate` accepts. Copies of the scenes are used, so the
/// random Ctrl+S of build mode saves into a temporary folder.
///
/// The short run (`scripts/test`, about two minutes): one burst of ten actions
/// on each scene, in one mode (play, build, the past: each in turn), and three
/// replays watched and built from.
/// `scripts/soak` runs it long: `CRATEBOX_EXERCISE_BURSTS` bursts per mode
/// (`CRATEBOX_EXERCISE_SEED` picks the seed; a failure prints the one it used).
@Suite(.serialized) struct UIExerciserTests: WindowTesting {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }
    static let seed = UInt64(environment["CRATEBOX_EXERCISE_SEED"] ?? "") ?? 46
    static let bursts = max(1, Int(environment["CRATEBOX_EXERCISE_BURSTS"] ?? "") ?? 1)
    /// Actions in a burst.
    static let actions = 10

    /// The shipped scenes, copied (with their scripts) into `folder`; their paths there.
    func copiedScenes(into folder: String) throws -> [String] {
        var copies: [String] = []
        for sub in ["", "chipmunk"] {
            let from = packageRoot.path + "/Scenes" + (sub.isEmpty ? "" : "/" + sub), to = folder + (sub.isEmpty ? "" : "/" + sub)
            try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: from).sorted() where name.hasSuffix(".json") || name.hasSuffix(".lua") {
                try FileManager.default.copyItem(atPath: from + "/" + name, toPath: to + "/" + name)
                if name.hasSuffix(".json") { copies.append(to + "/" + name) }
            }
        }
        return copies
    }

    /// One session: the window opened with `arguments`, bursts in each mode, then Escape
    /// (or `kill -9` when `kill`); records what went wrong with the seed and the actions.
    func session(_ arguments: [String], seed: UInt64, modes: [Mode], kill killing: Bool, folder: String, display: VirtualDisplay) throws {
        let heartbeat = HeartbeatFile(path: folder + "/heartbeat-\(seed)")
        var env = display.env
        env["CRATEBOX_HEARTBEAT"] = heartbeat.path
        env["SDL_AUDIODRIVER"] = "dummy"
        let app = Process()
        app.executableURL = crateboxBinary
        app.arguments = arguments + ["--no-splash", "--save-to", folder, "--size", "1280x720"]
        app.currentDirectoryURL = URL(fileURLWithPath: folder)
        app.environment = env
        // To files, never a pipe nobody reads: a full pipe would stop the window as a freeze does.
        let outPath = folder + "/out-\(seed).txt", errPath = folder + "/err-\(seed).txt"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        app.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        app.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        let person = try driver("cratebox", of: app, env: display.env)
        try person.focus()
        var exerciser = UIExerciser(seed: seed, person: person)
        let what = "seed \(seed), \(arguments.joined(separator: " "))"
        func said() -> String {
            let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            return "\(what): after \(exerciser.log.suffix(12).joined(separator: "; ")); stderr: \(err.suffix(600))"
        }
        for mode in modes {
            switch mode {
            case .build: try person.key("b", pause: 400_000)
            case .past: try person.xdotool(["keydown", "BackSpace"]); usleep(700_000); try person.xdotool(["keyup", "BackSpace"])
            case .play, .watch: break
            }
            for _ in 0..<UIExerciserTests.bursts {
                try exerciser.burst(UIExerciserTests.actions, building: mode == .build)
                guard app.isRunning else {
                    Issue.record("the window ended (status \(app.terminationStatus)) \(said())")
                    return
                }
                #expect(heartbeat.advances(within: 5), "the window stopped drawing: \(said())")
            }
        }
        if killing {
            usleep(1_600_000)  // the recovery file follows the edits a second behind
            kill(app.processIdentifier, SIGKILL)
            app.waitUntilExit()
        } else {
            // Escape quits; in build mode it first cancels what is in progress, then the selection.
            let deadline = Date().addingTimeInterval(8)
            while app.isRunning && Date() < deadline {
                try? person.key("Escape", pause: 300_000)
            }
            #expect(!app.isRunning, "Escape did not quit within 8 s: \(said())")
            if !app.isRunning {
                #expect(app.terminationReason == .exit && app.terminationStatus == 0, "status \(app.terminationStatus): \(said())")
            }
        }
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // Chipmunk's guard says "the physics failed inside Chipmunk" (exit 70); Swift's traps say "Fatal error".
        #expect(!err.contains("failed inside Chipmunk") && !err.contains("Fatal error") && !err.contains("assert"), "\(said())")
        // Unsaved build edits, kept on quitting or followed before the kill, can be recovered.
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder) where file.contains(".unsaved") && file.hasSuffix(".json") {
            let validate = try cratebox("validate", folder + "/" + file)
            #expect(validate.status == 0, "\(file) does not validate: \(validate.stdout)\(validate.stderr) \(said())")
            try FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }

    enum Mode { case play, build, past, watch }

    @Test func everyShippedSceneAnswersWhateverIsPressed() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let folder = try temporaryFolder("exercise")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenes = try copiedScenes(into: folder)
        try #require(scenes.count >= 30, "\(scenes)")
        // The short run gives each scene one mode, in turn (every mode on a third of the scenes); the soak all three.
        let rotation: [[Mode]] = [[.play], [.build], [.past]]
        for (i, scene) in scenes.enumerated() {
            let seed = UIExerciserTests.seed &* 1000 &+ UInt64(i)
            let modes = UIExerciserTests.bursts > 1 ? [.play, .build, .past] : rotation[i % 3]
            try session(["run", scene], seed: seed, modes: modes, kill: i % 2 == 1, folder: folder, display: display)
        }
    }

    @Test func replaysAnswerWhateverIsPressed() throws {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let folder = try temporaryFolder("exercise-replays")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journals = try FileManager.default.contentsOfDirectory(atPath: packageRoot.path + "/Tests/Fixtures/replays")
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        try #require(!journals.isEmpty)
        // The short run watches three of them (which ones follows the seed); the soak every one.
        let chosen = UIExerciserTests.bursts > 1 ? journals
            : (0..<3).map { journals[Int((UIExerciserTests.seed &+ UInt64($0) &* 7) % UInt64(journals.count))] }
        for (i, journal) in chosen.enumerated() {
            let seed = UIExerciserTests.seed &* 1000 &+ 500 &+ UInt64(i)
            try session(["replay", packageRoot.path + "/Tests/Fixtures/replays/" + journal], seed: seed, modes: [.watch, .build], kill: false,
                        folder: folder, display: display)
        }
    }
}
