#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FileOutput
import JSONText

/// What verifying one journal of a suite found.
public struct JournalVerdict: Sendable, Equatable {
    /// A journal's verdict, as its line begins.
    public enum Status: String, Sendable {
        /// Every checkpoint and the end matched.
        case ok
        /// It matched up to its last checkpoint, and it has no end line (a recording cut short).
        case truncated
        /// A checkpoint or the end did not match, or an event could not be applied.
        case diverged
        /// It could not be read, or it is not a journal.
        case error
    }

    /// The journal's path, as given or found.
    public var path: String
    /// Whether it verified, and how.
    public var status: Status
    /// What to say about it (after its path).
    public var message: String
    /// Wall-clock seconds it took (for JUnit's `time`).
    public var seconds: Double

    /// Whether it counts as verified (a truncated journal verified what it has).
    public var passed: Bool { status == .ok || status == .truncated }

    /// "path: message", the line `replay --verify` prints for it.
    public var line: String { "\(path): \(message)" }
}

/// Replay tests at scale: the journals under some paths, sliced into shards,
/// verified in parallel (a World per journal, each on one thread), reported
/// one line each and as JUnit XML.
public enum ReplaySuite {
    /// The journals named or found (recursively, `*.jsonl`) under `paths`, each once, in byte order of their paths.
    /// A path that is neither a file nor a folder stays in the list, to be reported as an error.
    public static func journals(in paths: [String]) -> [String] { Loader.files(in: paths, endingIn: ".jsonl") }

    /// The `k`-th (1-based) of `n` slices: a journal belongs to the slice its
    /// path's FNV-1a hash picks, so a file keeps its shard when others come
    /// and go, and the shards together hold every journal exactly once.
    public static func shard(_ paths: [String], _ k: Int, of n: Int) -> [String] {
        paths.filter { Int(fnv1a($0) % UInt64(n)) == k - 1 }
    }

    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in s.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    /// Reads and verifies one journal.
    public static func verify(_ path: String) -> JournalVerdict {
        let clock = ContinuousClock(), start = clock.now
        func verdict(_ status: JournalVerdict.Status, _ message: String) -> JournalVerdict {
            let (s, atto) = (clock.now - start).components
            return JournalVerdict(path: path, status: status, message: message, seconds: Double(s) + Double(atto) * 1e-18)
        }
        let replay: Replay
        do {
            // Line by line, each line within its limit (Loader.lineLimit), as every journal is read.
            let (bytes, overlong) = try readRegularFile(path, limit: FileLimits.journal, lineLimit: Loader.lineLimit)
            if let line = overlong { return verdict(.error, "line \(line) is longer than any line of a journal may be") }
            replay = try Replay(journal: try Journal.parse(bytes, file: path), file: path)
        } catch let error as UnreadableFile {
            return verdict(.error, "cannot read: \(error.reason)")
        } catch {
            // The reader's message names the file already (`path:line: ...`): the line names it once.
            var message = "\(error)"
            if message.hasPrefix(path + ":") {
                message = String(message.dropFirst(path.count + 1))
                if message.first?.isNumber ?? false { message = "line " + message }
                message = message.drop { $0 == " " }.description
            }
            return verdict(.error, message)
        }
        let outcome = replay.verify()
        switch outcome {
        case .verified(let steps, let checkpoints, _, let truncated, _):
            let counts = "\(steps) steps, \(checkpoints) checkpoint\(checkpoints == 1 ? "" : "s")"
            return truncated ? verdict(.truncated, "truncated (no end line; verified \(counts))") : verdict(.ok, "ok (\(counts))")
        case .diverged, .refused, .keyframe:
            return verdict(.diverged, replay.report(outcome))
        }
    }

    /// Verifies `paths` on `jobs` threads; `each` is called with every verdict
    /// in the order of `paths`, as soon as it and all before it are done.
    public static func verify(_ paths: [String], jobs: Int, each: @escaping @Sendable (JournalVerdict) -> Void) -> [JournalVerdict] {
        let board = Board(count: paths.count, each: each)
        let workers = max(1, min(jobs, paths.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = board.next() { board.finish(i, verify(paths[i])) }
        }
        return board.verdicts()
    }

    /// Hands out the next journal and reports finished ones in order; one
    /// serial queue does all of it, so no state is shared between the workers.
    private final class Board: Sendable {
        private let queue = DispatchQueue(label: "cratebox.replay-suite")
        private nonisolated(unsafe) var results: [JournalVerdict?]
        private nonisolated(unsafe) var handedOut = 0, reported = 0
        private let each: @Sendable (JournalVerdict) -> Void

        init(count: Int, each: @escaping @Sendable (JournalVerdict) -> Void) {
            results = Array(repeating: nil, count: count)
            self.each = each
        }

        func next() -> Int? {
            queue.sync {
                guard handedOut < results.count else { return nil }
                handedOut += 1
                return handedOut - 1
            }
        }

        func finish(_ i: Int, _ verdict: JournalVerdict) {
            queue.sync {
                results[i] = verdict
                while reported < results.count, let done = results[reported] {
                    each(done)
                    reported += 1
                }
            }
        }

        func verdicts() -> [JournalVerdict] { queue.sync { results.compactMap { $0 } } }
    }

    /// The verdicts as JUnit XML: one test case per journal, a `failure` for
    /// each that diverged and an `error` for each that could not be read.
    public static func junit(_ verdicts: [JournalVerdict], seconds: Double) -> String {
        let failures = verdicts.filter { $0.status == .diverged }.count, errors = verdicts.filter { $0.status == .error }.count
        let t = { (x: Double) in NumberText.fixed(x, 3) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"cratebox replay --verify\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(t(seconds))\">\n"
        xml += "  <testsuite name=\"replays\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(t(seconds))\">\n"
        for v in verdicts {
            xml += "    <testcase classname=\"replays\" name=\"\(escape(v.path))\" time=\"\(t(v.seconds))\""
            switch v.status {
            case .ok: xml += "/>\n"
            case .truncated: xml += ">\n      <system-out>\(escape(v.message))</system-out>\n    </testcase>\n"
            case .diverged: xml += ">\n      <failure message=\"\(escape(v.message))\">\(escape(v.line))</failure>\n    </testcase>\n"
            case .error: xml += ">\n      <error message=\"\(escape(v.message))\">\(escape(v.line))</error>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Text for XML: the five special characters as entities, other control characters dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(c)
            default: if c.value >= 0x20 { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}
