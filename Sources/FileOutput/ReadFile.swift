#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read, with the reason the system gave.
public struct UnreadableFile: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): cannot read: \(reason)" }
}

/// Reads a regular file whole, up to one byte over `limit` (so that a reader
/// can say it is too big). Opened non-blocking, so a FIFO with no writer
/// cannot hang the caller; directories and devices are refused.
public func readRegularFile(_ path: String, limit: Int) throws(UnreadableFile) -> [UInt8] {
    try readRegularFile(path, limit: limit, lineLimit: nil).bytes
}

/// A line's limit in bytes, from its number (from 1), its first bytes (up
/// to 64) and the file's first bytes (up to 64).
public typealias LineLimit = (_ line: Int, _ lineStart: ArraySlice<UInt8>, _ fileStart: ArraySlice<UInt8>) -> Int

/// The same, line by line: reading stops at the first line (its newline not
/// counted) longer than its limit, whose number (from 1) comes back with the
/// bytes read until then, so a file of gigabytes with one endless line costs
/// no more than that line's limit.
public func readRegularFile(_ path: String, limit: Int, lineLimit: LineLimit?) throws(UnreadableFile) -> (bytes: [UInt8], overlongLine: Int?) {
    // Non-blocking open, so a FIFO with no writer cannot hang us; then only
    // regular files are read.
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    guard fd >= 0 else {
        throw UnreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
        let reason = String(cString: strerror(errno))
        close(fd)
        throw UnreadableFile(path: path, reason: reason)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
        close(fd)
        let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
        throw UnreadableFile(path: path, reason: kind)
    }
    guard let file = fdopen(fd, "rb") else {
        close(fd)
        throw UnreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var line = 1, lineStart = 0
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if let lineLimit {
            func over(_ end: Int) -> Bool {
                let fileStart = bytes[0..<min(64, bytes.count)], lineStartBytes = bytes[lineStart..<min(lineStart + 64, end)]
                return end - lineStart > lineLimit(line, lineStartBytes, fileStart)
            }
            // The newlines of what was just read, found by memchr.
            var at = bytes.count - n
            while at < bytes.count {
                let next: Int? = bytes.withUnsafeBytes { raw in
                    memchr(raw.baseAddress! + at, 0x0A, raw.count - at).map { UnsafeRawPointer($0) - raw.baseAddress! }
                }
                guard let newline = next else { break }
                if over(newline) { return (bytes, line) }
                line += 1
                lineStart = newline + 1
                at = newline + 1
            }
            if over(bytes.count) { return (bytes, line) }
        }
        // One byte over the limit is enough for the decoder to say it is too big.
        if bytes.count > limit { break }
        if n < chunk.count {
            if ferror(file) != 0 { throw UnreadableFile(path: path, reason: String(cString: strerror(errno))) }
            break
        }
    }
    return (bytes, nil)
}

