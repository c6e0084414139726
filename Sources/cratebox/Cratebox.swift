#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser

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
            printError(failure.message)
            exit(withError: failure.status)
        }
        if let failure { exit(withError: failure) }
    }
}

/// A command's failure: the lines to print on standard error and the exit
/// status that goes with them, decided where the error is understood (never
/// by reading the message).
struct Failure: Error {
    var status: ExitCode
    var message: String
    init(_ status: ExitCode, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// The exit codes of sysexits.h that the command line promises.
enum Exit {
    static let invalidScene = ExitCode(65)
    static let unreadable = ExitCode(66)
    static let failure = ExitCode(1)
    static let noDisplay = ExitCode(69)
    /// A tool cratebox needs is missing (EX_UNAVAILABLE, as for no display).
    static let unavailable = ExitCode(69)
    static let cannotCreate = ExitCode(73)
    static let outputFailed = ExitCode(74)
}
