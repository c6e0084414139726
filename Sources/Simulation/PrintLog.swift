/// A line a scene's script printed (`print`, scene-format.md 16.5), and the
/// step it was printed in (the steps run before it). Not the world's: nothing
/// printed is in the state, the hash or a journal.
public struct PrintedLine: Equatable, Sendable {
    /// The steps run before it was printed (the top level's: the build's).
    public var step: Int
    /// The text, escaped (a control character reads as `\u{1B}`), at most 200 bytes before escaping.
    public var text: String

    /// As `simulate` and the window say it: `NAME.lua (step N): text`.
    public func said(by script: String?) -> String { "\(script ?? "the script") (step \(step)): \(text)" }

    /// The line that stands for `count` lines printed and not kept.
    static func dropped(_ count: Int, step: Int) -> PrintedLine { PrintedLine(step: step, text: "(\(count) more lines printed, not shown)") }
}

/// What a world's script printed since it was last taken, while someone reads it.
final class PrintLog {
    var lines: [PrintedLine] = []
    /// Lines printed past what is kept.
    var dropped = 0
    /// The most lines kept between two takes.
    static let capacity = 256

    /// Keeps `lines` as printed in `step`, and `dropped` more the script did not keep.
    func add(_ lines: [String], dropped: Int, step: Int) {
        guard !lines.isEmpty || dropped > 0 else { return }
        let said = lines.map { PrintedLine(step: step, text: $0) } + (dropped > 0 ? [.dropped(dropped, step: step)] : [])
        for line in said {
            if self.lines.count < Self.capacity { self.lines.append(line) } else { self.dropped += 1 }
        }
    }

    /// What was kept since the last take, in order; a last line says how many were dropped, if any.
    func take(step: Int) -> [PrintedLine] {
        defer { lines = []; dropped = 0 }
        guard dropped > 0 else { return lines }
        return lines + [.dropped(dropped, step: lines.last?.step ?? step)]
    }
}
