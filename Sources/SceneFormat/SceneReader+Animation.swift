#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Animations: tracks of values at key times (their motion is checked with their body, SceneChecks).
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
                if property == "angle", let a = number(item, itemPath, SceneChecks.animationAngle) { angles.append(a) }
            }
        } else if fields["values"] == nil {
            fail(path, "missing required key \"values\"")
        }
        let keyTimes = self.keyTimes(fields, path, valueCount: valueCount)
        let functions = timingFunctions(fields, path, valueCount: valueCount)
        var duration = 1.0
        if let n = fields["duration"] {
            if let d = number(n, j(path, "duration"), SceneChecks.animationDuration) { duration = d }
        } else {
            fail(path, "missing required key \"duration\" (seconds, greater than 0)")
        }
        let beginTime = fields["beginTime"].flatMap { number($0, j(path, "beginTime"), SceneChecks.animationBeginTime) } ?? 0
        let timeOffset = fields["timeOffset"].flatMap { number($0, j(path, "timeOffset"), SceneChecks.animationTimeOffset) } ?? 0
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
        let times = items.enumerated().compactMap { i, item in number(item, "\(j(path, "keyTimes"))[\(i)]", SceneChecks.keyTime) }
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
        } else if let count = number(n, j(path, "repeat"), SceneChecks.animationRepeat) {
            return .times(count)
        }
        return .times(1)
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
            let x1 = number(items[0], path, SceneChecks.controlX, label: "x1"), y1 = number(items[1], path, SceneChecks.controlY, label: "y1")
            let x2 = number(items[2], path, SceneChecks.controlX, label: "x2"), y2 = number(items[3], path, SceneChecks.controlY, label: "y2")
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
