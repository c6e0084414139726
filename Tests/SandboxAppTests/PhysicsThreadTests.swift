import Foundation
import CrateboxGeometry
import CrateboxReplay
import SceneFormat
import Simulation
import Testing
import TestSupport
import WindowModel
@testable import SandboxApp

/// The hand-off between the window's thread and the physics thread, without a
/// window: requests sent at random moments from this thread while the physics
/// thread steps against real time. `scripts/test` also runs this suite under
/// ThreadSanitizer. Nothing here waits for a fixed time: each test waits for
/// what it expects to see published, or moves the thread's clock itself.
@Suite(.serialized) struct PhysicsThreadTests {
    static func start(_ sceneName: String, recordTo path: String? = nil, directory: String = NSTemporaryDirectory(),
                      now: @escaping @Sendable () -> Double = { Monotonic.now }) throws -> PhysicsThread {
        let (scene, text) = try loadShippedSceneWithText(sceneName)
        var configuration = PhysicsThread.Configuration()
        configuration.options.recordPath = path
        configuration.options.screenshotDirectory = directory
        configuration.recordsFromStart = true
        return try PhysicsThread(configuration: configuration, now: now) {
            .live(try Session(LoadedScene(scene: scene, text: text, fileName: sceneName)))
        }
    }

    /// Polls the thread's newest publication until `condition` holds; false
    /// if it never did in `polls` millisecond polls (a thread that stalled).
    static func waitFor(_ physics: PhysicsThread, polls: Int = 20_000, _ condition: (Published) -> Bool) -> Bool {
        for _ in 0..<polls {
            if condition(physics.latest) { return true }
            usleep(1000)
        }
        return false
    }

    static func temporaryDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cratebox-physics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whatever the timing of the requests, the recording replays bit-exactly,
    /// and every drawn world read meanwhile is whole (its poses match its bodies)
    /// and no older than the one before.
    @Test func requestsAtRandomMomentsRecordAJournalThatReplaysExactly() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stress.replay.jsonl").path
        let physics = try Self.start("crates.json", recordTo: path, directory: directory.path)
        physics.begin()
        var rng = SeededGenerator(seed: 7)
        var lastStep = 0, reads = 0, sawDebug = false
        let requests: [PhysicsRequest] = [
            .press(at: Vector(150, 60), slack: 2), .drag(to: Vector(120, 200)), .release,
            .press(at: Vector(40, 250), slack: 2), .remove(at: Vector(150, 30), slack: 2),
            .event(.tilt(x: 0.5, y: -0.8)), .event(.tilt(x: -0.3, y: -0.9)), .faster, .slower,
            .togglePause, .togglePause, .step, .togglePause, .debug(true), .debug(false), .saveScene,
        ]
        // Until enough requests went in, the thread ran, and a debug drawn world
        // was read (no clock read here: the conditions end it).
        var sent = 0, rounds = 0
        while sent < 150 || lastStep <= 20 || !sawDebug, rounds < 20_000 {
            rounds += 1
            if Int.random(in: 0..<3, using: &rng) == 0 {
                physics.send(requests.randomElement(using: &rng)!)
                sent += 1
            }
            let drawn = physics.latest.drawn
            #expect(drawn.current.count == drawn.bodies.count && drawn.previous.count == drawn.bodies.count)
            #expect(drawn.stepCount >= lastStep)
            if drawn.outlines != nil { sawDebug = true }
            lastStep = drawn.stepCount
            reads += 1
            usleep(UInt32.random(in: 0..<3000, using: &rng))  // the next moment, at random
        }
        physics.send(.togglePause)  // whichever state it was in, the other
        let end = physics.stop()
        #expect(end.lost.isEmpty)
        #expect(end.said == "recording saved to \(path)")
        #expect(lastStep > 20, "the physics thread ran (\(lastStep) steps; pauses and slow time included)")
        #expect(reads > 100 && sawDebug)

        let journal = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        #expect(journal.events.count > 10, "requests became journaled events")
        let replay = try Replay(journal: journal, file: path)
        let outcome = replay.verify()
        guard case .verified(let steps, _, _, let truncated, _) = outcome else {
            Issue.record("the recording did not verify: \(outcome)")
            return
        }
        #expect(steps >= lastStep && !truncated)
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        #expect(!saved.isEmpty, "Ctrl+S saved scenes at step boundaries")
    }

    /// A scene that cannot be built fails the start, before any window.
    @Test func aModeThatCannotBeMadeFailsTheStart() {
        struct Broken: Error, CustomStringConvertible { var description: String { "no such world" } }
        #expect(throws: PhysicsThread.StartFailure.self) {
            _ = try PhysicsThread(configuration: .init()) { throw Broken() }
        }
    }

    /// Before `begin` (the window is opening), no time passes for physics:
    /// ten seconds of the thread's clock go by before it, a quarter of a
    /// second after (in frames of 1/60 s), and the thread runs the 30 steps
    /// of that quarter only.
    @Test func nothingStepsBeforeTheWindowIsOpen() throws {
        let clock = Locked(100.0)
        let physics = try Self.start("crates.json", now: { clock.withLock { $0 } })
        defer { _ = physics.stop() }
        clock.withLock { $0 += 10 }
        physics.begin()
        // A request answered: the thread has begun counting from the clock as it stands.
        physics.send(.debug(true))
        #expect(Self.waitFor(physics) { $0.drawn.outlines != nil })
        #expect(physics.latest.drawn.stepCount == 0)
        for frame in 1...15 {
            clock.withLock { $0 += 1.0 / 60 + 1e-9 }  // a hair over, so that rounding never loses a step
            #expect(Self.waitFor(physics) { $0.drawn.stepCount >= 2 * frame })
        }
        // Paused, the thread has published all it will: no step beyond the quarter second.
        physics.send(.togglePause)
        #expect(Self.waitFor(physics) { $0.status.paused })
        #expect(physics.latest.drawn.stepCount == 30)
    }
}
