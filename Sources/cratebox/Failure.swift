import ArgumentParser
import CrateboxReplay

/// Every way a command fails: the lines to print on standard error and the
/// exit status that goes with them, decided where the error is understood
/// (never by reading the message). `main` prints the message and exits with
/// the status; usage errors are ArgumentParser's `ValidationError` (64).
struct Failure: Error {
    var status: ExitCode
    /// What to print, a line each (each printed as one line, whatever a file put in it);
    /// none when the command has already said it (`validate`'s per-file lines).
    var lines: [String]
    /// The lines, joined.
    var message: String { lines.joined(separator: "\n") }

    init(_ status: ExitCode, _ message: String) {
        self.init(status, lines: message.isEmpty ? [] : [message])
    }

    init(_ status: ExitCode, lines: [String]) {
        self.status = status
        self.lines = lines
    }

    /// A file that could not be loaded: 66 when unreadable, 65 when not valid.
    init(_ error: LoadError) {
        switch error.kind {
        case .unreadable: self.init(Exit.unreadable, lines: error.lines.map { "cratebox: \($0)" })
        case .invalid: self.init(Exit.invalidScene, lines: error.lines)
        }
    }

    /// Anything else that stops a command (exit 1).
    static func failed(_ message: String) -> Failure { Failure(Exit.failure, "cratebox: \(message)") }
    /// A file asked for that could not be written (exit 73).
    static func cannotCreate(_ error: any Error) -> Failure { Failure(Exit.cannotCreate, "cratebox: \(error)") }
    /// Arguments that do not go together, found while running (exit 64).
    static func usage(_ message: String) -> Failure { Failure(ExitCode.validationFailure, "cratebox: \(message)") }
}

/// The exit codes of sysexits.h that the command line promises (`--help` and docs/guide/command-line.md list them).
enum Exit {
    static let failure = ExitCode(1)
    static let invalidScene = ExitCode(65)
    static let unreadable = ExitCode(66)
    static let noDisplay = ExitCode(69)
    /// A tool cratebox needs is missing (EX_UNAVAILABLE, as for no display).
    static let unavailable = ExitCode(69)
    static let cannotCreate = ExitCode(73)
    static let outputFailed = ExitCode(74)
}
