import CrateboxGeometry

// A joint's values (sections 7 and 13.4): its bodies, anchors, limits and functions.
extension SceneChecks {
    /// Every rule on one joint's values, between `bodies` (by `joint.a` and
    /// `joint.b`). True when nothing is wrong. (Section 8's checks of springs
    /// and pins need the whole scene: `springs` and `pins`.)
    @discardableResult
    mutating func joint(_ joint: JointSpec, _ path: @autoclosure () -> String, bodies: [BodySpec]) -> Bool {
        let before = errors.count
        let j = SceneChecks.join
        for (key, ref) in [("a", joint.a), ("b", joint.b)] {
            if let i = ref.body, !bodies.indices.contains(i) { fail(j(path(), key), "names body \(i), and the scene has \(bodies.count)") }
        }
        guard errors.count == before else { return false }
        if joint.a == joint.b {
            fail(path(), "\"a\" and \"b\" are the same body; a joint needs two")
        } else if !SceneChecks.isDynamic(joint.a, bodies) && !SceneChecks.isDynamic(joint.b, bodies) {
            fail(path(), "neither body is dynamic; a joint needs at least one dynamic body to act on")
        }
        if let id = joint.id { bodyId(id, j(path(), "id")) }
        kind(joint.kind, path())
        if joint.maxForce != .infinity { number(joint.maxForce, j(path(), "maxForce"), .nonNegative(1e300)) }
        if let v = joint.maxBias { number(v, j(path(), "maxBias"), .nonNegative(1e300)) }
        if let v = joint.errorBias { number(v, j(path(), "errorBias"), .within(0, 1)) }
        if let v = joint.breakForce { number(v, j(path(), "breakForce"), .positive(1e300)) }
        if joint.kind.turnsBodies, !SceneChecks.canTurn(joint.a, bodies), !SceneChecks.canTurn(joint.b, bodies) {
            fail(path(), "a \(joint.kind.typeName) joint acts on its bodies' angles, and neither can turn (a dynamic body with a finite moment)")
        }
        let f = joint.functions
        for (key, name) in [("forceFunction", f.force), ("torqueFunction", f.torque), ("preSolve", f.preSolve), ("postSolve", f.postSolve)] {
            if let name { functionName(name, j(path(), key)) }
        }
        // (A file cannot say these: the keys are not a joint's of another type.)
        let (spring, rotarySpring) = switch joint.kind {
        case .spring: (true, false)
        case .rotarySpring: (false, true)
        default: (false, false)
        }
        if f.force != nil && !spring { fail(j(path(), "forceFunction"), "is a spring joint's only") }
        if f.torque != nil && !rotarySpring { fail(j(path(), "torqueFunction"), "is a rotary spring joint's only") }
        if joint.breakForce != nil && f.postSolve != nil {
            fail(j(path(), "postSolve"), "a breakable joint's post-solve is cratebox's own (it breaks the joint): not with breakForce")
        }
        return errors.count == before
    }

    /// The type's own parameters.
    mutating func kind(_ kind: JointSpec.Kind, _ path: @autoclosure () -> String) {
        let j = SceneChecks.join, show = SceneChecks.show
        let coord = SceneChecks.coordinate
        func anchors(_ a: Vector, _ b: Vector) {
            point(a, j(path(), "anchorA"))
            point(b, j(path(), "anchorB"))
        }
        /// `max` at least `min`, once both are right.
        func ordered(_ lo: Double, _ hi: Double, _ range: NumberRange) {
            let okLo = number(lo, j(path(), "min"), range), okHi = number(hi, j(path(), "max"), range)
            if okLo && okHi && hi < lo { fail(j(path(), "max"), "must be at least min (\(show(lo))), got \(show(hi))") }
        }
        switch kind {
        case .pivot(let anchor): point(anchor, j(path(), "anchor"))
        case .pivotAnchors(let a, let b): anchors(a, b)
        case .pin(let a, let b, let distance):
            anchors(a, b)
            if let distance { number(distance, j(path(), "distance"), .nonNegative(Limits.coordinate)) }
        case .slide(let a, let b, let lo, let hi):
            anchors(a, b)
            ordered(lo, hi, .nonNegative(Limits.coordinate))
        case .spring(let a, let b, let rest, let k, let d):
            anchors(a, b)
            number(rest, j(path(), "restLength"), .nonNegative(Limits.coordinate))
            number(k, j(path(), "stiffness"), .nonNegative(Limits.mass))
            number(d, j(path(), "damping"), .nonNegative(Limits.mass))
        case .motor(let rate): number(rate, j(path(), "rate"), coord)
        case .groove(let ga, let gb, let anchorB):
            let okB = point(anchorB, j(path(), "anchorB"))
            let okA = point(ga, "\(j(path(), "grooveA"))[0]"), okG = point(gb, "\(j(path(), "grooveA"))[1]")
            if okB && okA && okG && !((gb - ga).length >= Limits.minimumLength) {
                fail(j(path(), "grooveA"), "the groove's ends are \(show((gb - ga).length)) apart; a groove needs length (at least \(show(Limits.minimumLength)))")
            }
        case .rotarySpring(let rest, let k, let d):
            number(rest, j(path(), "restAngle"), coord)
            number(k, j(path(), "stiffness"), .nonNegative(Limits.mass))
            number(d, j(path(), "damping"), .nonNegative(Limits.mass))
        case .rotaryLimit(let lo, let hi): ordered(lo, hi, coord)
        case .ratchet(let phase, let ratchet):
            number(phase, j(path(), "phase"), coord)
            if number(ratchet, j(path(), "ratchet"), coord), ratchet == 0 {
                fail(j(path(), "ratchet"), "must not be 0: it is the angle of one click (its sign says which way the ratchet turns)")
            }
        case .gear(let phase, let ratio):
            number(phase, j(path(), "phase"), coord)
            if number(ratio, j(path(), "ratio"), .within(-Limits.gearRatio, Limits.gearRatio)), abs(ratio) < 1 / Limits.gearRatio {
                fail(j(path(), "ratio"), "must be at least \(show(1 / Limits.gearRatio)) either way (Chipmunk divides by it), got \(show(ratio))")
            }
        }
    }

    /// Whether a joint's body can turn: a dynamic body with a finite moment.
    static func canTurn(_ ref: BodyRef, _ bodies: [BodySpec]) -> Bool {
        guard case .body(let i) = ref, bodies[i].type == .dynamic else { return false }
        return bodies[i].moment != .infinite
    }

    static func isDynamic(_ ref: BodyRef, _ bodies: [BodySpec]) -> Bool {
        if case .body(let i) = ref { return bodies[i].type == .dynamic }
        return false
    }
}

extension JointSpec.Kind {
    /// The joint's `type` in a scene file ("pivot", "rotarySpring"...).
    var typeName: String {
        switch self {
        case .pivot, .pivotAnchors: "pivot"
        case .pin: "pin"
        case .slide: "slide"
        case .spring: "spring"
        case .motor: "motor"
        case .groove: "groove"
        case .rotarySpring: "rotarySpring"
        case .rotaryLimit: "rotaryLimit"
        case .ratchet: "ratchet"
        case .gear: "gear"
        }
    }
}
