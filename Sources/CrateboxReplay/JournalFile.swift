import FileOutput
import SystemPackage

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
    /// Where the journal is written.
    public let path: String
    private let file: AtomicFile
    /// Bytes queued and not yet written.
    var pending: [UInt8] = []  // (JournalFile+Prefix queues bytes too)
    /// Bytes in the file, and where its last complete line ends.
    private var written: Int64 = 0
    private var complete: Int64 = 0
    /// The write error that ended the file, if one did.
    public private(set) var failure: JournalError?
    /// For tests: given how many bytes a write is about to write, how many
    /// the disk takes (fewer, or an error), as a file system that fills up would.
    typealias DiskRoom = (Int) throws(Errno) -> Int
    private let room: DiskRoom?

    /// Creates the file (under a temporary name until it is committed). Throws when it cannot be created.
    public convenience init(path: String) throws(JournalError) {
        try self.init(path: path, room: nil)
    }

    init(path: String, room: DiskRoom?) throws(JournalError) {
        self.path = path
        do { file = try AtomicFile(path: path) } catch { throw JournalError(file: path, line: 0, message: "cannot write: \(error.reason)") }
        self.room = room
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
            let n: Int
            do {
                n = try pending.withUnsafeBytes { buffer throws(Errno) in
                    var rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                    if let room { rest = UnsafeRawBufferPointer(rebasing: rest.prefix(try room(rest.count))) }
                    return try file.write(rest)
                }
            } catch {
                throw fail(FileError.describe(error as? Errno ?? .ioError))
            }
            if n <= 0 { throw fail("the file system took no more bytes") }
            // Whole lines only count as complete.
            if let newline = pending[offset..<(offset + n)].lastIndex(of: 0x0A) {
                complete = written + Int64(newline - offset + 1)
            }
            offset += n
            written += Int64(n)
        }
        pending.removeAll(keepingCapacity: true)
        do { try file.commit() } catch { throw fail(error.reason) }
    }

    /// Writes what is queued, syncs it to disk and closes the file.
    public func close() throws(JournalError) {
        try flush()
        do { try file.close() } catch { throw fail(error.reason) }
    }

    /// Ends the file at its last complete line and remembers why.
    private func fail(_ reason: String) -> JournalError {
        let error = JournalError(file: path, line: 0, message: "cannot write: \(reason)")
        failure = error
        pending.removeAll()
        if written > complete {
            file.truncate(to: complete)
            written = complete
        }
        return error
    }
}
