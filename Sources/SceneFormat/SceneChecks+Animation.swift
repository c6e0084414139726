import Animation
import CrateboxGeometry

// An animated body's track (section 13): its numbers, where it starts, and how fast it moves.
extension SceneChecks {
    /// The ranges of a track's numbers (the reader checks a file's with them too,
    /// before it makes the track: a track cannot hold some wrong values at all).
    static let animationAngle = SceneChecks.coordinate
    static let animationDuration = NumberRange.size(1e-3, Limits.coordinate)
    static let animationBeginTime = NumberRange.nonNegative(Limits.coordinate)
    static let animationTimeOffset = SceneChecks.coordinate
    static let animationRepeat = NumberRange.size(1e-3, 1e9)
    static let keyTime = NumberRange.within(0, 1)
    static let controlX = NumberRange.within(0, 1), controlY = NumberRange.within(-1000, 1000)

    /// A kinematic body's animation: the track's numbers, then its motion.
    mutating func animationValues(_ animation: AnimationSpec, _ body: BodySpec, _ path: String) {
        let before = errors.count
        let j = SceneChecks.join
        switch animation {
        case .position(let track):
            trackNumbers(track, path)
            for (i, p) in track.values.enumerated() { point(Vector(p.x, p.y), "\(j(path, "values"))[\(i)]") }
        case .angle(let track):
            trackNumbers(track, path)
            for (i, a) in track.values.enumerated() { number(a, "\(j(path, "values"))[\(i)]", SceneChecks.animationAngle) }
        }
        if errors.count == before { motion(animation, position: body.position, angle: body.angle, shapes: body.shapes, path) }
    }

    private mutating func trackNumbers<V>(_ track: AnimationTrack<V>, _ path: String) {
        let j = SceneChecks.join
        if !(2...1000).contains(track.values.count) { fail(j(path, "values"), "needs 2 to 1000 values, got \(track.values.count)") }
        for (i, t) in track.keyTimes.enumerated() { number(t, "\(j(path, "keyTimes"))[\(i)]", SceneChecks.keyTime) }
        for (i, f) in track.timingFunctions.enumerated() where f.name == nil {
            let fpath = "\(j(path, "timingFunctions"))[\(i)]"
            number(f.x1, fpath, SceneChecks.controlX, label: "x1")
            number(f.y1, fpath, SceneChecks.controlY, label: "y1")
            number(f.x2, fpath, SceneChecks.controlX, label: "x2")
            number(f.y2, fpath, SceneChecks.controlY, label: "y2")
        }
        number(track.duration, j(path, "duration"), SceneChecks.animationDuration)
        number(track.beginTime, j(path, "beginTime"), SceneChecks.animationBeginTime)
        number(track.timeOffset, j(path, "timeOffset"), SceneChecks.animationTimeOffset)
        if case .times(let n) = track.repeatCount { number(n, j(path, "repeat"), SceneChecks.animationRepeat) }
    }

    /// An animated body must start where its track starts, not jump back at
    /// each repeat, and not move absurdly fast: Chipmunk gets the velocity that
    /// reaches each pose in one step, so a jump is a throw. (An angle track that
    /// ends whole turns from its start is made cumulative by the reader, `AnimationSpec.wholeTurns`.)
    mutating func motion(_ animation: AnimationSpec, position: Vector, angle: Double, shapes: [ShapeSpec], _ path: String) {
        let show = SceneChecks.show
        let reach = BodySpec(id: nil, type: .kinematic, position: position, angle: angle, velocity: .zero, angularVelocity: 0,
                             mass: nil, shapes: shapes, look: .plain).reach
        switch animation {
        case .position(let track):
            // The pose at scene time 0: the first value, or with a time offset, where the track is then.
            let first = track.value(at: 0)
            if first.x != position.x || first.y != position.y {
                let start = track.timeOffset == 0 ? "the animation starts at" : "at time 0 (timeOffset \(show(track.timeOffset))) the animation is at"
                fail(path, "\(start) [\(show(first.x)), \(show(first.y))] but the body is at [\(show(position.x)), \(show(position.y))]; make them the same (the body would jump)")
                return
            }
            if track.jumpsOnRepeat {
                fail(path, "each repeat would jump from the last value back to the first; end where it starts, or set \"autoreverses\": true")
                return
            }
            let (speed, at) = SceneChecks.fastest(track) { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
            if speed > Limits.animatedSpeed {
                fail(path, "moves at up to \(show(speed.rounded())) points/s (at \(show((at * 1000).rounded() / 1000)) s); the limit is \(show(Limits.animatedSpeed)): slow it down")
            }
        case .angle(let track):
            if track.jumpsOnRepeat {
                fail(path, "each repeat would jump from the last angle back to the first; end a whole number of turns (2π) from the start, or set \"autoreverses\": true")
                return
            }
            let first = track.value(at: 0)
            if first != angle {
                let start = track.timeOffset == 0 ? "the animation starts at angle" : "at time 0 (timeOffset \(show(track.timeOffset))) the animation is at angle"
                fail(path, "\(start) \(show(first)) but the body's angle is \(show(angle)); make them the same (the body would jump)")
                return
            }
            let (rate, at) = SceneChecks.fastest(track) { a, b in abs(b - a) }
            if rate > Limits.animatedTurnRate || rate * reach > Limits.animatedSpeed {
                fail(path, "turns at up to \(show(rate.rounded())) rad/s (at \(show((at * 1000).rounded() / 1000)) s), moving its shapes at \(show((rate * reach).rounded())) points/s; the limits are \(show(Limits.animatedTurnRate)) rad/s and \(show(Limits.animatedSpeed)) points/s: slow it down")
            }
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
}

extension AnimationSpec {
    /// An angle track that repeats and ends a whole number of turns from its
    /// start, made cumulative (it spins on, as a spinner should); any other as it is.
    var wholeTurns: AnimationSpec {
        guard case .angle(let track) = self, track.jumpsOnRepeat else { return self }
        let turns = (track.values[track.values.count - 1] - track.values[0]) / (2 * Double.pi)
        guard abs(turns - turns.rounded()) < 1e-9 else { return self }
        return .angle(try! AnimationTrack(values: track.values, keyTimes: track.keyTimes, timingFunctions: track.timingFunctions,
                                          duration: track.duration, beginTime: track.beginTime, repeatCount: track.repeatCount,
                                          autoreverses: false, cumulative: true, timeOffset: track.timeOffset))
    }
}
