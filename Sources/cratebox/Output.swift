#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FileOutput
import JSONText
import SceneFormat
import SystemPackage

/// Standard output, written with write(2) so that a failed write (a full
/// disk, a closed pipe) is noticed and the command can fail instead of
/// claiming success.
enum Output {
    nonisolated(unsafe) static var failure: (errorNumber: Int32, reason: String)?

    static func write(_ text: String) {
        guard failure == nil else { return }
        do {
            _ = try FileDescriptor.standardOutput.writeAll(text.utf8)
        } catch {
            let errno = error as? Errno ?? .ioError
            failure = (errno.rawValue, FileError.describe(errno))
        }
    }
}

/// Prints a line on standard output, as one line (`TerminalText.oneLine`: no
/// file's escapes or line breaks reach the terminal).
func say(_ line: String) {
    Output.write(TerminalText.oneLine(line) + "\n")
}

/// Prints a line on standard error, as one line (`main` prints failures a line
/// each; commands print warnings).
func printError(_ message: String) {
    var text = TerminalText.oneLine(message) + "\n"
    text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
}


/// Standard error for cratebox's own text, written as it is (a progress bar's
/// carriage returns): never text from a file.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
    }
}
