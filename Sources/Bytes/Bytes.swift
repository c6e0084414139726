/// Little-endian bytes of numbers and strings, for the exact state of a world
/// (`cratebox/state@1`): what the Swift side keeps beside Chipmunk's own bytes.
public struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func u8(_ v: UInt8) { bytes.append(v) }
    public mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    public mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func i64(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
    /// A double as its bits: read back, it is the same number to the last bit.
    public mutating func f64(_ v: Double) { u64(v.bitPattern) }
    public mutating func string(_ v: String) {
        let utf8 = Array(v.utf8)
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
    /// Bytes with their length first.
    public mutating func block(_ v: [UInt8]) {
        u64(UInt64(v.count))
        bytes.append(contentsOf: v)
    }
    /// Bytes from elsewhere (C's) with their length first, copied once.
    public mutating func block(_ v: UnsafeBufferPointer<UInt8>) {
        u64(UInt64(v.count))
        bytes.append(contentsOf: v)
    }
    /// Bytes as they are (no length).
    public mutating func append(_ v: [UInt8]) { bytes.append(contentsOf: v) }

    /// How many bytes are written so far.
    public var count: Int { bytes.count }
    /// Room for `n` bytes in all, so that a large state grows its buffer once.
    public mutating func reserveCapacity(_ n: Int) { bytes.reserveCapacity(n) }

    /// A block whose bytes `write` writes here (its length is filled in after):
    /// the same bytes as `block`, without making them apart first.
    public mutating func block<E: Error>(_ write: (inout ByteWriter) throws(E) -> Void) throws(E) {
        let at = bytes.count
        u64(0)
        try write(&self)
        let length = UInt64(bytes.count - at - 8).littleEndian
        withUnsafeBytes(of: length) { bytes.replaceSubrange(at..<(at + 8), with: $0) }
    }
}

/// Reads what a `ByteWriter` wrote; every read checks there are bytes left.
public struct ByteReader {
    let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { position == bytes.count }

    /// Thrown when the bytes end early or hold what cannot be.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    mutating func take(_ n: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard n >= 0, n <= bytes.count - position else { throw Malformed("the bytes end early (at byte \(position))") }
        defer { position += n }
        return bytes[position..<position + n]
    }

    public mutating func u8() throws(Malformed) -> UInt8 { try take(1).first! }
    public mutating func bool() throws(Malformed) -> Bool {
        let v = try u8()
        guard v <= 1 else { throw Malformed("byte \(position - 1) is \(v), not a yes or no") }
        return v == 1
    }
    public mutating func u32() throws(Malformed) -> UInt32 {
        try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    public mutating func u64() throws(Malformed) -> UInt64 {
        try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    public mutating func i64() throws(Malformed) -> Int { Int(Int64(bitPattern: try u64())) }
    public mutating func f64() throws(Malformed) -> Double { Double(bitPattern: try u64()) }
    public mutating func string() throws(Malformed) -> String {
        let n = Int(try u32())
        return String(decoding: try take(n), as: UTF8.self)
    }
    /// A string whose bytes must be UTF-8 (refused otherwise, never repaired).
    public mutating func utf8() throws(Malformed) -> String {
        let n = Int(try u32())
        guard let text = String(validating: try take(n), as: UTF8.self) else { throw Malformed("a string is not UTF-8 (at byte \(position))") }
        return text
    }
    public mutating func block() throws(Malformed) -> [UInt8] {
        let n = try u64()
        guard n <= UInt64(bytes.count - position) else { throw Malformed("a block of \(n) bytes runs past the end (at byte \(position))") }
        return Array(try take(Int(n)))
    }
    /// A count of things each at least `each` bytes long, checked against what is left.
    public mutating func count(each: Int = 1) throws(Malformed) -> Int {
        let n = try i64()
        guard n >= 0, n <= (bytes.count - position) / max(each, 1) else { throw Malformed("a count of \(n) is more than the bytes hold (at byte \(position - 8))") }
        return n
    }
    /// An index in 0..<count, or -1 when `nullable`.
    public mutating func index(below count: Int, nullable: Bool = false, _ what: String) throws(Malformed) -> Int {
        let v = try i64()
        guard (nullable && v == -1) || (v >= 0 && v < count) else { throw Malformed("\(what) is \(v), not one of the \(count) there are") }
        return v
    }
}
