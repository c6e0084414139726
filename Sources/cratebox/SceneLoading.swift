#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FileOutput
import SceneFormat
import SystemPackage

/// A scene-sized file's bytes (or a bigger limit), or why it cannot be read.
func readFile(_ path: String, limit: Int = Limits.fileBytes) throws(UnreadableFile) -> [UInt8] {
    try readRegularFile(path, limit: limit)
}

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

/// Prints a line on standard output.
func say(_ line: String) {
    Output.write(line + "\n")
}

func printError(_ message: String) {
    var stderr = StandardError()
    print(message, to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
    }
}

/// A scene as read: the decoded scene, the exact text it was decoded from (a
/// journal embeds that text, so it must be the same bytes, read once) and the
/// file's name.
struct LoadedScene {
    var scene: Scene
    var text: String
    var fileName: String
}

/// Loads a scene file, or the built-in crate scene when `path` is nil. Prints
/// the errors and exits 65 (invalid) or 66 (unreadable) on failure.
func loadScene(_ path: String?) throws -> LoadedScene {
    guard let path else { return LoadedScene(scene: DefaultScene.scene(), text: DefaultScene.json, fileName: DefaultScene.fileName) }
    let bytes: [UInt8]
    do {
        bytes = try readFile(path)
    } catch {
        printError("cratebox: \(error)")
        throw Exit.unreadable
    }
    do {
        let scene = try Scene.decode(bytes, file: path)
        // A decoded scene is valid UTF-8 (the reader refuses anything else).
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return LoadedScene(scene: scene, text: String(decoding: bytes, as: UTF8.self), fileName: name)
    } catch {
        printError(error.description)
        throw Exit.invalidScene
    }
}
