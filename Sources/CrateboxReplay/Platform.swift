#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONText
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
import Simulation

/// What a run's bits depend on beyond the scene and the events: replays are
/// bit-identical on the same CPU architecture, C library (libm's cos and sin
/// run every step) and Chipmunk build, and promised nowhere else.
public struct Platform: Equatable, Sendable, CustomStringConvertible {
    /// The CPU architecture, as uname(2) gives it: "x86_64", "aarch64".
    public var arch: String
    /// The operating system: "Linux".
    public var os: String
    /// The C library and its version: "glibc 2.36".
    public var libc: String
    /// Chipmunk's version string: "7.0.3".
    public var chipmunk: String

    /// A platform with these names.
    public init(arch: String, os: String, libc: String, chipmunk: String) {
        self.arch = arch
        self.os = os
        self.libc = libc
        self.chipmunk = chipmunk
    }

    /// The machine this program runs on.
    public static let current: Platform = {
        var names = utsname()
        uname(&names)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        #if canImport(Glibc)
        // "glibc 2.36"
        var buffer = [CChar](repeating: 0, count: 64)
        let libc = confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 ? String(cString: buffer) : "unknown libc" 
        #else
        let libc = "libSystem"
        #endif
        return Platform(arch: text(names.machine), os: text(names.sysname), libc: libc, chipmunk: chipmunkVersion)
    }()

    /// "x86_64 Linux glibc 2.36, Chipmunk 7.0.3"
    public var description: String { "\(arch) \(os) \(libc), Chipmunk \(chipmunk)" }
}

extension Math {
    /// Why a journal or state that names `math` other than this cratebox's cannot be read here
    /// (replay-format.md, `math`): a newer cratebox's, or none cratebox ever computed with.
    static func refusal(of math: Double) -> String {
        let named = NumberText.shortest(math), mine = "this one computes with math \(version), docs/math.md"
        return math > Double(version) ? "made by a newer cratebox: math \(named) (\(mine))"
            : "math \(named) is not a math cratebox has computed with (\(mine))"
    }
}
