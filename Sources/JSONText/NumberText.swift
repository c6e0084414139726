/// Numbers as text, the few ways cratebox writes them (one place for all).
public enum NumberText {
    /// The shortest text that reads back to the same double, whole numbers
    /// without a fraction ("12", "0.1"); zero is "0" whatever its sign (a
    /// person reads "-0.0" as a mistake): scene files and messages.
    public static func shortest(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A JSON number that reads back to the same double, always with a
    /// fraction or exponent ("16.0"); JSON has no NaN or infinity: null.
    public static func json(_ x: Double) -> String {
        x.isFinite ? "\(x)" : "null"
    }

    /// `x` rounded to `digits` decimals, all of them written ("0.50", "12"):
    /// figures for people (the HUD, benchmarks).
    public static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "\(x)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (x * scale).rounded() / scale
        if digits == 0 { return String(Int64(r)) }
        var s = "\(r)"
        if let dot = s.firstIndex(of: "."), !s.contains("e") {
            let have = s.distance(from: dot, to: s.endIndex) - 1
            if have < digits { s += String(repeating: "0", count: digits - have) }
        }
        return s
    }

    /// `x` rounded to `digits` decimals, trailing zeros dropped ("5", "0.042").
    public static func trimmed(_ x: Double, _ digits: Int) -> String {
        var s = fixed(x, digits)
        if s.contains(".") && !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }
}
