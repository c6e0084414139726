#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal being written. Lines go to a temporary file next to the target,
/// which is renamed over the target as soon as the header is in it: an
/// existing file is replaced whole, never overwritten in place, and from then
/// on the target is a valid journal up to its last complete line even if the
/// program is killed. Lines reach the file (the kernel) at every flush.
///
/// A write error ends the file: what was written of an incomplete line is cut
/// away again (the file stays a valid, truncated journal), nothing is written
/// after it, and no byte is ever written twice.
public final class JournalFile {
    public let path: String
    private var fd: Int32
    /// Bytes queued and not yet written.
    private var pending: [UInt8] = []
    /// Bytes in the file, and where its last complete line ends.
    private var written: off_t = 0
    private var complete: off_t = 0
    private var renamed = false
    private let temporary: String
    /// The write error that ended the file, if one did.
    public private(set) var failure: JournalError?
    /// write(2), or a stand-in that fails on cue (tests).
    typealias Writer = (Int32, UnsafeRawPointer, Int) -> Int
    private let writer: Writer

    public convenience init(path: String) throws(JournalError) {
        try self.init(path: path, writer: { fd, bytes, count in write(fd, bytes, count) })
    }

    init(path: String, writer: @escaping Writer) throws(JournalError) {
        self.path = path
        self.writer = writer
        temporary = temporaryPath(for: path)
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw JournalError(file: path, line: 0, message: "cannot write: \(String(cString: strerror(errno)))") }
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
        if !renamed { unlink(temporary) }
    }

    /// Queues a line (without its newline). Nothing is queued after a failure.
    public func append(_ line: String) {
        guard failure == nil else { return }
        pending.append(contentsOf: line.utf8)
        pending.append(0x0A)
    }

    /// Writes what is queued; the first flush also puts the file in place.
    public func flush() throws(JournalError) {
        if let failure { throw failure }
        var offset = 0
        while offset < pending.count {
            let n = pending.withUnsafeBytes { writer(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(String(cString: strerror(errno)))
            }
            if n == 0 { throw fail("the file system took no more bytes") }
            // Whole lines only count as complete.
            if let newline = pending[offset..<(offset + n)].lastIndex(of: 0x0A) {
                complete = written + off_t(newline - offset + 1)
            }
            offset += n
            written += off_t(n)
        }
        pending.removeAll(keepingCapacity: true)
        if !renamed {
            guard rename(temporary, path) == 0 else { throw fail(String(cString: strerror(errno))) }
            renamed = true
        }
    }

    /// Writes what is queued, syncs it to disk and closes the file.
    public func close() throws(JournalError) {
        try flush()
        let synced = fsync(fd) == 0 ? nil : String(cString: strerror(errno))
        let closed = Glibc.close(fd) == 0 ? nil : String(cString: strerror(errno))
        fd = -1
        if let reason = synced ?? closed { throw fail(reason) }
    }

    /// Ends the file at its last complete line and remembers why.
    private func fail(_ reason: String) -> JournalError {
        let error = JournalError(file: path, line: 0, message: "cannot write: \(reason)")
        failure = error
        pending.removeAll()
        if fd >= 0 && written > complete {
            // Shrinking needs no space, so this works on a full disk too.
            _ = ftruncate(fd, complete)
            written = complete
        }
        return error
    }
}

/// A hidden name beside `path` for a file being written, to be renamed over
/// `path` when it is complete.
public func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(directory)/.\(name).tmp-\(getpid())"
}
