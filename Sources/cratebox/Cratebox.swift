import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

@main
struct Cratebox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cratebox",
        abstract: "A 2D physics sandbox of wooden crates, on Chipmunk2D.",
        discussion: """
        Exit codes: 0 success, 64 usage, 65 invalid scene, 66 unreadable file.
        With no subcommand, opens the window on the built-in crate scene.
        """,
        subcommands: [Run.self, Simulate.self, Validate.self, RenderPicture.self, Bench.self],
        defaultSubcommand: Run.self
    )

    static func main() {
        // Output piped into `head` must end the program quietly, never by a signal.
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}

/// The exit codes of sysexits.h that the command line promises.
enum Exit {
    static let invalidScene = ExitCode(65)
    static let unreadable = ExitCode(66)
    static let failure = ExitCode(1)
    static let noDisplay = ExitCode(69)
    static let cannotCreate = ExitCode(73)
}
