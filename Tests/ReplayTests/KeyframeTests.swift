import Bytes
import Foundation
import Testing
@testable import CrateboxReplay
@testable import Simulation
import TestSupport

/// Exact keyframes: the time machine's (resuming from one is the session
/// re-simulated from its start), and a journal's (`--keyframes`,
/// `--add-keyframes`, seeking, stretches verified in parallel, tampering caught).
@Suite(.tags(.memory)) struct KeyframeTests {
    static let scenes = ["crates.json", "bridge.json", "elevator.json", "car.json", "walker.json", "tank.json"]

    /// A seeded timeline of `steps` steps of every kind of input, keeping the time machine's keyframes.
    static func timeline(_ name: String, seed: UInt64, steps: Int) throws -> Timeline {
        var rng = SeededGenerator(seed: seed)
        let timeline = Timeline(try shippedSession(name))
        try driveRandomly(timeline, &rng, steps: steps)
        return timeline
    }

    @Test(arguments: scenes)
    func resumingFromAKeyframeIsTheSessionReSimulated(name: String) throws {
        for seed: UInt64 in [3, 4] {
            let original = try Self.timeline(name, seed: seed, steps: 600), keyframes = original.keyframes
            #expect(keyframes.frames.count == 600 / Keyframes.interval)
            var rng = SeededGenerator(seed: seed)
            for at in [Int.random(in: 1..<600, using: &rng), keyframes.frames[3].step, keyframes.frames[3].step + 1] {
                let keyframe = try #require(keyframes.latest(atOrBefore: at))
                #expect(keyframe.step <= at && at - keyframe.step < Keyframes.interval)
                let fast = try #require(try original.rebuilt(at: at)), slow = try #require(try original.rebuilt(at: at, from: .lastReset))
                #expect(fast.journalText == slow.journalText, "\(name), seed \(seed), at \(at): the same journal")
                #expect(fast.events == slow.events)
                #expect(try fast.world.snapshot() == slow.world.snapshot(), "\(name), seed \(seed), at \(at): the same state")
                var a = SeededGenerator(seed: seed + 50), b = a
                try driveRandomly(fast, &a, steps: 240)
                try driveRandomly(slow, &b, steps: 240)
                #expect(fast.world.stateHash == slow.world.stateHash, "\(name), seed \(seed), at \(at): the same future")
                #expect(try Replay(journal: Journal.parse(Array(fast.journalText.utf8), file: "b"), file: "b").verify().isVerified)
            }
        }
    }

    @Test func theKeyframesStayWithinTheirBudgetRecentOnesDense() throws {
        var keyframes = Keyframes(budget: 100 * 1000)
        for step in stride(from: Keyframes.interval, through: 40_000, by: Keyframes.interval) {
            keyframes.record(Keyframes.Frame(step: step, state: [UInt8](repeating: 1, count: 1000), lines: step, events: 0))
            #expect(keyframes.bytes <= keyframes.budget)
        }
        let steps = keyframes.frames.map(\.step)
        #expect(steps.last == 40_000 / Keyframes.interval * Keyframes.interval)
        #expect(steps == steps.sorted() && Set(steps).count == steps.count)
        // The last two are a keyframe interval apart; the oldest far more.
        #expect(steps[steps.count - 1] - steps[steps.count - 2] == Keyframes.interval)
        #expect(steps[1] - steps[0] > 4 * Keyframes.interval)
        #expect(keyframes.latest(atOrBefore: steps[0] - 1) == nil)
        #expect(keyframes.latest(atOrBefore: steps[2] + 1)?.step == steps[2])
        keyframes.drop(after: steps[2])
        #expect(keyframes.frames.map(\.step) == Array(steps.prefix(3)))
        #expect(keyframes.bytes == 3000)
        // A budget for one keyframe but not two (--keyframes-mb below two states): the older goes, every time.
        var one = Keyframes(budget: 1500)
        for step in stride(from: 0, through: 400, by: Keyframes.interval) {
            one.record(Keyframes.Frame(step: step, state: [UInt8](repeating: 1, count: 1000), lines: step, events: 0))
            #expect(one.frames.map(\.step) == [step] && one.bytes == 1000)
        }
        var none = Keyframes(budget: 0)
        #expect(!none.isDue(after: Keyframes.interval))
        none.record(Keyframes.Frame(step: 40, state: [1], lines: 0, events: 0))
        #expect(none.frames.isEmpty)
    }

    @Test func base64RoundTripsAndRefusesWhatIsNotCanonical() {
        var rng = SeededGenerator(seed: 9)
        for count in 0..<50 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy" && Base64.encode(Array("fo".utf8)) == "Zm8=")
        for bad in ["Zm9", "Zm9v!mFy", "Zm=v", "Zm9=", "Zm8=Zm8="] { #expect(Base64.decode(bad) == nil, "\(bad)") }
    }

    /// A recorded journal with a keyframe every `every` steps.
    static func recorded(_ name: String, seed: UInt64, steps: Int, every: Int) throws -> (text: String, session: Session) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = try shippedSession(name), path = dir.appendingPathComponent("j.jsonl").path
        session.keyframeSteps = every
        try session.startRecording(to: path)
        var rng = SeededGenerator(seed: seed)
        try driveRandomly(session, &rng, steps: steps)
        try session.stopRecording()
        return (try String(contentsOfFile: path, encoding: .utf8), session)
    }

    @Test(arguments: scenes)
    func aJournalsKeyframesVerifyInStretchesAndSeekingStartsFromThem(name: String) throws {
        let (text, session) = try Self.recorded(name, seed: 5, steps: 700, every: 100)
        let journal = try Journal.parse(Array(text.utf8), file: "j")
        #expect(journal.keyframes.map(\.step) == [100, 200, 300, 400, 500, 600, 700])
        #expect(!journal.startsFromKeyframe)
        let replay = try Replay(journal: journal, file: "j")
        guard case .verified(700, 5, session.world.stateHash, false, nil) = replay.verify() else { Issue.record("\(name): \(replay.verify())"); return }
        // Seeking anywhere is the plain replay's state there, forwards and back.
        let plain = try Replay(journal: journal, file: "j")
        let seeking = Timeline(replay, keyframeBudget: 0), seekingPlain = Timeline(plain, keyframeBudget: 0)
        for target in [650, 250, 399, 400, 0, 700] {
            #expect(try seeking.seek(to: target) == nil)
            #expect(try seekingPlain.seek(to: target) == nil)
            #expect(replay.world.stepCount == target)
            #expect(try replay.world.snapshot() == plain.world.snapshot(), "\(name): seeking to \(target)")
        }
        // Without its keyframe lines, it is the journal recorded without them.
        let bare = text.split(separator: "\n").filter { !$0.contains("\"keyframe\":") }.joined(separator: "\n") + "\n"
        let replayBare = try Replay(journal: Journal.parse(Array(bare.utf8), file: "bare"), file: "bare")
        #expect(replayBare.verify().isVerified)
        // Kept while a timeline plays it instead: seeking back restores one.
        let watched = Timeline(replayBare)
        #expect(try watched.seek(to: 650) == nil && watched.keyframes.frames.count == 650 / Keyframes.interval)
        #expect(try watched.seek(to: 250) == nil && seekingPlain.seek(to: 250) == nil)
        #expect(try replayBare.world.snapshot() == plain.world.snapshot())
        // Added again, every 50 steps: the journal, with those keyframes; they verify.
        let lines = bare.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let added = try replayBare.addingKeyframes(every: 50, lines: lines).get()
        #expect(added.filter { !$0.contains("\"keyframe\":") } == Array(lines.dropLast()))
        let readded = try Journal.parse(Array((added.joined(separator: "\n") + "\n").utf8), file: "added")
        #expect(readded.keyframes.map(\.step) == Array(stride(from: 50, through: 700, by: 50)))
        #expect(try Replay(journal: readded, file: "added").verify().isVerified)
        // A journal rebuilt at a step from its keyframe is the session rebuilt from the build.
        let at = 333
        let textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fromKeyframe = try #require(try Timeline(replay, lines: textLines).rebuilt(at: at))
        let fromBuild = try #require(try Timeline(replay, lines: textLines).rebuilt(at: at, from: .build))
        #expect(try fromKeyframe.world.snapshot() == fromBuild.world.snapshot())
    }

    @Test func aChangedKeyframeIsCaught() throws {
        let (text, _) = try Self.recorded("bridge.json", seed: 6, steps: 480, every: 120)
        var lines = text.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"step\":240,\"hash\"") })
        // One character of the state changed: the stretch ending there finds it.
        var changed = lines
        let original = changed[index]
        let at = original.index(original.startIndex, offsetBy: original.count / 2)
        changed[index] = original.replacingCharacters(in: at...at, with: original[at] == "A" ? "B" : "A")
        let outcome = try Replay(journal: Journal.parse(Array((changed.joined(separator: "\n") + "\n").utf8), file: "c"), file: "c").verify()
        guard case .keyframe(let step, let line, _) = outcome else { Issue.record("not caught: \(outcome)"); return }
        #expect(step == 240 && line == index + 1)
        // Its hash changed: reading it back is refused, naming the line.
        let hashAt = try #require(original.range(of: "\"hash\":\"")).upperBound
        lines[index] = original.replacingCharacters(in: hashAt...hashAt, with: original[hashAt] == "0" ? "1" : "0")
        let hashed = try Journal.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "h")
        guard case .keyframe(240, index + 1, let reason) = try Replay(journal: hashed, file: "h").verify() else { Issue.record("hash not caught"); return }
        #expect(reason.contains("changed"))
    }

    /// A seeded elevator session at step 300, and a session continuing its state saved there (read back as a file is).
    static func savedAt300(seed: UInt64) throws -> (first: Session, continued: Session) {
        var rng = SeededGenerator(seed: seed)
        let first = try shippedSession("elevator.json")
        try driveRandomly(first, &rng, steps: 300)
        let bytes = try StateFile.bytes(of: first.world, from: first.source)
        return (first, try Session(restoring: StateFile.read(bytes, file: "s.state")))
    }

    @Test func aSessionContinuedFromASavedStateRecordsAJournalStartingFromIt() throws {
        let (first, continued) = try Self.savedAt300(seed: 7)
        var a = SeededGenerator(seed: 8), b = a
        try driveRandomly(continued, &a, steps: 400)
        try driveRandomly(first, &b, steps: 400)
        #expect(continued.world.stateHash == first.world.stateHash)
        let journal = try Journal.parse(Array(continued.journalText.utf8), file: "c")
        #expect(journal.startsFromKeyframe && journal.keyframes.first?.step == 300)
        let replay = try Replay(journal: journal, file: "c")
        #expect(replay.firstStep == 300 && replay.world.stepCount == 300)
        guard case .verified(700, _, first.world.stateHash, false, nil) = replay.verify() else { Issue.record("\(replay.verify())"); return }
        #expect(try Timeline(replay, keyframeBudget: 0).seek(to: 0) == nil && replay.world.stepCount == 300)
    }

    /// A session opened from a saved state, resumed before the time machine
    /// kept any keyframe of it: rebuilt from the saved state (its `start`),
    /// not from the scene's build, so it is the session as it was there.
    @Test func aSessionContinuedFromASavedStateResumesFromIt() throws {
        let (first, continued) = try Self.savedAt300(seed: 11)
        #expect(continued.start?.step == 300 && continued.start?.lines == 2)
        var a = SeededGenerator(seed: 12), b = a
        try driveRandomly(continued, &a, steps: 150)
        try driveRandomly(first, &b, steps: 150)
        let at450 = first.world.stateHash
        try driveRandomly(continued, &a, steps: 150)
        let resumed = try #require(try Timeline(continued, keyframeBudget: 0).rebuilt(at: 450))
        #expect(resumed.world.stepCount == 450 && resumed.world.stateHash == at450)
        #expect(resumed.start?.step == 300)
        // Its journal still starts from the saved state, and verifies to where the branch stands.
        let journal = try Journal.parse(Array(resumed.journalText.utf8), file: "r")
        guard case .verified(450, _, at450, false, nil) = try Replay(journal: journal, file: "r").verify() else { Issue.record("the branch's journal does not verify"); return }
        // Before the saved moment there is nothing to resume.
        #expect(throws: BranchError.self) {
            try Timeline(continued, keyframeBudget: 0).rebuilt(at: 200)
        }
    }

    /// `session` rebuilt at `step`, recorded to `path` from its recorded file `earlier`, run `steps` more: the branch and its journal.
    static func branchRecorded(_ session: Session, at step: Int, steps: Int, copyingFrom earlier: String, to path: String) throws -> (session: Session, journal: Journal) {
        let branch = try #require(try Timeline(session, keyframeBudget: 0).rebuilt(at: step))
        try branch.startRecording(to: path, copyingFrom: earlier)
        try branch.step(steps)
        try branch.stopRecording()
        return (branch, try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path))
    }

    /// A recording's keyframes go to its file only (a long one's would fill
    /// the memory); a branch's recording copies the shared beginning from the
    /// recorded file, keyframes and all.
    @Test func aRecordingsKeyframesAreInItsFileOnlyAndABranchCopiesThem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = try shippedSession("bridge.json"), path = dir.appendingPathComponent("j.jsonl").path
        session.keyframeSteps = 100
        try session.startRecording(to: path)
        var rng = SeededGenerator(seed: 9)
        try driveRandomly(session, &rng, steps: 700)
        try session.stopRecording()
        #expect(!session.lines.contains { $0.contains("\"keyframe\":") })
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let recorded = try Journal.parse(Array(text.utf8), file: "j")
        #expect(recorded.keyframes.map(\.step) == [100, 200, 300, 400, 500, 600, 700])
        #expect(session.journalText == text.split(separator: "\n").filter { !$0.contains("\"keyframe\":") }.joined(separator: "\n") + "\n")
        // The branch at 333 records its beginning from the file: the keyframes up to 300 with it.
        let (branch, branched) = try Self.branchRecorded(session, at: 333, steps: 67, copyingFrom: path, to: dir.appendingPathComponent("branch.jsonl").path)
        #expect(branched.keyframes.map(\.step) == [100, 200, 300])
        guard case .verified(400, _, branch.world.stateHash, false, nil) = try Replay(journal: branched, file: "b").verify() else {
            Issue.record("the branch's journal does not verify"); return
        }
        // A keyframe after the shared lines' last one, at a step the branch has reached, comes too: with no
        // events, the lines up to step 230 end with the checkpoint at 120, and the keyframe at 200 follows it.
        let quiet = try shippedSession("bridge.json"), quietPath = dir.appendingPathComponent("quiet.jsonl").path
        quiet.keyframeSteps = 100
        try quiet.startRecording(to: quietPath)
        try quiet.step(250)
        try quiet.stopRecording()
        let quietJournal = try Self.branchRecorded(quiet, at: 230, steps: 30, copyingFrom: quietPath, to: dir.appendingPathComponent("quiet-branch.jsonl").path).journal
        #expect(quietJournal.keyframes.map(\.step) == [100, 200])
        #expect(try Replay(journal: quietJournal, file: "q").verify().isVerified)
        // A file that does not begin with the session's lines is not copied from: the lines are written without keyframes.
        let other = dir.appendingPathComponent("other.jsonl").path
        try Data("{\"not\":\"this\"}\n".utf8).write(to: URL(fileURLWithPath: other))
        let thirdJournal = try Self.branchRecorded(session, at: 333, steps: 0, copyingFrom: other, to: dir.appendingPathComponent("third.jsonl").path).journal
        let thirdVerified = try Replay(journal: thirdJournal, file: "t").verify().isVerified
        #expect(thirdJournal.keyframes.isEmpty && thirdVerified)
    }
}
