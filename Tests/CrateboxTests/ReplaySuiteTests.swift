import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import cratebox

/// `replay --verify` on a folder of journals, as a CI job would run it: one
/// line each, a summary, the exit status, JUnit XML, shards and jobs.
@Suite struct ReplaySuiteTests {
    /// A folder holding the golden journals (one level down), a tampered one,
    /// one cut short, one that is not a journal, and a file that is not `*.jsonl`.
    func suite() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-suite-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root + "/golden", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/broken", withIntermediateDirectories: true)
        let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/replays").path
        for (name, _, _, _) in goldenJournals {
            try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: root + "/golden/" + name)
        }
        let original = try String(contentsOfFile: fixtures + "/crates-every-event.jsonl", encoding: .utf8)
        try original.replacingOccurrences(of: "{\"step\":205,\"event\":\"drag\",\"x\":180.0", with: "{\"step\":205,\"event\":\"drag\",\"x\":181.0")
            .write(toFile: root + "/broken/tampered.jsonl", atomically: true, encoding: .utf8)
        let lines = original.split(separator: "\n")
        try (lines.prefix(3).joined(separator: "\n") + "\n").write(toFile: root + "/broken/short.jsonl", atomically: true, encoding: .utf8)
        try "not a journal\n".write(toFile: root + "/broken/garbage.jsonl", atomically: true, encoding: .utf8)
        try "ignored\n".write(toFile: root + "/golden/notes.txt", atomically: true, encoding: .utf8)
        return root
    }

    @Test func aFolderOfJournalsGivesALineEachASummaryAndExit1WhenOneDiverged() throws {
        let root = try suite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let junit = root + "/results.xml"
        let r = try cratebox("replay", "--verify", root, "--jobs", "2", "--junit", junit)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let out = r.stdout.split(separator: "\n").map(String.init), n = goldenJournals.count
        #expect(out.count == n + 4, "\(r.stdout)")
        // In path order: broken/ before golden/.
        #expect(out[0].hasPrefix(root + "/broken/garbage.jsonl: line 1"), "\(out[0])")
        #expect(out[1].hasPrefix(root + "/broken/short.jsonl: truncated"), "\(out[1])")
        #expect(out[2].hasPrefix(root + "/broken/tampered.jsonl: diverged at step 240"), "\(out[2])")
        guard out.count == n + 4 else { return }
        #expect(out[3...(n + 2)].allSatisfy { $0.contains("/golden/") && $0.contains(": ok (") }, "\(out)")
        #expect(out[n + 3].hasPrefix("\(n + 3) journals: \(n) ok, 1 truncated, 1 diverged, 1 not readable; 2 jobs"), "\(out[n + 3])")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"\(n + 3)\" failures=\"1\" errors=\"1\""), "\(xml)")
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == n + 3)
        #expect(xml.contains("<failure message=\"diverged at step 240"), "\(xml)")
        #expect(xml.contains("<error message=\"line 1"), "\(xml)")
        // Well-formed: every opened element is closed (Foundation's parser agrees).
        #expect(XMLParser(data: Data(xml.utf8)).parse(), "\(xml)")
    }

    @Test func aSuiteThatVerifiesExits0AndOneJobGivesTheSameLines() throws {
        let root = try suite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let one = try cratebox("replay", "--verify", root + "/golden", "--jobs", "1")
        let two = try cratebox("replay", "--verify", root + "/golden", "--jobs", "2")
        #expect(one.status == 0 && two.status == 0, "\(one.stdout)\(two.stdout)")
        #expect(one.stdout.split(separator: "\n").dropLast() == two.stdout.split(separator: "\n").dropLast())
        let n = goldenJournals.count
        #expect(one.stdout.contains("\(n) journals: \(n) ok, 0 truncated, 0 diverged, 0 not readable; 1 job,"), "\(one.stdout)")
    }

    @Test func theShardsTogetherHoldEveryJournalExactlyOnce() throws {
        let root = try suite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let all = try cratebox("replay", "--verify", root).stdout.split(separator: "\n").dropLast().map(String.init)
        var union: [String] = []
        for k in 1...3 {
            let r = try cratebox("replay", "--verify", root, "--shard", "\(k)/3")
            union += r.stdout.split(separator: "\n").dropLast().map(String.init)
            // The same shard twice is the same slice.
            #expect(try cratebox("replay", "--verify", root, "--shard", "\(k)/3").stdout.split(separator: "\n").dropLast() == r.stdout.split(separator: "\n").dropLast())
        }
        #expect(union.sorted() == all.sorted(), "\(union)")
        let bad = refusal(["replay", "--verify", root, "--shard", "4/3"], running: true)
        #expect(bad?.status == 64 && bad?.message.contains("--shard must be K/N") == true, "\(String(describing: bad))")
    }

    @Test func aMissingPathIsReportedAsAJournalThatCannotBeRead() throws {
        let r = try cratebox("replay", "--verify", "Tests/Fixtures/replays/pyramid-tilted.jsonl", "/nonexistent/x.jsonl")
        #expect(r.status == 1)
        #expect(r.stdout.contains("/nonexistent/x.jsonl: cannot read: No such file or directory"), "\(r.stdout)")
        #expect(r.stdout.contains("pyramid-tilted.jsonl: ok (480 steps"), "\(r.stdout)")
    }
}
