import Foundation
import CrateboxGeometry
import CrateboxReplay
import Simulation
import Testing
import TestSupport
@testable import SandboxApp

/// The physics loop, pass by pass on this thread with a clock the test moves:
/// the time machine, pauses and branches without a thread or a wait.
@Suite struct PhysicsLoopTests {
    /// Real time as the loop sees it: the test moves it.
    final class TestClock {
        var now = 100.0
    }

    static func loop(_ source: Timeline.Source, clock: TestClock, directory: String = NSTemporaryDirectory()) -> PhysicsLoop {
        let configuration = PhysicsThread.Configuration()
        let loop = PhysicsLoop(timeline: configuration.timeline(source), captures: Captures(directory: directory, sceneName: "test"),
                               historyBudget: configuration.timeMachine.historyBudget, inbox: Locked(.init()), outbox: Locked(.init())) { clock.now }
        loop.lastPass = clock.now
        return loop
    }

    static func live(_ name: String) throws -> Timeline.Source {
        let (scene, text) = try loadShippedSceneWithText(name)
        return .live(try Session(LoadedScene(scene: scene, text: text, fileName: name)))
    }

    /// Runs the loop for `seconds` of real time in frames of 1/60 s, the requests in the first pass.
    static func run(_ loop: PhysicsLoop, _ clock: TestClock, seconds: Double, _ requests: [PhysicsRequest] = []) {
        var pending = requests
        for _ in 0..<Int((seconds * 60).rounded()) {
            clock.now += 1.0 / 60 + 1e-9  // a hair over, so that rounding never loses a step
            _ = loop.pass(pending)
            pending = []
        }
        if !pending.isEmpty { _ = loop.pass(pending) }
    }

    static func latest(_ loop: PhysicsLoop) -> Published { loop.outbox.withLock { $0.published! } }

    /// A replay scrubs through the same remembered past as a live session, and
    /// plays on from the step shown.
    @Test func aReplayScrubsBackAndPlaysOnFromThere() throws {
        let path = packageRoot.appendingPathComponent("Tests/Fixtures/replays/crates-every-event.jsonl").path
        let journal = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let clock = TestClock(), loop = Self.loop(.replay(try Replay(journal: journal, file: path)), clock: clock)
        Self.run(loop, clock, seconds: 1)
        Self.run(loop, clock, seconds: 0, [.togglePause])
        let reached = Self.latest(loop).drawn.stepCount
        #expect(reached == 120)
        Self.run(loop, clock, seconds: 0.5, [.scrub(by: -50)])
        let shown = Self.latest(loop)
        #expect(shown.status.showing == 70 && shown.drawn.stepCount == 70 && loop.world.stepCount == 120)
        Self.run(loop, clock, seconds: 0.25, [.togglePause])  // plays on from the step shown
        let playing = Self.latest(loop)
        #expect(playing.status.showing == nil && !playing.status.paused)
        #expect(playing.drawn.stepCount == 98, "28 steps on from step 70 (the frame the request came in was paused)")
        // Its keyframes are the timeline's: kept as it played, and seeking back restored one.
        #expect(loop.timeline.keyframes.frames.map(\.step) == [40, 80, 120])
    }

    /// Issue 22: N then Space in the default scene said "physics behind:
    /// dropped 0.08 s" for good: the time spent paused was fed to the clock
    /// as one long frame on resuming. Time paused or single-stepping is not
    /// play time, so none is dropped.
    @Test func timeSpentPausedIsNotDroppedTime() throws {
        let clock = TestClock(), loop = Self.loop(try Self.live("crates.json"), clock: clock)
        Self.run(loop, clock, seconds: 0.3)
        #expect(loop.world.stepCount == 36)
        Self.run(loop, clock, seconds: 0.4, [.step])  // pauses
        #expect(loop.world.stepCount == 36 && loop.paused)
        Self.run(loop, clock, seconds: 0.4, [.step])  // one step while paused
        #expect(loop.world.stepCount == 37)
        Self.run(loop, clock, seconds: 0.5, [.togglePause])  // runs on
        let status = Self.latest(loop).status
        #expect(!status.paused && loop.world.stepCount == 95, "29 frames of 2 steps: the one the request came in was paused")
        #expect(status.droppedTime == 0, "dropped \(status.droppedTime) s after a pause")
    }

    /// Scrubbing back in a live session shows the past without changing the
    /// world; an input there branches (the future and its keyframes go), and
    /// the rebuild's time is not play time.
    @Test func anInputWhileShowingThePastBranches() throws {
        let clock = TestClock(), loop = Self.loop(try Self.live("crates.json"), clock: clock)
        Self.run(loop, clock, seconds: 2)
        #expect(loop.world.stepCount == 240 && loop.timeline.keyframes.frames.last?.step == 240)
        Self.run(loop, clock, seconds: 0.5, [.scrub(by: -100)])
        #expect(Self.latest(loop).status.showing == 140 && loop.world.stepCount == 240)
        clock.now += 5  // the rebuild takes this long: none of it is played
        _ = loop.pass([.event(.tilt(x: 0.5, y: -0.8))])
        #expect(loop.showing == nil && loop.world.stepCount == 140)
        #expect(loop.timeline.keyframes.frames.last?.step == 120)
        #expect(loop.timeline.session?.events.last?.step == 140)
        Self.run(loop, clock, seconds: 0.5)
        #expect(loop.world.stepCount == 200 && Self.latest(loop).status.droppedTime == 0)
    }

    /// Branching while recording on a full disk: the branch goes on, and what
    /// could not be written is reported when the window closes (exit 73), not
    /// only shown. The file left is a valid journal. (Mounts a tmpfs: root.)
    @Test func aBranchOnAFullDiskReportsWhatItCouldNotWrite() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cratebox-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try mountSmallDisk(dir.path)
        defer { unmountSmallDisk(dir.path) }
        let path = dir.appendingPathComponent("session.jsonl").path
        let clock = TestClock(), loop = Self.loop(try Self.live("crates.json"), clock: clock, directory: dir.path)
        try loop.timeline.startRecording(to: path)
        Self.run(loop, clock, seconds: 0.6)
        // Fill what is left, then go back and branch.
        var stats = statvfs()
        statvfs(dir.path, &stats)
        FileManager.default.createFile(atPath: dir.appendingPathComponent("filler").path, contents: Data(count: Int(stats.f_bavail) * Int(stats.f_bsize)))
        Self.run(loop, clock, seconds: 0.3, [.scrub(by: -30), .event(.tilt(x: 0.5, y: -0.8))])  // resumes from the step shown
        #expect(loop.showing == nil && loop.world.stepCount > 42, "the branch went on")
        loop.finish()
        let end = try #require(loop.outbox.withLock { $0.finished })
        #expect(!end.lost.isEmpty, "the lost recording is reported: \(end)")
        let journal = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        #expect(journal.header != nil)
    }
}
