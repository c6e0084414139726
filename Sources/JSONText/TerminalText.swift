/// What reaches a terminal: text from a file (a script's error, a scene's
/// name, a journal's line) may hold escape sequences that clear the screen
/// and draw a false "verified", or a line break followed by a line of its own
/// (issue 47). Each line cratebox prints is made `oneLine`: every control
/// character, and the Unicode line separators and direction overrides that
/// move text on screen, printed as `\u{1B}`; only the tab stays.
public enum TerminalText {
    /// `text` as one line: its line breaks and other control characters written as `\u{…}`.
    public static func oneLine(_ text: String) -> String {
        escaping(text) { $0 != "\t" && unsafe($0) }
    }

    /// `text` with its control characters but line feeds and tabs written as `\u{…}`
    /// (text whose line breaks cratebox put there itself).
    public static func safe(_ text: String) -> String {
        escaping(text) { $0 != "\n" && $0 != "\t" && unsafe($0) }
    }

    private static func escaping(_ text: String, _ escaped: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        return text.unicodeScalars.map { escaped($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the
    /// marks and overrides of text direction.
    static func unsafe(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F...0x9F).contains(c.value) || (0x2028...0x202E).contains(c.value)
            || (0x2066...0x2069).contains(c.value) || c.value == 0x200E || c.value == 0x200F || c.value == 0x061C
    }
}
