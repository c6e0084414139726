#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Animations: tracks of values at key times, their start pose and speed.
extension SceneReader {
    static let animationKeys = ["property", "values", "keyTimes", "timingFunctions", "duration", "beginTime", "timeOffset", "repeat", "autoreverses"]

    mutating func animation(_ node: JSONNode, _ path: String) -> AnimationSpec? {
        guard let members = object(node, path, "an animation object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        let fields = open(members, SceneReader.animationKeys, path)
        var property: String?
        if let n = fields["property"], let s = string(n, j(path, "property")) {
            if s == "position" || s == "angle" { property = s } else {
                fail(j(path, "property"), "must be \"position\" or \"angle\", got \"\(s)\"")
            }
        } else if fields["property"] == nil {
            fail(path, "missing required key \"property\" (\"position\" or \"angle\")")
        }
        // Values: points for position, numbers for angle.
        var points: [Point2] = [], angles: [Double] = []
        var valueCount = 0
        if let n = fields["values"], let items = array(n, j(path, "values"), max: 1000) {
            valueCount = items.count
            if items.count < 2 { fail(j(path, "values"), "needs at least 2 values, got \(items.count)") }
            for (i, item) in items.enumerated() {
                let itemPath = "\(j(path, "values"))[\(i)]"
                if property == "position", let p = point(item, itemPath) { points.append(Point2(p.x, p.y)) }
                if property == "angle", let a = number(item, itemPath, .within(-Limits.coordinate, Limits.coordinate)) { angles.append(a) }
            }
        } else if fields["values"] == nil {
            fail(path, "missing required key \"values\"")
        }
        let keyTimes = self.keyTimes(fields, path, valueCount: valueCount)
        let functions = timingFunctions(fields, path, valueCount: valueCount)
        var duration = 1.0
        if let n = fields["duration"] {
            if let d = number(n, j(path, "duration"), .size(1e-3, Limits.coordinate)) { duration = d }
        } else {
            fail(path, "missing required key \"duration\" (seconds, greater than 0)")
        }
        let beginTime = fields["beginTime"].flatMap { number($0, j(path, "beginTime"), .nonNegative(Limits.coordinate)) } ?? 0
        let timeOffset = fields["timeOffset"].flatMap { number($0, j(path, "timeOffset"), .within(-Limits.coordinate, Limits.coordinate)) } ?? 0
        let repeatCount = self.repeatCount(fields, path)
        let autoreverses = fields["autoreverses"].flatMap { bool($0, j(path, "autoreverses")) } ?? false
        guard errors.count == errorCount, let property else { return nil }
        do {
            if property == "position" {
                return .position(try AnimationTrack(values: points, keyTimes: keyTimes, timingFunctions: functions, duration: duration,
                                                   beginTime: beginTime, repeatCount: repeatCount, autoreverses: autoreverses,
                                                   timeOffset: timeOffset))
            }
            return .angle(try AnimationTrack(values: angles, keyTimes: keyTimes, timingFunctions: functions, duration: duration,
                                            beginTime: beginTime, repeatCount: repeatCount, autoreverses: autoreverses,
                                            timeOffset: timeOffset))
        } catch {
            // Everything the track checks was checked above; this is a backstop.
            fail(path, "invalid animation: \(error)")
            return nil
        }
    }

    mutating func keyTimes(_ fields: ObjectFields, _ path: String, valueCount: Int) -> [Double]? {
        let j = SceneReader.join
        guard let n = fields["keyTimes"], let items = array(n, j(path, "keyTimes"), max: 1000) else { return nil }
        let times = items.enumerated().compactMap { i, item in number(item, "\(j(path, "keyTimes"))[\(i)]", .within(0, 1)) }
        guard times.count == items.count else { return nil }
        if valueCount >= 2 && times.count != valueCount {
            fail(j(path, "keyTimes"), "needs one key time per value (\(valueCount)), got \(times.count)")
        } else if times.first != 0 || times.last != 1 {
            fail(j(path, "keyTimes"), "must start at 0 and end at 1")
        } else if let bad = (1..<max(times.count, 1)).first(where: { times[$0] < times[$0 - 1] }) {
            fail("\(j(path, "keyTimes"))[\(bad)]", "key times must not decrease: \(SceneReader.show(times[bad])) comes after \(SceneReader.show(times[bad - 1]))")
        } else {
            return times
        }
        return nil
    }

    mutating func timingFunctions(_ fields: ObjectFields, _ path: String, valueCount: Int) -> [TimingFunction]? {
        let j = SceneReader.join
        guard let n = fields["timingFunctions"], let items = array(n, j(path, "timingFunctions"), max: 1000) else { return nil }
        let parsed = items.enumerated().compactMap { i, item in timingFunction(item, "\(j(path, "timingFunctions"))[\(i)]") }
        guard parsed.count == items.count else { return nil }
        if valueCount >= 2 && parsed.count != valueCount - 1 {
            fail(j(path, "timingFunctions"), "needs one timing function per segment (\(valueCount - 1)), got \(parsed.count)")
            return nil
        }
        return parsed
    }

    mutating func repeatCount(_ fields: ObjectFields, _ path: String) -> RepeatCount {
        let j = SceneReader.join
        guard let n = fields["repeat"] else { return .times(1) }
        if case .string(let s) = n.value {
            if s == "forever" { return .forever }
            fail(j(path, "repeat"), "must be a number greater than 0 or \"forever\", got \"\(s)\"")
        } else if let count = number(n, j(path, "repeat"), .size(1e-3, 1e9)) {
            return .times(count)
        }
        return .times(1)
    }

    /// An animated body must start where its track starts, not jump back at
    /// each repeat, and not move absurdly fast: Chipmunk gets the velocity that
    /// reaches each pose in one step, so a jump is a throw.
    mutating func checkMotion(_ animation: AnimationSpec, position: Vector, angle: Double, shapes: [ShapeSpec], _ path: String) -> AnimationSpec? {
        let show = SceneReader.show
        let reach = BodySpec(id: nil, type: .kinematic, position: position, angle: angle, velocity: .zero, angularVelocity: 0,
                             mass: nil, shapes: shapes, look: .plain).reach
        switch animation {
        case .position(let track):
            // The pose at scene time 0: the first value, or with a time offset, where the track is then.
            let first = track.value(at: 0)
            if first.x != position.x || first.y != position.y {
                let start = track.timeOffset == 0 ? "the animation starts at" : "at time 0 (timeOffset \(show(track.timeOffset))) the animation is at"
                fail(path, "\(start) [\(show(first.x)), \(show(first.y))] but the body is at [\(show(position.x)), \(show(position.y))]; make them the same (the body would jump)")
                return nil
            }
            if track.jumpsOnRepeat {
                fail(path, "each repeat would jump from the last value back to the first; end where it starts, or set \"autoreverses\": true")
                return nil
            }
            let (speed, at) = SceneReader.fastest(track) { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
            if speed > Limits.animatedSpeed {
                fail(path, "moves at up to \(show(speed.rounded())) points/s (at \(show((at * 1000).rounded() / 1000)) s); the limit is \(show(Limits.animatedSpeed)): slow it down")
                return nil
            }
            return animation
        case .angle(var track):
            if track.jumpsOnRepeat {
                // Whole turns repeat seamlessly by accumulating, as a spinner should.
                let turns = (track.values[track.values.count - 1] - track.values[0]) / (2 * Double.pi)
                if abs(turns - turns.rounded()) < 1e-9 {
                    track = try! AnimationTrack(values: track.values, keyTimes: track.keyTimes, timingFunctions: track.timingFunctions,
                                               duration: track.duration, beginTime: track.beginTime, repeatCount: track.repeatCount,
                                               autoreverses: false, cumulative: true, timeOffset: track.timeOffset)
                } else {
                    fail(path, "each repeat would jump from the last angle back to the first; end a whole number of turns (2π) from the start, or set \"autoreverses\": true")
                    return nil
                }
            }
            let first = track.value(at: 0)
            if first != angle {
                let start = track.timeOffset == 0 ? "the animation starts at angle" : "at time 0 (timeOffset \(show(track.timeOffset))) the animation is at angle"
                fail(path, "\(start) \(show(first)) but the body's angle is \(show(angle)); make them the same (the body would jump)")
                return nil
            }
            let (rate, at) = SceneReader.fastest(track) { a, b in abs(b - a) }
            if rate > Limits.animatedTurnRate || rate * reach > Limits.animatedSpeed {
                fail(path, "turns at up to \(show(rate.rounded())) rad/s (at \(show((at * 1000).rounded() / 1000)) s), moving its shapes at \(show((rate * reach).rounded())) points/s; the limits are \(show(Limits.animatedTurnRate)) rad/s and \(show(Limits.animatedSpeed)) points/s: slow it down")
                return nil
            }
            return .angle(track)
        }
    }

    /// The highest speed a track asks of a body stepping at 1/120 s, and when:
    /// sampled across one play (at most 20,000 points) and around every key time.
    static func fastest<V>(_ shifted: AnimationTrack<V>, _ distance: (V, V) -> Double) -> (Double, Double) {
        // The track's own speeds, wherever a time offset has moved it to.
        let track = shifted.withTimeOffset(0)
        let dt = 1.0 / 120.0
        let span = track.cycleDuration * (track.cumulative ? 2 : 1)
        let h = max(dt, span / 20_000)
        var times = Array(stride(from: track.beginTime, through: track.beginTime + span, by: h))
        for key in track.keyTimes {
            let t = track.beginTime + key * track.duration
            times += [t - dt, t]
            if track.autoreverses { times += [track.beginTime + 2 * track.duration - key * track.duration - dt] }
        }
        var best = (0.0, 0.0)
        for t in times where t >= 0 {
            let v = distance(track.value(at: t), track.value(at: t + dt)) / dt
            if v > best.0 { best = (v, t + dt) }
        }
        return best
    }

    /// A name (linear, easeIn, easeOut, easeInEaseOut, default) or four
    /// control points [x1, y1, x2, y2] with x1 and x2 in [0, 1].
    mutating func timingFunction(_ node: JSONNode, _ path: String) -> TimingFunction? {
        let names = TimingFunction.named.compactMap(\.name)
        switch node.value {
        case .string(let s):
            if let f = TimingFunction.named(s) { return f }
            // CSS's names for the same curves, and the usual slip.
            let aliases = ["ease": "default", "ease-in": "easeIn", "ease-out": "easeOut", "ease-in-out": "easeInEaseOut", "easeInOut": "easeInEaseOut"]
            let guess = (aliases[s] ?? closest(to: s, in: names)).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(path, "unknown timing function \"\(s)\"\(guess); expected one of \(names.joined(separator: ", ")) or [x1, y1, x2, y2]")
            return nil
        case .array(let items) where items.count == 4:
            let x1 = number(items[0], path, .within(0, 1), label: "x1"), y1 = number(items[1], path, .within(-1000, 1000), label: "y1")
            let x2 = number(items[2], path, .within(0, 1), label: "x2"), y2 = number(items[3], path, .within(-1000, 1000), label: "y2")
            guard let x1, let y1, let x2, let y2 else { return nil }
            return TimingFunction(controlPoints: x1, y1, x2, y2)
        case .array(let items):
            fail(path, "must be a timing function name or [x1, y1, x2, y2], got an array of \(items.count)")
            return nil
        default:
            fail(path, "must be a timing function name or [x1, y1, x2, y2], got \(node.value.kindName)")
            return nil
        }
    }
}
