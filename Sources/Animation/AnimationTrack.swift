/// Something an animation track can interpolate: value = from + (to - from) * t.
public protocol Interpolatable: Equatable, Sendable {
    static func interpolate(_ from: Self, _ to: Self, _ t: Double) -> Self
    /// a + b * k: for "by" animations and for cumulative repeats.
    static func adding(_ a: Self, _ b: Self, times k: Double) -> Self
    /// a - b.
    static func difference(_ a: Self, _ b: Self) -> Self
}

extension Double: Interpolatable {
    /// Angles interpolate as plain numbers: the path the values say (0 to 3π
    /// turns one and a half times), not the shortest one.
    public static func interpolate(_ from: Double, _ to: Double, _ t: Double) -> Double {
        from + (to - from) * t
    }
    public static func adding(_ a: Double, _ b: Double, times k: Double) -> Double { a + b * k }
    public static func difference(_ a: Double, _ b: Double) -> Double { a - b }
}

/// A 2D point for position tracks (kept here so Animation needs nothing else).
public struct Point2: Interpolatable, Hashable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static func interpolate(_ from: Point2, _ to: Point2, _ t: Double) -> Point2 {
        Point2(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t)
    }
    public static func adding(_ a: Point2, _ b: Point2, times k: Double) -> Point2 { Point2(a.x + b.x * k, a.y + b.y * k) }
    public static func difference(_ a: Point2, _ b: Point2) -> Point2 { Point2(a.x - b.x, a.y - b.y) }
}

/// How many times an animation plays.
public enum RepeatCount: Equatable, Sendable {
    /// May be fractional: 2.5 plays two and a half times.
    case times(Double)
    case forever
}

/// An animation track in the manner of Core Animation's: values at key
/// times (fractions of the duration), one timing function per segment, a
/// duration, a begin time, a repeat count and autoreverse. Before it begins it
/// holds its first value; after it ends it holds the value it ended on. A
/// time offset (Core Animation's `timeOffset`) shifts the track's own clock:
/// a track saved mid-play carries on from where it was. A
/// cumulative track (Core Animation's `isCumulative`) starts each repeat where
/// the last one ended instead of jumping back: a spinner keeps turning.
public struct AnimationTrack<Value: Interpolatable>: Equatable, Sendable {
    public let values: [Value]
    public let keyTimes: [Double]
    public let timingFunctions: [TimingFunction]
    public let duration: Double
    public let beginTime: Double
    public let repeatCount: RepeatCount
    public let autoreverses: Bool
    public let cumulative: Bool
    /// Seconds added to the track's local time (`time - beginTime + timeOffset`).
    public private(set) var timeOffset: Double

    public enum Problem: Error, Equatable, Sendable {
        case tooFewValues
        case keyTimesCount(Int, expected: Int)
        case keyTimesNotFromZeroToOne
        case keyTimesDecreasing(at: Int)
        case timingFunctionsCount(Int, expected: Int)
        case duration
        case beginTime
        case timeOffset
        case repeatCount
    }

    /// `keyTimes` default to evenly spaced, `timingFunctions` to linear.
    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                duration: Double, beginTime: Double = 0, repeatCount: RepeatCount = .times(1),
                autoreverses: Bool = false, cumulative: Bool = false, timeOffset: Double = 0) throws(Problem) {
        guard values.count >= 2 else { throw .tooFewValues }
        let segments = values.count - 1
        let times = keyTimes ?? (0...segments).map { Double($0) / Double(segments) }
        guard times.count == values.count else { throw .keyTimesCount(times.count, expected: values.count) }
        guard times.first == 0, times.last == 1 else { throw .keyTimesNotFromZeroToOne }
        for i in 1..<times.count where !(times[i] >= times[i - 1]) { throw .keyTimesDecreasing(at: i) }
        let functions = timingFunctions ?? Array(repeating: .linear, count: segments)
        guard functions.count == segments else { throw .timingFunctionsCount(functions.count, expected: segments) }
        guard duration > 0, duration.isFinite else { throw .duration }
        guard beginTime.isFinite else { throw .beginTime }
        guard timeOffset.isFinite else { throw .timeOffset }
        if case .times(let n) = repeatCount, !(n > 0 && n.isFinite) { throw .repeatCount }
        self.values = values
        self.keyTimes = times
        self.timingFunctions = functions
        self.duration = duration
        self.beginTime = beginTime
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.cumulative = cumulative
        self.timeOffset = timeOffset
    }

    /// The same track with another time offset.
    public func withTimeOffset(_ offset: Double) -> AnimationTrack {
        var copy = self
        copy.timeOffset = offset
        return copy
    }

    /// The track's own time at `time`, before repeats and autoreverse.
    /// (With no offset this is exactly `time - beginTime`: adding 0 changes no bits.)
    private func localTime(_ time: Double) -> Double { time - beginTime + timeOffset }

    /// A basic animation (`CABasicAnimation`): the one-segment case, from a
    /// value to another or by an amount.
    public static func basic(from: Value, to: Value, timingFunction: TimingFunction = .linear, duration: Double,
                             beginTime: Double = 0, repeatCount: RepeatCount = .times(1), autoreverses: Bool = false) throws(Problem) -> AnimationTrack {
        try AnimationTrack(values: [from, to], timingFunctions: [timingFunction], duration: duration,
                          beginTime: beginTime, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// A basic animation by an amount: from `from` to `from + by`.
    public static func basic(from: Value, by: Value, timingFunction: TimingFunction = .linear, duration: Double,
                             beginTime: Double = 0, repeatCount: RepeatCount = .times(1), autoreverses: Bool = false) throws(Problem) -> AnimationTrack {
        try basic(from: from, to: Value.adding(from, by, times: 1), timingFunction: timingFunction, duration: duration,
                  beginTime: beginTime, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// The length of one play, there and (if it autoreverses) back.
    public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long it plays in all (infinite for forever).
    public var activeDuration: Double {
        switch repeatCount {
        case .forever: return .infinity
        case .times(let n): return cycleDuration * n
        }
    }

    /// Progress through the key times (0...1) at a time, with repeats and autoreverse applied.
    public func progress(at time: Double) -> Double {
        let local = localTime(time)
        if !(local > 0) { return 0 }
        let t = min(local, activeDuration)
        var inCycle = t.truncatingRemainder(dividingBy: cycleDuration)
        // Ending exactly on a cycle boundary lands on the cycle's end, not its start.
        if inCycle == 0 && t > 0 { inCycle = cycleDuration }
        if autoreverses && inCycle > duration { return (cycleDuration - inCycle) / duration }
        return inCycle / duration
    }

    /// The animated value at a time (seconds on the same clock as beginTime).
    public func value(at time: Double) -> Value {
        let value = value(atProgress: progress(at: time))
        guard cumulative, !autoreverses else { return value }
        // Each completed play adds (last - first).
        let local = min(max(localTime(time), 0), activeDuration)
        var plays = (local / cycleDuration).rounded(.down)
        if plays > 0 && local == plays * cycleDuration { plays -= 1 }  // the end of a play belongs to it
        guard plays > 0 else { return value }
        return Value.adding(value, Value.difference(values[values.count - 1], values[0]), times: plays)
    }

    /// Whether a repeat starts somewhere other than where the last play ended
    /// (a jump back to the first value).
    public var jumpsOnRepeat: Bool {
        guard !autoreverses, !cumulative, values.first != values.last else { return false }
        switch repeatCount {
        case .forever: return true
        case .times(let n): return n > 1
        }
    }

    public func value(atProgress p: Double) -> Value {
        if p <= 0 { return values[0] }
        if p >= 1 { return values[values.count - 1] }
        // The segment holding p: the last whose key time is <= p.
        var i = 0
        while i + 1 < keyTimes.count - 1 && keyTimes[i + 1] <= p { i += 1 }
        let start = keyTimes[i], end = keyTimes[i + 1]
        if end <= start { return values[i + 1] }
        let u = (p - start) / (end - start)
        return Value.interpolate(values[i], values[i + 1], timingFunctions[i](u))
    }
}
