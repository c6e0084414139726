import Foundation
import SystemPackage
import Testing
@testable import CrateboxReplay
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// A recording that meets a write error stops at its last complete line: the
/// file stays a valid, truncated journal, and no byte is ever written twice.
@Suite(.serialized) struct WriteFailureTests {
    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The journal a file holds, which must read as a valid recording whose
    /// lines are the session's first lines, and verify through its checkpoints.
    static func checkTruncated(_ path: String, against session: Session) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.last == 0x0A, "the file ends with a complete line")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count >= 2 && Array(session.lines.prefix(lines.count)) == lines, "the file is the session's first lines, each once")
        let journal = try Journal.parse(bytes, file: path)
        #expect(journal.truncated && journal.cutOffLine == nil)
        let outcome = try Replay(journal: journal, file: path).verify()
        guard case .verified(_, let checkpoints, _, true, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(checkpoints == journal.checkpoints.count)
    }

    /// Regression: after a short write the queued bytes were all written
    /// again at the next flush, so a disk that filled and then freed left a
    /// journal with a broken line.
    @Test func aDiskThatFillsAndFreesLeavesAValidTruncatedJournal() throws {
        let session = try randomSession(seed: 4, steps: 1200)
        let dir = try Self.temporaryDirectory("enospc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.jsonl").path
        // The disk holds the header and a little more, then is full; later it frees.
        var room = session.lines[0].utf8.count + 150
        var calls = 0
        let file = try JournalFile(path: path) { count throws(Errno) in
            calls += 1
            guard room > 0 else { throw Errno.noSpace }
            let n = min(count, room)
            room -= n
            return n
        }
        var failures = 0
        for (i, line) in session.lines.enumerated() {
            file.append(line)
            guard i == 0 || line.contains("checkpoint") else { continue }
            do { try file.flush() } catch {
                failures += 1
                #expect(error.message == "cannot write: No space left on device")
                room = 1_000_000  // the disk frees: nothing more may be written all the same
            }
        }
        #expect(failures >= 1 && file.failure != nil)
        let callsAtFailure = calls
        #expect(throws: JournalError.self) { try file.close() }
        #expect(calls == callsAtFailure, "nothing is written after the failure")
        try Self.checkTruncated(path, against: session)
    }

    /// A journal replaces an existing file whole: the old one stays as it was
    /// until the new one has its header, and stays as it was if that fails.
    @Test func aJournalReplacesAnExistingFileWhole() throws {
        let dir = try Self.temporaryDirectory("replace")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.jsonl").path
        let old = "an earlier recording\n"
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        func current() -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
        let session = try randomSession(seed: 5, steps: 130)
        let failing = try JournalFile(path: path) { _ throws(Errno) in throw Errno.ioError }
        failing.append(session.lines[0])
        #expect(throws: JournalError.self) { try failing.flush() }
        #expect(current() == old)
        let file = try JournalFile(path: path)
        file.append(session.lines[0])
        #expect(current() == old, "queued, not yet written")
        try file.flush()
        #expect(current() == session.lines[0] + "\n")
        for line in session.lines.dropFirst() { file.append(line) }
        try file.close()
        #expect(current() == session.lines.joined(separator: "\n") + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["r.jsonl"])
    }

    /// The same on a real file system that fills up (a 64 KiB tmpfs; needs
    /// root, as the tests have here and in CI), through Session as the window
    /// and `simulate --record` use it.
    @Test func aRecordingOnAFullFileSystemStopsAndSaysSo() throws {
        let dir = try Self.temporaryDirectory("tmpfs")
        defer { try? FileManager.default.removeItem(at: dir) }
        try mountSmallDisk(dir.path)
        defer { unmountSmallDisk(dir.path) }
        let filler = dir.appendingPathComponent("filler").path
        // Leave about 6 KiB: the header fits, the checkpoints soon do not.
        try Data(count: 58 * 1024).write(to: URL(fileURLWithPath: filler))
        let session = try Session(LoadedScene(scene: DefaultScene.scene(), text: DefaultScene.json, fileName: DefaultScene.fileName))
        let path = dir.appendingPathComponent("session.jsonl").path
        try session.startRecording(to: path)
        var steps = 0
        while session.recordingFailure == nil && steps < 2_000_000 {
            try session.step()
            steps += 1
        }
        let failure = try #require(session.recordingFailure)
        #expect(failure.error.description == "\(path): cannot write: No space left on device" && !session.isRecording)
        try FileManager.default.removeItem(atPath: filler)  // space again: the recording stays stopped
        try session.step(240)
        #expect(try session.stopRecording() == nil)
        try Self.checkTruncated(path, against: session)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["session.jsonl"], "no temporary file is left")
    }
}
