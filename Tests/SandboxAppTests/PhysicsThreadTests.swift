import Foundation
import CrateboxGeometry
import CrateboxReplay
import SceneFormat
import Simulation
import Testing
import TestSupport
@testable import SandboxApp

/// The hand-off between the window's thread and the physics thread, without a
/// window: requests sent at random moments from this thread while the physics
/// thread steps against real time. `scripts/test` also runs this suite under
/// ThreadSanitizer.
@Suite(.serialized) struct PhysicsThreadTests {
    static func start(_ sceneName: String, recordTo path: String? = nil, directory: String = NSTemporaryDirectory()) throws -> PhysicsThread {
        let (scene, text) = try loadShippedSceneWithText(sceneName)
        var configuration = PhysicsThread.Configuration()
        configuration.recordPath = path
        configuration.captureDirectory = directory
        return try PhysicsThread(configuration: configuration) {
            .live(try Session(scene: scene, sceneText: text, sceneFile: sceneName))
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cratebox-physics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whatever the timing of the requests, the recording replays bit-exactly,
    /// and every snapshot read meanwhile is whole (its poses match its bodies)
    /// and no older than the one before.
    @Test func requestsAtRandomMomentsRecordAJournalThatReplaysExactly() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stress.replay.jsonl").path
        let physics = try Self.start("crates.json", recordTo: path, directory: directory.path)
        physics.begin()
        var rng = SeededGenerator(seed: 7)
        var lastStep = 0, snapshotsRead = 0, sawDebug = false
        let requests: [PhysicsRequest] = [
            .press(at: Vector(150, 60), slack: 2), .drag(to: Vector(120, 200)), .release,
            .press(at: Vector(40, 250), slack: 2), .remove(at: Vector(150, 30), slack: 2),
            .event(.tilt(x: 0.5, y: -0.8)), .event(.tilt(x: -0.3, y: -0.9)), .faster, .slower,
            .togglePause, .togglePause, .step, .togglePause, .debug(true), .debug(false), .saveScene,
        ]
        let start = Date()
        while Date().timeIntervalSince(start) < 2.5 {
            if Int.random(in: 0..<3, using: &rng) == 0 { physics.send(requests.randomElement(using: &rng)!) }
            let published = physics.latest
            let snapshot = published.snapshot
            #expect(snapshot.current.count == snapshot.bodies.count && snapshot.previous.count == snapshot.bodies.count)
            #expect(snapshot.stepCount >= lastStep)
            if snapshot.outlines != nil { sawDebug = true }
            lastStep = snapshot.stepCount
            snapshotsRead += 1
            usleep(UInt32.random(in: 0..<3000, using: &rng))
        }
        physics.send(.togglePause)  // whichever state it was in, the other
        let end = physics.stop()
        #expect(end.lost.isEmpty)
        #expect(end.said == "recording saved to \(path)")
        #expect(lastStep > 20, "the physics thread ran (\(lastStep) steps; pauses and slow time included)")
        #expect(snapshotsRead > 100 && sawDebug)

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

    /// Before `begin` (the window is opening), no time passes for physics.
    @Test func nothingStepsBeforeTheWindowIsOpen() throws {
        let physics = try Self.start("crates.json")
        usleep(200_000)
        #expect(physics.latest.snapshot.stepCount == 0)
        physics.begin()
        usleep(300_000)
        #expect(physics.latest.snapshot.stepCount > 10)
        _ = physics.stop()
    }
}
