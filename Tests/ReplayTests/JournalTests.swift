import Foundation
import CrateboxGeometry
import Testing
@testable import CrateboxReplay
@testable import Simulation
@testable import SceneFormat
import TestSupport

@Suite struct JournalTests {
    @Test func sha256KnownAnswers() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }


    func kinds(_ journal: Journal) -> Set<String> {
        Set(journal.events.map { e -> String in
            switch e.event {
            case .tilt: "tilt"
            case .spawn: "spawn"
            case .grab: "grab"
            case .drag: "drag"
            case .release: "release"
            case .remove: "remove"
            case .reset: "reset"
            case .key: "key"
            case .slice: "slice"
            case .explode: "explode"
            case .pointer: "pointer"
            case .click: "click"
            }
        })
    }

    @Test(arguments: 0..<6 as Range<UInt64>)
    func recordedSessionsVerify(seed: UInt64) throws {
        let session = try randomSession(seed: seed)
        let text = session.journalText
        let journal = try Journal.parse(Array(text.utf8), file: "r.jsonl")
        #expect(journal.checkpoints.count == 6 && journal.end?.steps == 720)
        #expect(kinds(journal).count >= 5)
        let outcome = try Replay(journal: journal, file: "r.jsonl").verify()
        #expect(outcome == .verified(steps: 720, checkpoints: 6, hash: session.world.stateHash, truncated: false))
        // The same stream twice: the same journal, bit for bit.
        #expect(try randomSession(seed: seed).journalText == text)
    }

    @Test func everyEventKindAppearsAcrossTheSeeds() throws {
        var all = Set<String>()
        for seed in 0..<6 as Range<UInt64> {
            all.formUnion(kinds(try Journal.parse(Array(try randomSession(seed: seed).journalText.utf8), file: "r")))
        }
        #expect(all == ["tilt", "spawn", "grab", "drag", "release", "remove", "reset", "slice", "explode"])
    }

    /// Changing any event is caught at the first checkpoint after it.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func aChangedEventDivergesAtTheNextCheckpoint(seed: UInt64) throws {
        let session = try randomSession(seed: seed)
        var lines = session.journalText.split(separator: "\n").map(String.init)
        let journal = try Journal.parse(Array(session.journalText.utf8), file: "r")
        // A tilt that acts for at least one step (no later tilt or reset at
        // its step) and is not wiped out by a reset before the next checkpoint.
        let candidates = journal.events.enumerated().filter { i, timed in
            guard case .tilt = timed.event else { return false }
            let checkpoint = (timed.step / Journal.checkpointInterval + 1) * Journal.checkpointInterval
            guard checkpoint <= 720 else { return false }
            return !journal.events[(i + 1)...].contains { later in
                (later.step == timed.step && (later.event == .reset || { if case .tilt = later.event { true } else { false } }()))
                    || (later.event == .reset && later.step <= checkpoint)
            }
        }
        let (_, original) = try #require(candidates.first)
        guard case .tilt(let x, let y) = original.event else { return }
        lines[original.line - 1] = Journal.line(step: original.step, .tilt(x: x + 0.001, y: y))
        let tampered = try Journal.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "r")
        let expectedStep = (original.step / Journal.checkpointInterval + 1) * Journal.checkpointInterval
        let outcome = try Replay(journal: tampered, file: "r").verify()
        guard case .diverged(let step, let expected, let got) = outcome else { Issue.record("not caught: \(outcome)"); return }
        #expect(step == expectedStep && expected != got)
    }

    @Test func aJournalCutOffMidLineIsValidUpToItsLastCompleteLine() throws {
        let session = try randomSession(seed: 9, steps: 500)
        let text = session.journalText
        // Cut in the middle of the end line, and then inside a line after the second checkpoint.
        let second = try #require(text.range(of: "\"step\":240,\"checkpoint\""))
        let afterSecond = text.distance(from: text.startIndex, to: second.upperBound) + 40
        for cut in [text.count - 10, afterSecond] {
            let partial = String(text.prefix(cut))
            let journal = try Journal.parse(Array(partial.utf8), file: "cut.jsonl")
            #expect(journal.truncated)
            let outcome = try Replay(journal: journal, file: "cut.jsonl").verify()
            guard case .verified(let steps, let checkpoints, _, let truncated, let cutOff) = outcome else { Issue.record("\(outcome)"); continue }
            #expect(truncated && steps == journal.checkpoints.last?.step && checkpoints == journal.checkpoints.count && checkpoints >= 2)
            // The line that was cut off is named, not ignored in silence.
            let lineCount = partial.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(cutOff == lineCount)
            #expect(outcome.description.hasSuffix("; line \(lineCount) was cut off mid-write and was not read"))
        }
        // A whole last line that only lost its newline is read.
        let lostNewline = try Journal.parse(Array(text.dropLast().utf8), file: "r.jsonl")
        #expect(lostNewline.end != nil && lostNewline.cutOffLine == nil)
    }

    /// Regression: a hand-written script whose last line has no newline ran
    /// as if that line were not there.
    @Test func aScriptsLastLineIsALineWithOrWithoutItsNewline() throws {
        let line = "{\"step\":10,\"event\":\"tilt\",\"x\":1,\"y\":0}"
        for text in [line, line + "\n", "{\"step\":0,\"event\":\"release\"}\n" + line] {
            let script = try Journal.parse(Array(text.utf8), file: "s.jsonl", requireHeader: false)
            #expect(script.events.last?.event == .tilt(x: 1, y: 0) && script.events.last?.step == 10, "\(text)")
        }
        // A broken last line in a script is an error with its line number, not dropped.
        #expect(throws: JournalError(file: "s.jsonl", line: 2, message: "column 1: unexpected 'x'; expected a value")) {
            try Journal.parse(Array((line + "\nx").utf8), file: "s.jsonl", requireHeader: false)
        }
    }

    @Test func malformedJournalsNameTheLine() throws {
        let header = try randomSession(seed: 1, steps: 0).lines[0]
        func error(_ text: String) -> String {
            do {
                _ = try Journal.parse(Array(text.utf8), file: "bad.jsonl")
                return ""
            } catch {
                return error.description
            }
        }
        #expect(error("") == "bad.jsonl: empty: a journal starts with a cratebox/replay@1 header line")
        #expect(error("{\"format\":\"x\"}\n").hasPrefix("bad.jsonl:1: the first line must be a cratebox/replay@1 header"))
        #expect(error(header + "\n{\"step\":3,\"event\":\"jump\"}\n") == "bad.jsonl:2: unknown event \"jump\" (expected tilt, spawn, grab, drag, release, remove, reset, key, slice, explode, pointer or click)")
        #expect(error(header + "\n{\"step\":5,\"event\":\"release\"}\n{\"step\":4,\"event\":\"release\"}\n") == "bad.jsonl:3: step 4 comes after step 5; lines must be in step order")
        #expect(error(header + "\n{\"step\":1,\"event\":\"tilt\",\"x\":1}\n") == "bad.jsonl:2: missing \"y\"")
        #expect(error(header + "\n{\"step\":1,\"event\":\"release\",\"extra\":1}\n") == "bad.jsonl:2: unknown key \"extra\"")
        #expect(error(header + "\n{\"step\":120,\"checkpoint\":\"XYZ\"}\n").hasPrefix("bad.jsonl:2: \"checkpoint\" must be 16 lowercase hex digits"))
        #expect(error(header + "\nnot json\n").hasPrefix("bad.jsonl:2: column 1: "))
        #expect(error(header + "\n{\"end\":0,\"hash\":\"0000000000000000\"}\n{\"step\":0,\"event\":\"release\"}\n") == "bad.jsonl:3: nothing may follow the end line")
        let changedScene = header.replacingOccurrences(of: "Crates", with: "Boxes")
        #expect(error(changedScene + "\n") == "bad.jsonl:1: the embedded scene does not match its sceneSha256: it was changed")
    }
}

@Suite struct JournalIndexTests {
    /// Indices are never reused, so a long session names indices past the
    /// body limit: a journal may hold them.
    @Test func aJournalMayNameIndicesPastTheBodyLimit() throws {
        let index = World.maxBodies + 505
        let line = Journal.line(step: 2, .remove(body: index))
        let journal = try Journal.parse(Array((line + "\n").utf8), file: "x", requireHeader: false)
        #expect(journal.events.first?.event == .remove(body: index))
    }
}

@Suite struct ReplaySeekTests {
    /// Seeking backwards rebuilds the world and replays up to the step: the
    /// same state as playing forward to it.
    @Test func seekingBackwardsGivesTheSameStateAsPlayingForward() throws {
        let session = try randomSession(seed: 6, steps: 600)
        let journal = try Journal.parse(Array(session.journalText.utf8), file: "r")
        let replay = Timeline(try Replay(journal: journal, file: "r"), keyframeBudget: 0)
        #expect(try replay.seek(to: 500) == nil && replay.world.stepCount == 500)
        #expect(try replay.seek(to: 170) == nil && replay.world.stepCount == 170)
        let fresh = Timeline(try Replay(journal: journal, file: "r"), keyframeBudget: 0)
        #expect(try fresh.seek(to: 170) == nil)
        #expect(replay.world.stateHash == fresh.world.stateHash)
        // And on from there, through the checkpoints, to the end.
        #expect(try replay.seek(to: 600) == nil && replay.world.stateHash == journal.end?.hash)
    }

    /// F9 mid-session: the journal holds the session from step 0, events
    /// before the recording started included, and replays from the scene.
    @Test func aRecordingStartedMidSessionCoversItFromStepZero() throws {
        let session = try Session(LoadedScene(scene: DefaultScene.scene(), text: DefaultScene.json, fileName: DefaultScene.fileName))
        try session.apply(.tilt(x: 0.5, y: -0.8))
        try session.step(300)
        try session.apply(.spawn(x: 150, y: 200))
        try session.step(50)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-midway-\(getpid()).jsonl").path
        defer { unlink(path) }
        try session.startRecording(to: path)
        try session.step(200)
        try session.apply(.remove(body: 5))
        try session.step(10)
        try session.stopRecording()
        let journal = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        #expect(journal.events.map(\.step) == [0, 300, 550])
        #expect(journal.checkpoints.first?.step == 120 && journal.end?.steps == 560)
        guard case .verified(560, 4, session.world.stateHash, false, nil) = try Replay(journal: journal, file: path).verify() else {
            Issue.record("does not verify from step 0"); return
        }
    }
}

/// Bits are promised on the same platform only: the journal says which one
/// recorded it, and a divergence elsewhere names both.
@Suite struct PlatformTests {
    @Test func theHeaderRecordsThePlatform() throws {
        let session = try randomSession(seed: 2, steps: 10)
        let journal = try Journal.parse(Array(session.journalText.utf8), file: "r")
        let platform = try #require(journal.header?.platform)
        #expect(platform == Platform.current && !platform.arch.isEmpty && platform.os == "Linux" && platform.libc.hasPrefix("glibc 2."))
        #expect(platform.chipmunk == "7.0.3")
    }

    @Test func olderJournalsWithoutPlatformStillRead() throws {
        let session = try randomSession(seed: 2, steps: 130)
        var lines = session.journalText.split(separator: "\n").map(String.init)
        for key in ["arch", "os", "libc"] {
            lines[0] = lines[0].replacingOccurrences(of: #","\#(key)":"[^"]*""#, with: "", options: .regularExpression)
        }
        #expect(!lines[0].contains("libc"))
        let journal = try Journal.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "old")
        #expect(journal.header?.platform == nil)
        guard case .verified = try Replay(journal: journal, file: "old").verify() else { Issue.record("does not verify"); return }
    }

    @Test func aDivergenceOnAnotherPlatformNamesBoth() throws {
        let session = try randomSession(seed: 3, steps: 250)
        var lines = session.journalText.split(separator: "\n").map(String.init)
        // A different hash at the first checkpoint: a divergence.
        let checkpoint = try #require(lines.firstIndex { $0.contains("\"checkpoint\"") })
        lines[checkpoint] = Journal.checkpointLine(step: 120, hash: 42)
        let here = Platform.current
        let sameText = lines.joined(separator: "\n") + "\n"
        let same = try Replay(journal: Journal.parse(Array(sameText.utf8), file: "r"), file: "r")
        let outcome = same.verify()
        #expect(same.report(outcome) == outcome.description && outcome.description.hasPrefix("diverged at step 120: expected 000000000000002a"))

        lines[0] = lines[0].replacingOccurrences(of: "\"arch\":\"\(here.arch)\"", with: "\"arch\":\"aarch64\"")
        let other = try Replay(journal: Journal.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "r"), file: "r")
        let message = other.report(other.verify())
        #expect(message == "\(outcome.description) (recorded on aarch64 Linux \(here.libc), Chipmunk 7.0.3; replayed on \(here): results are only bit-identical on the same platform)")
        // A replay that verifies says nothing about platforms.
        lines[checkpoint] = session.lines[session.lines.firstIndex { $0.contains("\"checkpoint\"") }!]
        let fine = try Replay(journal: Journal.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "r"), file: "r")
        #expect(!fine.report(fine.verify()).contains("recorded on"))
    }
}
