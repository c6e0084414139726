#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal being written. Lines go to a temporary file next to the target,
/// which is renamed over the target as soon as the header is in it: an
/// existing file is replaced whole, never overwritten in place, and from then
/// on the target is a valid journal up to its last complete line even if the
/// program is killed. Lines reach the file (the kernel) at every checkpoint.
public final class JournalFile {
    public let path: String
    private var fd: Int32
    private var pending: [UInt8] = []
    private var renamed = false
    private let temporary: String

    public init(path: String) throws(JournalError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        temporary = "\(directory)/.\(name).tmp-\(getpid())"
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw JournalError(file: path, line: 0, message: "cannot write: \(String(cString: strerror(errno)))") }
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
        if !renamed { unlink(temporary) }
    }

    /// Queues a line (without its newline).
    public func append(_ line: String) {
        pending.append(contentsOf: line.utf8)
        pending.append(0x0A)
    }

    /// Writes what is queued; the first flush also puts the file in place.
    public func flush() throws(JournalError) {
        var offset = 0
        while offset < pending.count {
            let n = pending.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw JournalError(file: path, line: 0, message: "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        pending.removeAll(keepingCapacity: true)
        if !renamed {
            guard rename(temporary, path) == 0 else {
                throw JournalError(file: path, line: 0, message: "cannot write: \(String(cString: strerror(errno)))")
            }
            renamed = true
        }
    }

    /// Writes what is queued, syncs it to disk and closes the file.
    public func close() throws(JournalError) {
        try flush()
        fsync(fd)
        Glibc.close(fd)
        fd = -1
    }
}
