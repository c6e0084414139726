import CrateboxMath

/// cratebox's own math (docs/math.md) for Swift: the functions the simulation
/// path calls, which give the same bits on every CPU.
///
/// The C library's `sin`, `exp` or `pow` differ between CPUs (glibc picks FMA
/// variants where the CPU has them) and between architectures; these are built
/// from IEEE-754's basic operations only, in a fixed order. Chipmunk and Lua
/// reach the same functions by their C names (CrateboxMath's `libm_names.c`),
/// so a journal's hashes hold on every machine that runs the same Chipmunk
/// build. Drawing and sound may use the C library's; nothing they compute
/// reaches a state.
public enum Math {
    /// The version of the functions, as journals and states name it (`"math": 1`).
    public static let version = 1

    /// The sine of `x` radians.
    @inline(__always) public static func sin(_ x: Double) -> Double { cratebox_sin(x) }
    /// The cosine of `x` radians.
    @inline(__always) public static func cos(_ x: Double) -> Double { cratebox_cos(x) }
    /// The arc sine, in [-π/2, π/2].
    @inline(__always) public static func asin(_ x: Double) -> Double { cratebox_asin(x) }
    /// The arc cosine, in [0, π].
    @inline(__always) public static func acos(_ x: Double) -> Double { cratebox_acos(x) }
    /// The angle of the point (x, y), in [-π, π].
    @inline(__always) public static func atan2(_ y: Double, _ x: Double) -> Double { cratebox_atan2(y, x) }
    /// e to the power `x`.
    @inline(__always) public static func exp(_ x: Double) -> Double { cratebox_exp(x) }
    /// `x` to the power `y`.
    @inline(__always) public static func pow(_ x: Double, _ y: Double) -> Double { cratebox_pow(x, y) }
    /// The base-10 logarithm.
    @inline(__always) public static func log10(_ x: Double) -> Double { cratebox_log10(x) }
}
