import Foundation
import Testing
import TestSupport
@testable import cratebox

@Suite struct ReplayCommandTests {

    @Test(arguments: goldenJournals)
    func goldenReplaysVerify(name: String, hash: String, steps: Int, checkpoints: Int) throws {
        let r = try cratebox("replay", "Tests/Fixtures/replays/\(name)", "--verify")
        #expect(r.status == 0)
        #expect(r.stdout == "verified \(steps) steps, \(checkpoints) checkpoints, hash \(hash)\n")
    }

    @Test func goldenReplaysCoverEveryEventKind() throws {
        var text = ""
        for (name, _, _, _) in goldenJournals {
            text += try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/replays/\(name)"), encoding: .utf8)
        }
        for kind in ["tilt", "spawn", "grab", "drag", "release", "remove", "reset", "key"] {
            #expect(text.contains("\"event\":\"\(kind)\""), "\(kind)")
        }
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-\(getpid())-\(name)").path
    }

    @Test func tamperingIsCaughtAtTheNextCheckpoint() throws {
        let original = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/replays/crates-every-event.jsonl"), encoding: .utf8)
        let path = temporary("tampered.jsonl")
        defer { unlink(path) }
        // The drag at step 205 goes a little further right.
        try original.replacingOccurrences(of: "{\"step\":205,\"event\":\"drag\",\"x\":180.0", with: "{\"step\":205,\"event\":\"drag\",\"x\":181.0")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try cratebox("replay", path, "--verify")
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("diverged at step 240: expected "))
    }

    /// Tampering with an event of any kind is caught at the first checkpoint after it.
    @Test(arguments: [
        ("{\"step\":60,\"event\":\"spawn\",\"x\":150.0", "{\"step\":60,\"event\":\"spawn\",\"x\":150.5", 120),
        ("{\"step\":200,\"event\":\"grab\",\"body\":5,\"x\":150.0", "{\"step\":200,\"event\":\"grab\",\"body\":5,\"x\":152.0", 240),
        ("{\"step\":250,\"event\":\"release\"}", "{\"step\":251,\"event\":\"release\"}", 360),
        ("{\"step\":300,\"event\":\"remove\",\"body\":0}", "{\"step\":300,\"event\":\"remove\",\"body\":1}", 360),
        ("{\"step\":480,\"event\":\"reset\"}", "{\"step\":481,\"event\":\"reset\"}", 600),
        ("{\"step\":0,\"event\":\"tilt\",\"x\":-0.4", "{\"step\":0,\"event\":\"tilt\",\"x\":-0.41", 120),
    ])
    func tamperingWithAnyEventIsCaught(original: String, changed: String, checkpoint: Int) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/replays/crates-every-event.jsonl"), encoding: .utf8)
        try #require(text.contains(original), "fixture lacks \(original)")
        let path = temporary("tampered-\(checkpoint)-\(abs(original.hashValue)).jsonl")
        defer { unlink(path) }
        try text.replacingOccurrences(of: original, with: changed).write(toFile: path, atomically: true, encoding: .utf8)
        let r = try cratebox("replay", path, "--verify")
        #expect(r.status == 1 && r.stdout.hasPrefix("diverged at step \(checkpoint): "), "\(r.stdout)")
    }

    @Test func renderingAReplayRefusesWhatDoesNotApply() throws {
        let r = refusal(["render", "Tests/Fixtures/replays/pyramid-tilted.jsonl", "--tilt", "1,0", "--output", temporary("x.png")], running: true)
        #expect(r?.status == 64 && r?.message.contains("--tilt does not apply to a replay") == true, "\(String(describing: r))")
        let s = refusal(["render", "Tests/Fixtures/replays/pyramid-tilted.jsonl", "--steps", "99999", "--output", temporary("x.png")], running: true)
        #expect(s?.status == 64 && s?.message.contains("ends at step 480") == true, "\(String(describing: s))")
    }

    @Test func malformedJournalsExit65WithTheLine() throws {
        let path = temporary("bad.jsonl")
        defer { unlink(path) }
        let header = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/replays/pyramid-tilted.jsonl"), encoding: .utf8)
            .split(separator: "\n")[0]
        try "\(header)\n{\"step\":2,\"event\":\"tilt\",\"x\":\"left\",\"y\":0}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try cratebox("replay", path, "--verify")
        #expect(r.status == 65 && r.stderr == "\(path):2: \"x\" must be a number\n")
        #expect(try cratebox("replay", "no/such.jsonl", "--verify").status == 66)
    }

    @Test func scriptedEventsAndRecordingsAgree() throws {
        let events = temporary("events.jsonl"), record = temporary("rec.jsonl")
        defer { unlink(events); unlink(record) }
        try """
        {"step":0,"event":"tilt","x":0.6,"y":-0.8}
        {"step":50,"event":"spawn","x":100,"y":200}

        """.write(toFile: events, atomically: true, encoding: .utf8)
        let a = try cratebox("simulate", "--events", events, "--steps", "300", "--json", "--record", record)
        let b = try cratebox("simulate", "--events", events, "--steps", "300", "--json")
        #expect(a.status == 0 && a.stdout == b.stdout)
        let v = try cratebox("replay", record, "--verify")
        #expect(v.status == 0 && a.stdout.contains(String(v.stdout.suffix(17).prefix(16))))
        // An event the world refuses names its line.
        try "{\"step\":5,\"event\":\"remove\",\"body\":42}\n".write(toFile: events, atomically: true, encoding: .utf8)
        let bad = try cratebox("simulate", "--events", events, "--steps", "10")
        #expect(bad.status == 65 && bad.stderr.hasPrefix("\(events):1: the event cannot be applied at step 5"))
    }

    /// Found by the reference's random journals: a valid scene (every number at
    /// its limit) and a grab a million points off a small, heavy body made
    /// Chipmunk abort ("Unsolvable constraint"). Such a grab is refused now.
    /// `simulate --from JOURNAL --at S`: the recorded session's events before S,
    /// then the given ones; bit-identical to a fresh run of the combined events,
    /// and what it records verifies.
    @Test func aHeadlessBranchIsAFreshRunOfTheCombinedEvents() throws {
        let first = temporary("first-events.jsonl"), second = temporary("second-events.jsonl"), combined = temporary("combined.jsonl")
        let recorded = temporary("recorded.jsonl"), branched = temporary("branched.jsonl")
        let a = [#"{"step":30,"event":"tilt","x":0.8,"y":-0.6}"#, #"{"step":200,"event":"spawn","x":150,"y":200}"#,
                 #"{"step":250,"event":"grab","body":0,"x":60,"y":20}"#, #"{"step":400,"event":"tilt","x":-0.5,"y":-0.9}"#]
        let b = [#"{"step":250,"event":"spawn","x":100,"y":250}"#, #"{"step":350,"event":"tilt","x":0,"y":-1}"#]
        try (a.joined(separator: "\n") + "\n").write(toFile: first, atomically: true, encoding: .utf8)
        try (b.joined(separator: "\n") + "\n").write(toFile: second, atomically: true, encoding: .utf8)
        try ((a.prefix(2) + b).joined(separator: "\n") + "\n").write(toFile: combined, atomically: true, encoding: .utf8)
        let original = try cratebox("simulate", "Scenes/crates.json", "--events", first, "--steps", "600", "--record", recorded)
        #expect(original.status == 0, "\(original.stderr)")
        // The grab at step 250 is dropped: the branch starts at 250, before it.
        let branch = try cratebox("simulate", "--from", recorded, "--at", "250", "--events", second, "--steps", "350", "--json", "--record", branched)
        let fresh = try cratebox("simulate", "Scenes/crates.json", "--events", combined, "--steps", "600", "--json")
        #expect(branch.status == 0 && fresh.status == 0, "\(branch.stderr)\(fresh.stderr)")
        #expect(branch.stdout == fresh.stdout && branch.stdout.contains("\"steps\":600"))
        #expect(branch.stdout != original.stdout)
        let verify = try cratebox("replay", branched, "--verify")
        #expect(verify.status == 0 && verify.stdout.hasPrefix("verified 600 steps"), "\(verify.stdout)")

        let past = try cratebox("simulate", "--from", recorded, "--at", "601")
        #expect(past.status == 1 && past.stderr.contains("--at 601 is past the journal's last step, 600"), "\(past.stderr)")
        let early = try cratebox("simulate", "--from", recorded, "--at", "300", "--events", second)
        #expect(early.status == 65 && early.stderr.contains("\(second):1: step 250 is before the branch point, step 300"), "\(early.stderr)")
        #expect(refusal(["simulate", "Scenes/crates.json", "--from", recorded, "--at", "3"])?.status == 64)
    }

    @Test func aGrabFarOffASmallBodyIsRefusedNotAnAbort() throws {
        let r = try cratebox("simulate", "Tests/Fixtures/valid/limits-at-edge.json", "--steps", "600",
                             "--events", "Tests/Fixtures/events/limits-at-edge-far-grab.jsonl")
        #expect(!r.exitedBySignal && r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Tests/Fixtures/events/limits-at-edge-far-grab.jsonl:12: the event cannot be applied at step 507: the grab point is "))
        #expect(r.stderr.hasSuffix("points from body 3's centre of gravity, too far for a body its size; grab it at a point on it\n"))
    }

    /// Regression: a script whose last line had no newline ran as if it were empty.
    @Test func aScriptsLastLineCountsWithoutItsNewline() throws {
        let events = temporary("no-newline.jsonl")
        defer { unlink(events) }
        try "{\"step\":10,\"event\":\"tilt\",\"x\":1,\"y\":0}".write(toFile: events, atomically: true, encoding: .utf8)
        let scripted = try cratebox("simulate", "--events", events, "--steps", "200")
        let plain = try cratebox("simulate", "--steps", "200")
        #expect(scripted.status == 0 && plain.status == 0 && scripted.stdout != plain.stdout)
        try "{\"step\":10,\"event\":\"tilt\",\"x\":1,\"y\":0}\n".write(toFile: events, atomically: true, encoding: .utf8)
        #expect(try cratebox("simulate", "--events", events, "--steps", "200").stdout == scripted.stdout)
    }

    /// `simulate --record` onto a file system that fills up: exit 73, one line
    /// naming the journal, and the file a valid truncated journal.
    @Test func aRecordingThatRunsOutOfSpaceExits73() throws {
        let dir = temporary("full-disk")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try mountSmallDisk(dir)
        defer { unmountSmallDisk(dir) }
        try Data(count: 60 * 1024).write(to: URL(fileURLWithPath: "\(dir)/filler"))
        let journal = "\(dir)/run.jsonl"
        let r = try cratebox("simulate", "--steps", "200000", "--record", journal)
        #expect(r.status == 73)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("cratebox: \(journal): cannot write: No space left on device (the recording stopped at step "))
        let v = try cratebox("replay", journal, "--verify")
        #expect(v.status == 0 && v.stdout.contains("(truncated") && !v.stdout.contains("cut off"))
    }

    /// A recording killed with SIGKILL is still a valid replay up to its last checkpoint.
    @Test func aKilledRecordingVerifiesUpToItsLastCheckpoint() throws {
        let record = temporary("killed.jsonl")
        defer { unlink(record) }
        let process = Process()
        process.executableURL = crateboxBinary
        process.arguments = ["simulate", "Scenes/pile.json", "--steps", "1000000", "--record", record]
        process.currentDirectoryURL = packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for three checkpoints to reach the file.
        var checkpoints = 0
        for _ in 0..<600 where checkpoints < 3 {
            let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            checkpoints = text.components(separatedBy: "\"checkpoint\"").count - 1
            if checkpoints < 3 { usleep(100_000) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        try #require(checkpoints >= 3, "the recording reached no checkpoint before it was killed")
        let r = try cratebox("replay", record, "--verify")
        #expect(r.status == 0)
        // Verified through the checkpoints that were written (at least the three seen).
        let verified = r.stdout.split(separator: " ").dropFirst(3).first.flatMap { Int($0) } ?? 0
        #expect(r.stdout.hasPrefix("verified ") && r.stdout.contains("(truncated") && verified >= checkpoints, "\(r.stdout)")
        // No temporary file is left behind next to it.
        let dir = (record as NSString).deletingLastPathComponent, name = (record as NSString).lastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".\(name).tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func renderDrawsAReplayAtAStepAndAsFrames() throws {
        let picture = temporary("replay.png"), frames = temporary("frames")
        defer { unlink(picture); try? FileManager.default.removeItem(atPath: frames) }
        let r = try cratebox("render", "Tests/Fixtures/replays/crates-every-event.jsonl", "--steps", "240", "--output", picture, "--size", "160x120")
        #expect(r.status == 0 && r.stdout.contains("at step 240"))
        let f = try cratebox("render", "Tests/Fixtures/replays/pyramid-tilted.jsonl", "--frames", frames, "--every", "120", "--size", "80x60")
        #expect(f.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == (0...4).map { "frame-00000\($0).png" })
    }
}
