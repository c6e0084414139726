#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Sandbox

/// A file that could not be read, with the reason the system gave.
struct UnreadableFile: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): cannot read: \(reason)" }
}

func readFile(_ path: String, limit: Int = Limits.fileBytes) throws(UnreadableFile) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        throw UnreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        // One byte over the limit is enough for the decoder to say it is too big.
        if bytes.count > limit { break }
        if n < chunk.count {
            if ferror(file) != 0 { throw UnreadableFile(path: path, reason: String(cString: strerror(errno))) }
            break
        }
    }
    return bytes
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

/// Loads a scene file, or the built-in crate scene when `path` is nil. Prints
/// the errors and exits 65 (invalid) or 66 (unreadable) on failure.
func loadScene(_ path: String?) throws -> Scene {
    guard let path else { return DefaultScene.scene() }
    let bytes: [UInt8]
    do {
        bytes = try readFile(path)
    } catch {
        printError("cratebox: \(error)")
        throw Exit.unreadable
    }
    do {
        return try Scene.decode(bytes, file: path)
    } catch {
        printError(error.description)
        throw Exit.invalidScene
    }
}
