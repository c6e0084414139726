import Scripting

/// What the script printed (PrintLog.swift), kept while someone reads it.
extension World {
    /// Whether the world keeps what its script prints (`takePrinted()`); off, it forgets it.
    public var printing: Bool {
        get { printLog != nil }
        set { if newValue != printing { printLog = newValue ? PrintLog() : nil } }
    }

    /// What the script printed since the last call, in order; a last line says how many were dropped, if any.
    public func takePrinted() -> [PrintedLine] {
        printLog?.take(step: stepCount) ?? []
    }

    /// Takes the script's printed lines into the log, as printed in `stepCount`
    /// (called before the step's count goes up); forgotten when no one reads them.
    func collectPrinted() {
        guard let script else { return }
        let (lines, dropped) = script.vm.takePrinted()
        printLog?.add(lines, dropped: dropped, step: stepCount)
    }
}
