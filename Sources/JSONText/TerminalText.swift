/// What reaches a terminal: text from a file (a script's error, a scene's
/// name, a journal's line) may hold escape sequences that clear the screen
/// and draw a false "verified" (issue 47). Control characters other than the
/// line breaks and tabs cratebox writes itself are printed as `\u{1B}`; a
/// script's own line breaks are escaped where its message is made, one line each.
public enum TerminalText {
    /// `text` with its control characters (but line feeds and tabs) written as `\u{…}`.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        return text.unicodeScalars.map { unsafe($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    static func unsafe(_ c: Unicode.Scalar) -> Bool {
        c != "\n" && c != "\t" && (c.value < 0x20 || (0x7F...0x9F).contains(c.value))
    }
}
