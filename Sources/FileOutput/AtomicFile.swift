#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A file written under a temporary name beside its target and renamed over
/// the target once it is complete: an existing file stays whole until then,
/// and a crash or a full disk never leaves half a file under the user's name.
/// Journals (written as they go), scene saves, screenshots and frames all
/// write through it.
public final class AtomicFile {
    public let path: String
    private let temporary: FilePath
    private var fd: FileDescriptor?
    public private(set) var isCommitted = false

    /// Creates the temporary file (replacing a leftover of this process).
    public init(path: String) throws(FileError) {
        self.path = path
        temporary = AtomicFile.temporaryPath(for: path)
        do {
            fd = try FileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw FileError(path: path, error as? Errno ?? .ioError)
        }
    }

    deinit {
        guard let fd else {
            if !isCommitted { unlink(temporary.string) }
            return
        }
        guard isCommitted else {
            // Abandoned before it was renamed (a failed write): its temporary
            // file is removed next, so a close error loses nothing.
            _ = try? fd.close()
            unlink(temporary.string)
            return
        }
        // Renamed into place as it was written (a journal) and let go without
        // close() (its writer stopped on an error it reported): the file is the
        // user's, so a close that fails is said; deinit cannot throw it.
        do { try fd.close() } catch {
            let line = Array("cratebox: \(path): \(FileError.describe(error as? Errno ?? .ioError)) (closing it)\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
    }

    /// One write(2) of `bytes` (retried on EINTR): how many were written.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        guard let fd else { throw Errno.badFileDescriptor }
        do { return try fd.write(bytes) } catch let error as Errno { throw error } catch { throw Errno.ioError }
    }

    /// Writes all of `bytes` (write(2) may take fewer at a time).
    public func writeAll(_ bytes: [UInt8]) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n: Int
            do { n = try bytes.withUnsafeBytes { buffer throws(Errno) in try write(UnsafeRawBufferPointer(rebasing: buffer[offset...])) } } catch {
                throw FileError(path: path, error as? Errno ?? .ioError)
            }
            guard n > 0 else { throw FileError(path: path, reason: "the file system took no more bytes") }
            offset += n
        }
    }

    /// Cuts the file back to `size` bytes (a failed write's partial line).
    public func truncate(to size: Int64) {
        guard let fd else { return }
        // Shrinking needs no space, so this works on a full disk too.
        _ = try? fd.resize(to: size)
    }

    /// Renames the file over its target: from now on the target is this file.
    public func commit() throws(FileError) {
        guard !isCommitted else { return }
        guard renameFile(temporary.string, path) == 0 else { throw FileError(path: path, Errno(rawValue: errno)) }
        isCommitted = true
    }

    /// Syncs the file to disk and closes it.
    public func close() throws(FileError) {
        guard let fd else { return }
        self.fd = nil
        // Not swallowed: a file that did not reach the disk is lost.
        guard fsync(fd.rawValue) == 0 else {
            let failure = Errno(rawValue: errno)
            try? fd.close()  // the sync failure is the error reported; the file is not committed
            throw FileError(path: path, failure)
        }
        do { try fd.close() } catch { throw FileError(path: path, error as? Errno ?? .ioError) }
    }

    /// Writes a whole file atomically: written, synced, closed, then renamed into place.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let file = try AtomicFile(path: path)
        try file.writeAll(bytes)
        try file.close()
        try file.commit()
    }

    /// `stem + ext`, or `stem-2 + ext`, `stem-3 + ext`... whichever does not
    /// exist yet: a second screenshot at the same step must not replace the first.
    public static func unusedPath(_ stem: String, _ ext: String) -> String {
        unusedStem(stem, for: [ext]) + ext
    }

    /// `stem`, or `stem-2`, `stem-3`... the first with which no name of
    /// `extensions` exists yet (files saved together keep one name). With
    /// `numbered`, the first is `stem-1` (the futures a recording leaves
    /// behind, numbered as they come). The one search for a free name.
    public static func unusedStem(_ stem: String, for extensions: [String], numbered: Bool = false) -> String {
        func candidate(_ n: Int) -> String { n == 1 && !numbered ? stem : "\(stem)-\(n)" }
        var n = 1
        while extensions.contains(where: { access(candidate(n) + $0, F_OK) == 0 }) { n += 1 }
        return candidate(n)
    }

    /// Renames a file, reporting the target as the file that could not be written.
    public static func rename(_ path: String, to target: String) throws(FileError) {
        guard renameFile(path, target) == 0 else { throw FileError(path: target, Errno(rawValue: errno)) }
    }

    /// A hidden name beside `path`: `.NAME.tmp-PID`.
    public static func temporaryPath(for path: String) -> FilePath {
        let target = FilePath(path)
        let name = target.lastComponent.map { ".\($0.string).tmp-\(getpid())" } ?? ".tmp-\(getpid())"
        return target.removingLastComponent().appending(name)
    }
}

/// The C library's rename (inside `AtomicFile`, `rename` is its own).
private func renameFile(_ path: String, _ target: String) -> Int32 {
    rename(path, target)
}

/// A file that could not be written: `path: cannot write: reason`.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public init(path: String, _ errno: Errno) {
        self.init(path: path, reason: FileError.describe(errno))
    }
    public var description: String { "\(path): cannot write: \(reason)" }

    /// strerror's words ("No space left on device"), as the rest of cratebox prints them.
    public static func describe(_ errno: Errno) -> String {
        String(cString: strerror(errno.rawValue))
    }
}

/// Writes text to a file, atomically, synced to disk before it is renamed
/// (scene saves, recovery files, JUnit reports, statistics).
public func writeTextFile(_ text: String, to path: String) throws(FileError) {
    try AtomicFile.write(Array(text.utf8), to: path)
}
