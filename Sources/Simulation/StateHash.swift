import Animation
import CrateboxGeometry
import SceneFormat

/// The normative state hash: FNV-1a 64 over the little-endian bytes of the
/// IEEE-754 bit patterns of each dynamic body's position, angle, velocity and
/// angular velocity. Hashed at full width, or the check would only hold to
/// float precision.
public struct StateHash: Sendable {
    /// The hash so far (FNV-1a's offset basis before anything is added).
    public private(set) var value: UInt64 = 0xcbf29ce484222325

    /// An empty hash.
    public init() {}

    /// Adds the eight bytes of `x`'s IEEE-754 bit pattern, least significant first.
    public mutating func add(_ x: Double) {
        var bits = x.bitPattern
        for _ in 0..<8 {
            value ^= bits & 0xff
            value &*= 0x100000001b3
            bits >>= 8
        }
    }

    /// 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
