import SystemPackage

/// A recording's keyframe lines go to its file only (each is a whole state:
/// a long recording's would fill the memory), so a journal rewritten for a
/// new branch takes its shared beginning from the recorded file, keyframes
/// and all, rather than from the session's lines.
extension JournalFile {
    /// Queues a line given as bytes (without its newline).
    func append(bytes line: ArraySlice<UInt8>) {
        guard failure == nil else { return }
        pending.append(contentsOf: line)
        pending.append(0x0A)
    }

    /// Writes the lines of the journal at `earlier` that make up `lines`
    /// (the same lines in order, with the keyframe lines between them, and
    /// those right after them of steps up to `step`, where the session now
    /// is), reading it a block at a time: checked whole first, then copied,
    /// flushed as it goes. False, with nothing written, when `earlier` does
    /// not hold `lines` so.
    func appendPrefix(of earlier: String, matching lines: [String], upTo step: Int) throws(JournalError) -> Bool {
        var matched = 0, count = 0
        var fits = true
        try JournalFile.eachLine(of: earlier) { line in
            if matched < lines.count, line.elementsEqual(lines[matched].utf8) {
                matched += 1
            } else if let at = Journal.keyframeStep(line), matched < lines.count || at <= step {
                // A keyframe among the lines, or one right after them that the session has reached.
            } else {
                fits = matched == lines.count
                return false
            }
            count += 1
            return true
        }
        guard fits, matched == lines.count else { return false }
        var copied = 0
        try JournalFile.eachLine(of: earlier) { line throws(JournalError) in
            guard copied < count else { return false }
            append(bytes: line)
            copied += 1
            if pending.count >= 1 << 22 { try flush() }
            return true
        }
        guard copied == count else { throw JournalError(file: earlier, line: 0, message: "it changed while it was copied") }
        return true
    }

    /// Calls `body` with each line of the file at `path` (without its
    /// newline) until it returns false.
    static func eachLine(of path: String, _ body: (ArraySlice<UInt8>) throws(JournalError) -> Bool) throws(JournalError) {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path, .readOnly) } catch {
            throw JournalError(file: path, line: 0, message: "cannot read: \(error)")
        }
        defer { _ = try? fd.close() }  // read only: nothing to lose
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var carry: [UInt8] = []
        while true {
            let n: Int
            do { n = try block.withUnsafeMutableBytes { try fd.read(into: $0) } } catch {
                throw JournalError(file: path, line: 0, message: "cannot read: \(error)")
            }
            if n == 0 { break }
            var start = 0
            for i in 0..<n where block[i] == 0x0A {
                carry.append(contentsOf: block[start..<i])
                if try !body(carry[...]) { return }
                carry.removeAll(keepingCapacity: true)
                start = i + 1
            }
            carry.append(contentsOf: block[start..<n])
        }
        if !carry.isEmpty { _ = try body(carry[...]) }
    }
}
