#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Simulation

@main
struct Cratebox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cratebox",
        abstract: "A 2D physics sandbox of wooden crates, on Chipmunk2D.",
        discussion: """
        With no subcommand, opens the window on the built-in crate scene (or on SCENE: `cratebox SCENE`).

        Exit codes: 0 success, 1 anything else (a replay that diverged, a world that could not be built), \
        64 usage, 65 invalid scene or journal, 66 unreadable file, 69 no display (or no ffmpeg for --video), \
        70 Chipmunk failed (a bug: validation should have caught it), 73 cannot write an output file, \
        74 standard output lost (a full disk, a closed pipe).
        """,
        version: Cratebox.version,
        subcommands: [Run.self, Simulate.self, Validate.self, ReplayCommand.self, RenderPicture.self, Curves.self, Bench.self],
        defaultSubcommand: Run.self
    )

    static func main() {
        // Output piped into `head` must end the program quietly, never by a signal.
        signal(SIGPIPE, SIG_IGN)
        var failure: Error?
        do {
            try Cratebox.checkFirstWord(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            failure = error
        }
        // A result that did not reach its file is not a success.
        if let lost = Output.failure {
            if lost.errorNumber != EPIPE { printError("cratebox: cannot write the output: \(lost.reason)") }
            exit(withError: Exit.outputFailed)
        }
        if let failure = failure as? Failure {
            for line in failure.lines { printError(line) }
            exit(withError: failure.status)
        }
        if let failure { exit(withError: failure) }
        for (text, times) in physicsWarnings { printError("cratebox: Chipmunk warned: \(text) (\(times == 1 ? "once" : "\(times) times"))") }
    }
}

