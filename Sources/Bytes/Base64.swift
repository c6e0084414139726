/// Standard base64 (RFC 4648, with `=` padding): how a journal line carries
/// a keyframe's bytes inside JSON.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// Whether `byte` may appear in base64 text (the alphabet or `=`).
    public static func isAlphabet(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || values[Int(byte)] != 0xFF
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
            i += 3
        }
        let left = bytes.count - i
        if left > 0 {
            let n = UInt32(bytes[i]) << 16 | (left == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(left == 2 ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes, or nil when the text is not canonical base64 (wrong length,
    /// a character outside the alphabet, misplaced padding or stray bits).
    public static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let last = i + 4 == chars.count
            let pad = last ? (chars[i + 3] == UInt8(ascii: "=") ? (chars[i + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var n: UInt32 = 0
            for j in 0..<(4 - pad) {
                let v = values[Int(chars[i + j])]
                guard v != 0xFF else { return nil }
                n = n << 6 | UInt32(v)
            }
            n <<= UInt32(6 * pad)
            out.append(UInt8(n >> 16 & 0xFF))
            if pad < 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if pad < 1 { out.append(UInt8(n & 0xFF)) }
            // Canonical: the bits the padding leaves over are zero.
            if pad == 2 && n & 0xFFFF != 0 || pad == 1 && n & 0xFF != 0 { return nil }
            i += 4
        }
        return out
    }
}
