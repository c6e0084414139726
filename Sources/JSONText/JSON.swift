/// A small JSON reader that remembers where every value came from, so scene
/// errors can name a line and column, and that keeps object keys in file order
/// (Foundation's JSONSerialization gives neither).

/// A parsed JSON value and the byte offset in the text where it starts.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var offset: Int
}

public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order.
    case object([(key: String, node: JSONNode)])

    /// How the kind of value is named in error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var message: String
}

public struct JSONParser {
    /// Deeper nesting than this is refused rather than risking the stack.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes)
        return try parser.parseDocument()
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
        skipWhitespace()
        guard index < bytes.count else { throw error("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
        return node
    }

    // MARK: Positions and errors

    /// Line and column (both from 1) of a byte offset. Columns count
    /// characters, not bytes. Worked out only for an error, so parsing stays
    /// linear however long the lines are.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < offset && i < bytes.count {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = JSONParser.position(of: offset ?? index, in: bytes)
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b == UInt8(ascii: "'") { return "' (JSON strings need double quotes)" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return hexByte(b)
    }

    private func hexByte(_ b: UInt8) -> String {
        let hex = Array("0123456789abcdef")
        return "byte 0x" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
        return JSONNode(value: value, offset: start)
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected \(describeCurrent()); expected a value (strings need double quotes)")
        }
        index += w.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        // For the duplicate check of big objects only (never iterated); a small
        // one is searched instead, which is faster than hashing every key.
        var keys = Set<String>()
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            if duplicate { throw error("duplicate key \"\(key)\"", at: keyStart) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let contentStart = index
        // Most strings have no escapes: read them straight from the bytes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\""), let plain = String(validating: bytes[contentStart..<index], as: UTF8.self) {
            index += 1
            return plain
        }
        index = contentStart  // escapes, an error or bad UTF-8: the full reading below
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; break }
            if b < 0x20 { throw error("control character in a string (escape it, e.g. \\n)") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("unpaired surrogate in \\u escape")
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                let shown = e >= 0x21 && e < 0x7F ? "'\\\(Character(Unicode.Scalar(e)))'" : "'\\' followed by \(hexByte(e))"
                throw error("invalid escape \(shown) in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: index - 2)
            }
        }
        guard let string = String(validating: out, as: UTF8.self) else {
            // Escapes are ASCII, so the first bad byte of the raw text is the culprit.
            let bad = JSONParser.firstInvalidUTF8(bytes, from: contentStart, to: index - 1) ?? contentStart
            throw error("invalid UTF-8 in a string (\(hexByte(bytes[bad])))", at: bad)
        }
        return string
    }

    /// The offset of the first byte in `from..<to` that does not belong to a
    /// well-formed UTF-8 sequence (RFC 3629: no overlongs, no surrogates).
    public static func firstInvalidUTF8(_ bytes: [UInt8], from: Int, to: Int) -> Int? {
        var i = from
        while i < to {
            let b = bytes[i]
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return i
            }
            guard i + length <= to else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw error("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw error("invalid number: leading zeros are not allowed") }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw error("invalid number: expected a digit after '.'") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit(index) else { throw error("invalid number: expected a digit in the exponent") }
            while isDigit(index) { index += 1 }
        }
        if let exact = JSONParser.fastNumber(bytes[start..<index]) { return exact }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // Swift's Double(String) rounds correctly, so every number reads back exactly.
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large for a double", at: start)
        }
        return value
    }
}

extension JSONParser {
    /// Powers of ten that are exact as doubles.
    private static let exactPowersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { x, _ in x * 10 } }

    /// A number read without going through text when that is exact (Clinger's
    /// fast path): at most 15 significant digits, no exponent, at most 22
    /// digits after the point. The digits are then an exact integer and 10^k an
    /// exact double, so one correctly rounded division gives the same double as
    /// reading the text. Anything else returns nil, for the full reading.
    static func fastNumber(_ text: ArraySlice<UInt8>) -> Double? {
        var mantissa = 0, digits = 0, fraction = 0, afterPoint = false
        let negative = text.first == UInt8(ascii: "-")
        for b in text.dropFirst(negative ? 1 : 0) {
            switch b {
            case UInt8(ascii: "."): afterPoint = true
            case 0x30...0x39:
                if mantissa > 0 || b != 0x30 { digits += 1 }
                if digits > 15 { return nil }
                mantissa = mantissa * 10 + Int(b - 0x30)
                if afterPoint { fraction += 1 }
            default: return nil  // an exponent
            }
        }
        guard fraction <= 22 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fraction]
        return negative ? -value : value  // "-0" is -0.0, as Double("-0")
    }
}

/// Writing JSON text.
public enum JSONText {
    /// A string as a JSON string literal, escaped so it reads back exactly.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
