import JSONText
import CrateboxGeometry

/// The rules a scene's values meet (docs/scene-format.md), checked on values
/// and reported with JSON paths. The reader checks a file's form (kinds, keys,
/// names, what is required) and hands each object it built to these checks;
/// the editor and the script host check the values they make with the same
/// ones, so a rule is written once.
struct SceneChecks {
    let file: String
    var errors: [SceneError] = []

    init(file: String) { self.file = file }

    mutating func fail(_ path: String, _ message: String) {
        errors.append(SceneError(file: file, path: path, message: message))
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A number in a message: "12", "0.1" (zero without its sign).
    static func show(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        return v == 0 ? "0" : NumberText.shortest(v)
    }

    /// The ranges a number of the format is checked against. Every test is
    /// written so that NaN fails it (no file holds one; a value made in code may).
    enum NumberRange {
        /// 0 < v <= max
        case positive(Double)
        /// 0 <= v <= max
        case nonNegative(Double)
        /// lo <= v <= hi
        case within(Double, Double)
        /// 0 < v <= 1
        case fraction
        /// min <= v <= max, with min > 0
        case size(Double, Double)
    }

    static let coordinate = NumberRange.within(-Limits.coordinate, Limits.coordinate)

    /// What is wrong with `v` for `range` ("must be at least 0, got -1"), or nil.
    static func problem(_ v: Double, _ range: NumberRange, label: String? = nil) -> String? {
        // The common case first, with no text made: the value is within its range.
        switch range {
        case .positive(let max) where v > 0 && v <= max: return nil
        case .nonNegative(let max) where v >= 0 && v <= max: return nil
        case .within(let lo, let hi) where v >= lo && v <= hi: return nil
        case .fraction where v > 0 && v <= 1: return nil
        case .size(let min, let max) where v >= min && v <= max && v > 0: return nil
        default: break
        }
        let subject = label.map { "\($0) must" } ?? "must"
        switch range {
        case .positive(let max):
            if !(v > 0) { return "\(subject) be greater than 0, got \(show(v))" }
            if !(v <= max) { return "\(subject) be at most \(show(max)), got \(show(v))" }
        case .nonNegative(let max):
            if !(v >= 0) { return "\(subject) be at least 0, got \(show(v))" }
            if !(v <= max) { return "\(subject) be at most \(show(max)), got \(show(v))" }
        case .within(let lo, let hi):
            if !(v >= lo && v <= hi) { return "\(subject) be between \(show(lo)) and \(show(hi)), got \(show(v))" }
        case .fraction:
            if !(v > 0 && v <= 1) { return "\(subject) be greater than 0 and at most 1, got \(show(v))" }
        case .size(let min, let max):
            if !(v > 0) { return "\(subject) be greater than 0, got \(show(v))" }
            if !(v >= min) { return "\(subject) be at least \(show(min)), got \(show(v))" }
            if !(v <= max) { return "\(subject) be at most \(show(max)), got \(show(v))" }
        }
        return nil
    }

    /// Whether `v` meets `range`; when not, an error at `path`.
    @discardableResult
    mutating func number(_ v: Double, _ path: @autoclosure () -> String, _ range: NumberRange, label: String? = nil) -> Bool {
        guard let problem = SceneChecks.problem(v, range, label: label) else { return true }
        fail(path(), problem)
        return false
    }

    /// Whether both numbers of `v` meet `range` (each reported), named by `labels`.
    @discardableResult
    mutating func pair(_ v: Vector, _ path: @autoclosure () -> String, _ range: NumberRange, labels: (String, String) = ("x", "y")) -> Bool {
        let x = number(v.x, path(), range, label: labels.0)
        let y = number(v.y, path(), range, label: labels.1)
        return x && y
    }

    /// Whether `v` is a point of the format (each coordinate within ±1e6).
    @discardableResult
    mutating func point(_ v: Vector, _ path: @autoclosure () -> String) -> Bool {
        pair(v, path(), SceneChecks.coordinate)
    }

    @discardableResult
    mutating func integer(_ v: Int, _ path: @autoclosure () -> String, _ range: ClosedRange<Int>) -> Bool {
        guard range.contains(v) else {
            fail(path(), "must be between \(range.lowerBound) and \(range.upperBound), got \(v)")
            return false
        }
        return true
    }

    /// A Lua name (an identifier; keywords can never name a global function anyway).
    static func isLuaName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else { return false }
        return bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }

    /// A function name's check (`velocityFunction`, a joint's `preSolve`...): a Lua name.
    @discardableResult
    mutating func functionName(_ name: String, _ path: @autoclosure () -> String) -> Bool {
        guard SceneChecks.isLuaName(name) else {
            fail(path(), "must name a global function of the script: a Lua name of 1 to 64 letters, digits and _, not starting with a digit, got \"\(name)\"")
            return false
        }
        return true
    }
}
