/// How an animation's progress maps to the value's progress, as Core
/// Animation's `CAMediaTimingFunction`: a cubic Bezier from (0, 0) to (1, 1)
/// with two control points. x is time, y is progress; y may leave [0, 1]
/// (overshoot), x may not (time does not run backwards).
public struct TimingFunction: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    /// The name it was made from, if any.
    public let name: String?

    /// A cubic Bezier with control points (x1, y1) and (x2, y2). Returns nil
    /// unless every number is finite and x1 and x2 are in [0, 1].
    public init?(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else { return nil }
        self.init(x1, y1, x2, y2, name: nil)
    }

    private init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, name: String?) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        self.name = name
    }

    // The named functions, with Core Animation's control points.
    public static let linear = TimingFunction(0, 0, 1, 1, name: "linear")
    public static let easeIn = TimingFunction(0.42, 0, 1, 1, name: "easeIn")
    public static let easeOut = TimingFunction(0, 0, 0.58, 1, name: "easeOut")
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1, name: "easeInEaseOut")
    /// Core Animation's default for implicit animations: a slightly quicker
    /// start and gentler stop than easeInEaseOut.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1, name: "default")

    public static let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    public static func named(_ name: String) -> TimingFunction? {
        named.first { $0.name == name }
    }

    public var description: String {
        name ?? "[\(x1), \(y1), \(x2), \(y2)]"
    }

    // MARK: Evaluation

    /// The Bezier's x and y at parameter s (not time).
    @inline(__always)
    func x(at s: Double) -> Double { bezier(s, x1, x2) }
    @inline(__always)
    func y(at s: Double) -> Double { bezier(s, y1, y2) }

    /// B(s) = 3(1-s)²s p1 + 3(1-s)s² p2 + s³, in Horner form.
    @inline(__always)
    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    @inline(__always)
    private func dx(at s: Double) -> Double {
        let c = 3 * x1, b = 3 * (x2 - x1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The Bezier parameter where x(s) = time: Newton's method from a good
    /// guess, falling back to bisection (x is monotonic, so it always works)
    /// when the slope is too flat or Newton wanders out of [0, 1].
    public func parameter(forTime time: Double) -> Double {
        let t = min(max(time, 0), 1)
        let tolerance = 1e-12
        var s = t
        for _ in 0..<8 {
            let error = x(at: s) - t
            if abs(error) < tolerance { return s }
            let slope = dx(at: s)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<100 {
            let value = x(at: s)
            if abs(value - t) < tolerance { return s }
            if value < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
            if hi - lo < 1e-15 { break }
        }
        return s
    }

    /// Progress at `time` in [0, 1]: exactly 0 at 0 and exactly 1 at 1.
    public func callAsFunction(_ time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return time }  // the line: no solving needed
        return y(at: parameter(forTime: time))
    }
}

/// The seed's closed-form curves, used by its timer-driven version.
public enum Easing {
    /// Quadratic ease-in-out: t < 0.5 ? 2t² : -2t² + 4t - 1.
    public static func quadraticEaseInOut(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        return t < 0.5 ? 2 * t * t : -2 * t * t + 4 * t - 1
    }

    /// Bounce ease-out, four parabolic arcs meeting at 4/11, 8/11 and 9/10.
    public static func bounceEaseOut(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        if t < 4.0 / 11.0 { return (121 * t * t) / 16 }
        if t < 8.0 / 11.0 { return (363.0 / 40.0 * t * t) - (99.0 / 10.0 * t) + 17.0 / 5.0 }
        if t < 9.0 / 10.0 { return (4356.0 / 361.0 * t * t) - (35442.0 / 1805.0 * t) + 16061.0 / 1805.0 }
        return (54.0 / 5.0 * t * t) - (513.0 / 25.0 * t) + 268.0 / 25.0
    }
}
