import Scripting

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
}

extension World {
    /// Whether the world keeps what its script prints (`takePrinted()`); off, it forgets it.
    public var printing: Bool {
        get { printLog != nil }
        set { if newValue != printing { printLog = newValue ? PrintLog() : nil } }
    }

    /// What the script printed since the last call, in order; a last line says how many were dropped, if any.
    public func takePrinted() -> [PrintedLine] {
        guard let log = printLog else { return [] }
        defer { log.lines = []; log.dropped = 0 }
        guard log.dropped > 0 else { return log.lines }
        return log.lines + [.dropped(log.dropped, step: log.lines.last?.step ?? stepCount)]
    }

    /// Takes the script's printed lines into the log, as printed in `stepCount`
    /// (called before the step's count goes up); forgotten when no one reads them.
    func collectPrinted() {
        guard let script else { return }
        let (lines, dropped) = script.takePrinted()
        guard let log = printLog, !lines.isEmpty || dropped > 0 else { return }
        let said = lines.map { PrintedLine(step: stepCount, text: $0) } + (dropped > 0 ? [.dropped(dropped, step: stepCount)] : [])
        for line in said {
            if log.lines.count < PrintLog.capacity { log.lines.append(line) } else { log.dropped += 1 }
        }
    }
}
