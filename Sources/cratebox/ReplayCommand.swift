#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FileOutput
import JSONText
import Render
import CrateboxReplay
import SandboxApp
import Simulation

/// Reads a journal file, or prints why not and exits 66 / 65.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Watch a recorded session in the window, or verify journals headless (--verify).",
        discussion: """
        --verify rebuilds the world from the embedded scene, replays every event
        at its step and compares each checkpoint. One journal: exit 0 when every
        checkpoint matches, 1 at the first that does not (naming its step), 65 for
        a malformed journal. Several journals or folders (searched for *.jsonl):
        they are verified in parallel (--jobs), one line each (ok, truncated,
        diverged at step S, or the error) and a summary; exit 0 when every one
        verified, 1 when any diverged or could not be read. A journal with keyframes
        is verified in stretches between them, in parallel, each keyframe checked
        against the state replayed to its step.

        --add-keyframes SECONDS --output OUT writes the journal again with a keyframe
        every SECONDS of simulated time, verifying it as it goes (exit 1 if it
        does not verify; OUT is then not written).
        """
    )

    @Argument(help: "A cratebox/replay@1 journal; with --verify, any number of journals and folders.")
    var journals: [String]

    @Flag(help: "Replay headless and check every checkpoint.")
    var verify = false

    @Option(help: "Journals verified at once (default: one per core).")
    var jobs: Int?

    @Option(help: "Also write the results as JUnit XML to this file.")
    var junit: String?

    @Option(help: "Verify only the K-th of N slices of the journals, K/N (the slices together hold each journal once).")
    var shard: String?

    @Option(help: ArgumentHelp("Write the journal again with a keyframe every SECONDS (to --output), verifying as it goes.", valueName: "seconds"))
    var addKeyframes: Double?

    @Option(help: "With --add-keyframes: the journal to write (written whole or not at all).")
    var output: String?

    @OptionGroup var window: WindowSettings

    @OptionGroup var timeLimit: TimeLimitOption

    func validate() throws {
        guard !journals.isEmpty else { throw ValidationError("give a journal") }
        if !verify && (journals.count > 1 || jobs != nil || junit != nil || shard != nil) {
            throw ValidationError("watching takes one journal; --jobs, --junit and --shard are for --verify")
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if (addKeyframes == nil) != (output == nil) { throw ValidationError("--add-keyframes and --output go together") }
        if let addKeyframes {
            if verify || journals.count > 1 { throw ValidationError("--add-keyframes rewrites one journal (and verifies it); give no --verify") }
            if Simulate.keyframeSteps(addKeyframes) == nil {
                throw ValidationError("--add-keyframes must be between one step (\(World.stepDuration) s) and 86400 seconds, got \(addKeyframes)")
            }
        }
        if let shard, ReplayCommand.parseShard(shard) == nil { throw ValidationError("--shard must be K/N with 1 <= K <= N, got \"\(shard)\"") }
    }

    static func parseShard(_ text: String) -> (k: Int, n: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, (1...n).contains(k) else { return nil }
        return (k, n)
    }

    var isSuite: Bool {
        var info = stat()
        let oneFile = journals.count == 1 && !(stat(journals[0], &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
        return !oneFile || junit != nil || shard != nil
    }

    func run() throws {
        if (verify && !isSuite) || addKeyframes != nil { timeLimit.apply() }  // headless only: the window is the user's to end
        if verify && isSuite { return try verifySuite() }
        let journal = journals[0]
        if let addKeyframes, let output { return try rewrite(journal, every: Simulate.keyframeSteps(addKeyframes)!, to: output) }
        if verify {
            let replay = try makeReplay(journal)
            let outcome = replay.verify()
            say(replay.report(outcome))
            if case .verified = outcome { return }
            throw Failure(Exit.failure, "")  // the line above says why
        }
        try Run.requireDisplay()
        let options = window.options
        let loaded: LoadedJournal
        do { loaded = try Loader.journal(journal) } catch { throw Failure(error) }
        try Run.open { () throws(WindowError) in try App(replaying: loaded.journal, scene: loaded.scene!, file: journal, options: options) }  // a header was required
    }

    /// `--add-keyframes`: the journal with keyframes, verified as it is
    /// replayed, written to `output` as it is made (under a temporary name,
    /// renamed into place once verified). The file is read once; its lines
    /// are slices of those bytes.
    func rewrite(_ path: String, every steps: Int, to output: String) throws {
        if let why = World.snapshotUnavailable { throw Failure.failed("--add-keyframes: \(why)") }
        let (loaded, bytes): (LoadedJournal, [UInt8])
        do { (loaded, bytes) = try Loader.journalWithBytes(path) } catch { throw Failure(error) }
        let replay: Replay
        do { replay = try Replay(journal: loaded.journal, file: path) } catch { throw Failure(Exit.invalidScene, error.description) }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)  // slices of `bytes`: no copy
        let file: AtomicFile
        do { file = try AtomicFile(path: output) } catch { throw Failure.cannotCreate(error) }
        var pending: [UInt8] = []
        let result: Result<Int, Replay.Outcome>
        do {
            result = try replay.addingKeyframes(every: steps, lines: lines) { line in
                pending.append(contentsOf: line)
                pending.append(0x0A)
                if pending.count >= 1 << 22 {
                    try file.writeAll(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
        } catch let error as FileError {
            throw Failure.cannotCreate(error)
        } catch {
            throw Failure.failed("\(path): \(error)")
        }
        switch result {
        case .failure(let problem):
            // The temporary file goes with `file`: nothing is left under `output`.
            throw Failure(Exit.failure, "\(path): \(replay.report(problem)); \(output) was not written")
        case .success(let keyframes):
            do {
                try file.writeAll(pending)
                try file.close()
                try file.commit()
            } catch { throw Failure.cannotCreate(error) }
            say("\(output): \(keyframes) keyframe\(keyframes == 1 ? "" : "s"), one every \(steps) steps; verified to step \(replay.world.stepCount)")
        }
    }

    func verifySuite() throws {
        var paths = ReplaySuite.journals(in: journals)
        if let shard, let (k, n) = ReplayCommand.parseShard(shard) { paths = ReplaySuite.shard(paths, k, of: n) }
        // The journals verify side by side in one process: its CPU time may reach the limit once per journal.
        timeLimit.apply(files: paths.count)
        let jobs = self.jobs ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let clock = ContinuousClock(), start = clock.now
        let verdicts = ReplaySuite.verify(paths, jobs: jobs) { say($0.line) }
        let seconds = (clock.now - start).seconds
        let count = { (s: JournalVerdict.Status) in verdicts.filter { $0.status == s }.count }
        let summary = "\(verdicts.count) journal\(verdicts.count == 1 ? "" : "s")\(shard.map { " (shard \($0))" } ?? ""): "
            + "\(count(.ok)) ok, \(count(.truncated)) truncated, \(count(.diverged)) diverged, \(count(.error)) not readable; "
            + "\(jobs) job\(jobs == 1 ? "" : "s"), \(NumberText.fixed(seconds, 2)) s"
        say(summary)
        if let junit {
            do {
                try writeTextFile(ReplaySuite.junit(verdicts, seconds: seconds), to: junit)
            } catch {
                throw Failure.cannotCreate(error)
            }
        }
        if !verdicts.allSatisfy(\.passed) { throw Failure(Exit.failure, "") }  // the lines above say which
    }
}
