import Foundation
import CrateboxGeometry
import Testing
@testable import CrateboxReplay
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// Branching: a session rebuilt at step S from its events before S, then given
/// new events, is bit for bit the session a fresh run of the combined events makes.
@Suite struct BranchTests {
    @Test(arguments: shippedScenes)
    func aBranchIsAFreshRunOfTheCombinedEvents(name: String) throws {
        // The 1,000-crate pile runs shorter sessions, once: it costs a hundred times more a step.
        let (seeds, steps): ([UInt64], Int) = name == "pile.json" ? ([1], 120) : ([1, 2], 480)
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let original = try shippedSession(name)
            try driveRandomly(original, &rng, steps: steps)
            let at = Int.random(in: 1...(steps - 1), using: &rng)
            let branch = try #require(try Timeline(original).rebuilt(at: at, from: .build))
            #expect(branch.world.stepCount == at)
            #expect(branch.events == original.events.filter { $0.step < at }.enumerated().map { i, e in
                Journal.TimedEvent(step: e.step, event: e.event, line: branch.events[i].line)
            })
            // New inputs from S on, the same on both.
            var branchRNG = SeededGenerator(seed: seed + 100), freshRNG = SeededGenerator(seed: seed + 100)
            try driveRandomly(branch, &branchRNG, steps: steps / 2)
            // The fresh run: the combined events, applied by a plain replay of them.
            let combined = try Journal.parse(Array(branch.journalText.utf8), file: "branch")
            let fresh = try Replay(journal: combined, file: "branch")
            #expect(fresh.verify().isVerified, "\(name), seed \(seed): the branch's journal verifies")
            // And a session stepped by hand through the original's events before S, then the same random inputs.
            let byHand = try shippedSession(name)
            var next = 0
            while byHand.world.stepCount < at {
                while next < original.events.count, original.events[next].step == byHand.world.stepCount {
                    try byHand.apply(original.events[next].event)
                    next += 1
                }
                try byHand.step()
            }
            try driveRandomly(byHand, &freshRNG, steps: steps / 2)
            #expect(byHand.world.stateHash == branch.world.stateHash, "\(name), seed \(seed), branched at \(at)")
        }
    }

    /// From the last reset (an exact starting point) or from the build: the same session.
    @Test(arguments: ["crates.json", "bridge.json", "elevator.json"])
    func aRebuildFromTheLastResetIsARebuildFromTheBuild(name: String) throws {
        var rng = SeededGenerator(seed: 9)
        let original = try shippedSession(name)
        try driveRandomly(original, &rng, steps: 200)
        try original.apply(.spawn(x: original.world.scene.width / 2, y: original.world.scene.height * 0.8))
        try original.apply(.reset)
        try original.apply(.tilt(x: 0.4, y: -0.9))  // after the reset, at the same step: kept
        try driveRandomly(original, &rng, steps: 300)
        let resets = original.events.filter { $0.event == .reset }.map(\.step)
        #expect(!resets.isEmpty)
        for at in [resets.last! + 1, resets.last! + 150, 500] {
            let timeline = Timeline(original)
            let fromBuild = try #require(try timeline.rebuilt(at: at, from: .build))
            let fromReset = try #require(try timeline.rebuilt(at: at, from: .lastReset))
            #expect(fromReset.world.stateHash == fromBuild.world.stateHash && fromReset.world.stepCount == at)
            #expect(fromReset.journalText == fromBuild.journalText)
            try fromBuild.step(120)
            try fromReset.step(120)
            #expect(fromReset.world.stateHash == fromBuild.world.stateHash, "\(name) at \(at)")
        }
    }

    @Test func aRebuildCanBeCancelledAndReportsProgress() throws {
        let original = try shippedSession("crates.json")
        try original.step(600)
        var reports: [Int] = []
        let cancelled = try Timeline(original).rebuilt(at: 600) { done, total in
            reports.append(done)
            #expect(total == 600)
            return done < 240
        }
        #expect(cancelled == nil && reports == [120, 240])
    }

    /// A recording timeline branched at a past step: the abandoned future is
    /// its file renamed NAME.branch-1.jsonl (a whole journal of it), the
    /// recording goes on under its name with the shared beginning (keyframes
    /// included), and later keyframes are forgotten.
    @Test func aBranchRotatesTheRecordingAndForgetsTheFuture() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("branch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.jsonl").path
        let timeline = Timeline(try shippedSession("crates.json"))
        timeline.keyframeSteps = 100
        try timeline.startRecording(to: path)
        var rng = SeededGenerator(seed: 21)
        try driveRandomly(timeline, &rng, steps: 500)
        let abandoned = timeline.world.stateHash
        #expect(timeline.keyframes.frames.last?.step == 480)
        #expect(try timeline.branch(at: 250) == .resumed(recording: "recording the new branch to \(path); the abandoned future is in \(dir.path)/s.branch-1.jsonl"))
        #expect(timeline.world.stepCount == 250 && timeline.keyframes.frames.last?.step == 240 && timeline.isRecording)
        try driveRandomly(timeline, &rng, steps: 50)
        try timeline.stopRecording()
        let old = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/s.branch-1.jsonl"))), file: "old")
        guard case .verified(500, _, abandoned, false, nil) = try Replay(journal: old, file: "old").verify() else { Issue.record("the abandoned future"); return }
        let new = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: "new")
        #expect(new.keyframes.map(\.step) == [100, 200, 300])
        guard case .verified(300, _, timeline.world.stateHash, false, nil) = try Replay(journal: new, file: "new").verify() else { Issue.record("the branch"); return }
        #expect(timeline.lostRecordings.isEmpty)
        // A step not behind the present is not a branch; a replay's timeline branches into a live one.
        #expect(try timeline.branch(at: 300) == .resumed(recording: nil) && timeline.world.stepCount == 300)
        let replayed = Timeline(try Replay(journal: new, file: "new"), lines: try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n"))
        #expect(throws: TimelineError.self) { try replayed.apply(.reset) }
        #expect(try replayed.branch(at: 200) == .resumed(recording: nil))
        #expect(replayed.session != nil && replayed.world.stepCount == 200)
    }

    /// `simulate --from` is a fresh run of the combined events: a key held at
    /// the branch stays held (the window, whose keys are not held now, lets go).
    @Test func aBranchKeepsTheKeysHeldUnlessTheWindowLetsGo() throws {
        let session = try shippedSession("car.json")
        let trigger = try #require(session.world.scene.controls.first?.trigger)
        try session.step(10)
        try session.apply(.key(trigger, down: true))
        try session.step(50)
        let text = session.journalText
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func replayed() throws -> Timeline { Timeline(try Replay(journal: Journal.parse(Array(text.utf8), file: "car"), file: "car"), lines: lines) }
        let kept = try replayed()
        #expect(try kept.branch(at: 30) == .resumed(recording: nil))
        #expect(kept.world.held == [trigger] && kept.keyframes.frames.isEmpty, "held, and no replay keyframe (lines 0) left behind")
        let window = Timeline(session)
        #expect(try window.branch(at: 30, releasingHeldKeys: true) == .resumed(recording: nil))
        #expect(window.world.held.isEmpty && window.session?.events.last?.event == .key(trigger, down: false))
    }

    @Test func anEventThatNoLongerAppliesIsNamed() throws {
        let original = try shippedSession("crates.json")
        try original.apply(.remove(body: 0))
        try original.step(10)
        // Its journal with the removal written twice: the second names a body that is gone.
        var lines = original.journalText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let removal = try #require(lines.firstIndex { $0.contains("\"event\":\"remove\"") })
        lines.insert(lines[removal], at: removal + 1)
        let journal = try Journal.parse(Array(lines.joined(separator: "\n").utf8), file: "twice")
        let timeline = Timeline(try Replay(journal: journal, file: "twice"), lines: lines)
        let error = #expect(throws: BranchError.self) { _ = try timeline.rebuilt(at: 10) }
        #expect(error?.step == 0 && error?.line == removal + 2 && error?.refusedLine == false)
    }
}

extension Replay.Outcome {
    var isVerified: Bool { if case .verified = self { true } else { false } }
}
