import Foundation
import TestSupport
import Testing

/// One journal, one hash on every machine (replay-format.md, "Platforms").
///
/// glibc picks its `sin`, `cos`, `exp` and `pow` by what the CPU has; with
/// `GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA` it picks, on this CPU, what a
/// CPU without FMA and AVX2 would. cratebox computes with its own math
/// (docs/math.md), which Chipmunk and Lua reach by their C names, so nothing it
/// simulates may change: every shipped scene, every Chipmunk demo, a script
/// that calls each function of Lua's math library, and every golden journal.
/// Box2D's way, too: a few hashes are pinned, and hold as an older CPU.
@Suite("One hash on every machine") struct OneHashTests {
    static let olderCPU = ProcessInfo.processInfo.environment.merging(["GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA"]) { $1 }

    /// Every shipped scene and demo, and the script that calls all of Lua's math.
    static let scenes: [String] = {
        let fm = FileManager.default
        func jsons(_ folder: String) -> [String] {
            let names = (try? fm.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        return jsons("Scenes") + jsons("Scenes/chipmunk") + ["Tests/Fixtures/scripts/mathlib.json"]
    }()

    /// (scene, steps, hash): made once with math 1; the same on every x86_64 machine with Debian's libchipmunk.
    static let pinned: [(String, Int, String)] = [
        ("Scenes/pile.json", 3000, "030d0e2012f3ec12"),
        ("Scenes/walker.json", 3000, "59034b29f8bb5390"),
        ("Scenes/chipmunk/theo-jansen.json", 3000, "a658679d1ac2e5c7"),
        ("Tests/Fixtures/scripts/mathlib.json", 3000, "c740e4831226531d"),
    ]

    func hash(_ scene: String, steps: Int, _ environment: [String: String]? = nil) throws -> String {
        let r = try runProgram(crateboxBinary, ["simulate", scene, "--steps", "\(steps)"], environment: environment)
        #expect(r.status == 0, "\(scene): \(r.stderr)")
        return String(r.stdout.split(separator: " ").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: scenes) func aSceneGivesOneHash(scene: String) throws {
        let here = try hash(scene, steps: 1200), older = try hash(scene, steps: 1200, Self.olderCPU)
        #expect(here.count == 16)
        #expect(here == older, "\(scene): \(here) here, \(older) as a CPU without FMA and AVX2")
    }

    @Test(arguments: goldenJournals) func aGoldenJournalVerifiesAsAnOlderCPU(journal: (String, String, Int, Int)) throws {
        let r = try runProgram(crateboxBinary, ["replay", "Tests/Fixtures/replays/\(journal.0)", "--verify"], environment: Self.olderCPU)
        #expect(r.status == 0, "\(journal.0): \(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains(journal.1))
    }

    @Test(arguments: pinned) func aPinnedHashHolds(scene: String, steps: Int, expected: String) throws {
        #expect(try hash(scene, steps: steps) == expected)
        #expect(try hash(scene, steps: steps, Self.olderCPU) == expected)
    }

    /// The switch is real: on a CPU with FMA the C library's own math gives other bits
    /// with it (else the tests above would prove nothing here). Python's math module is libm's.
    @Test func theSwitchChangesTheCLibrarysMath() throws {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        guard cpu.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains("fma") else {
            Issue.record("this CPU has no FMA: the C library picks one math with or without the switch, so these tests prove nothing here")
            return
        }
        let probe = """
            import math, struct
            h = 0
            for x in range(1, 20000):
                for y in (math.sin(x / 7.0), math.exp(x / 3000.0), math.pow(1 + x / 1e4, 1.37)):
                    h = (h * 1000003 ^ struct.unpack("<Q", struct.pack("<d", y))[0]) % 2**64
            print(h)
            """
        let here = try runProgram("/usr/bin/env", ["python3", "-c", probe])
        let older = try runProgram("/usr/bin/env", ["python3", "-c", probe], environment: Self.olderCPU)
        #expect(here.status == 0 && older.status == 0)
        #expect(here.stdout != older.stdout, "GLIBC_TUNABLES changed nothing in the C library's math")
    }
}

/// What was made before cratebox's own math (replay-format.md, `math`): a journal is
/// refused with the reason, never replayed to a false divergence; a state is numbers,
/// and continues; a newer math is refused as newer.
@Suite struct MathVersionTests {
    static let before = "Tests/Fixtures/old/car-drive-before-math.jsonl"

    static let out = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-\(getpid())-before").path

    @Test(arguments: [["replay", before, "--verify"], ["replay", before, "--add-keyframes", "5", "--output", "\(out).jsonl"],
                      ["render", before, "--steps", "10", "--output", "\(out).png"], ["simulate", "Scenes/car.json", "--events", before]])
    func aJournalFromBeforeIsRefusedWithTheReason(arguments: [String]) throws {
        let r = try cratebox(arguments)
        #expect(r.status == 65, "\(r.stdout) \(r.stderr)")
        #expect(!r.stdout.contains("diverged") && !r.stderr.contains("diverged"))
        #expect(!FileManager.default.fileExists(atPath: "\(Self.out).jsonl") && !FileManager.default.fileExists(atPath: "\(Self.out).png"))
        #expect(r.stderr == "\(Self.before):1: made with the platform's own math (its header has no \"math\": it is older "
            + "than cratebox's own math, docs/math.md), which this cratebox no longer uses, so its hashes cannot be checked here; record it again\n")
    }

    @Test func aJournalOfANewerMathIsRefusedAsNewer() throws {
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/replays/car-drive.jsonl"), encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-\(getpid())-math2.jsonl").path
        defer { unlink(path) }
        try golden.replacingOccurrences(of: "\"math\":1,", with: "\"math\":2,").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try cratebox("replay", path, "--verify")
        #expect(r.status == 65)
        #expect(r.stderr.hasSuffix(":1: made by a newer cratebox: math 2 (this one computes with math 1, docs/math.md)\n"))
    }

    /// A math below cratebox's own was never one it computed with: said so, not called newer.
    @Test func aJournalOfAMathNeverMadeIsRefusedAsSuch() throws {
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/replays/car-drive.jsonl"), encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-\(getpid())-math0.jsonl").path
        defer { unlink(path) }
        try golden.replacingOccurrences(of: "\"math\":1,", with: "\"math\":0,").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try cratebox("replay", path, "--verify")
        #expect(r.status == 65)
        #expect(r.stderr.hasSuffix(":1: math 0 is not a math cratebox has computed with (this one computes with math 1, docs/math.md)\n"))
    }

    @Test func everyJournalAndStateWrittenNowNamesItsMath() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-\(getpid())-names").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try cratebox("simulate", "Scenes/crates.json", "--steps", "120", "--record", "\(dir)/j.jsonl", "--save", "\(dir)/s.state")
        #expect(r.status == 0, "\(r.stderr)")
        let journal = try String(contentsOfFile: "\(dir)/j.jsonl", encoding: .utf8)
        #expect(journal.prefix(while: { $0 != "\n" }).contains(",\"math\":1,"))
        let state = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/s.state"))
        let header = String(decoding: state.prefix(while: { $0 != 10 }), as: UTF8.self)
        #expect(header.contains("\"math\":1,"))
        // A state from before the field continues; one of a newer math is refused.
        for (math, status) in [("", Int32(0)), ("\"math\":2,", Int32(65))] {
            var bytes = Array(state)
            let old = Array("\"math\":1,".utf8), new = Array(math.utf8)
            let at = try #require(bytes.firstRange(of: old))
            bytes.replaceSubrange(at, with: new)
            try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/t.state"))
            let continued = try cratebox("simulate", "\(dir)/t.state", "--steps", "10")
            #expect(continued.status == status, "\(math): \(continued.stderr)")
        }
    }
}
