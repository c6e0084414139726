#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Joints: types, bodies, anchors and limits.
extension SceneReader {
    /// Each type's keys: the ones it needs, and the ones it may have.
    /// (A pivot needs `anchor`, or `anchorA` and `anchorB`: checked in `jointKind`.)
    static let jointParameters: [(type: String, keys: [String], optional: [String])] = [
        ("pivot", [], ["anchor", "anchorA", "anchorB"]),
        ("pin", ["anchorA", "anchorB"], ["distance"]),
        ("slide", ["anchorA", "anchorB", "min", "max"], []),
        ("spring", ["anchorA", "anchorB", "restLength", "stiffness", "damping"], ["forceFunction"]),
        ("motor", ["rate"], []),
        ("groove", ["grooveA", "anchorB"], []),
        ("rotarySpring", ["restAngle", "stiffness", "damping"], ["torqueFunction"]),
        ("rotaryLimit", ["min", "max"], []),
        ("ratchet", ["phase", "ratchet"], []),
        ("gear", ["phase", "ratio"], []),
    ]
    /// Keys every joint may have.
    static let jointCommonKeys = ["id", "type", "a", "b", "maxForce", "collide", "maxBias", "errorBias", "breakForce", "preSolve", "postSolve"]

    mutating func joint(_ node: JSONNode, _ path: String, bodies: [BodySpec]) -> JointSpec? {
        guard let members = object(node, path, "a joint object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        let types = SceneReader.jointParameters.map(\.type)
        // The type decides which keys are allowed, so it is looked up before the object is opened.
        guard let typeNode = members.first(where: { $0.key == "type" })?.node else {
            fail(path, "missing required key \"type\" (one of: \(types.joined(separator: ", ")))")
            return nil
        }
        guard let type = string(typeNode, j(path, "type")) else { return nil }
        guard let parameters = SceneReader.jointParameters.first(where: { $0.type == type }) else {
            let guess = closest(to: type, in: types).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, "type"), "unknown joint type \"\(type)\"\(guess); expected one of: \(types.joined(separator: ", "))")
            return nil
        }
        let fields = open(members, SceneReader.jointCommonKeys + parameters.keys + parameters.optional, path)
        _ = fields["type"]  // read above
        var values: [String: JSONNode] = [:]  // lookups only
        for key in parameters.keys {
            if let n = fields[key] { values[key] = n } else { fail(path, "a \(type) joint needs \"\(key)\"") }
        }
        for key in parameters.optional where !key.hasSuffix("Function") { if let n = fields[key] { values[key] = n } }

        func ref(_ key: String) -> BodyRef? {
            guard let n = fields[key] else {
                fail(path, "missing required key \"\(key)\" (a body id or \"world\")")
                return nil
            }
            guard let id = string(n, j(path, key)) else { return nil }
            if id == "world" { return .world }
            if let index = bodies.firstIndex(where: { $0.id == id }) { return .body(index) }
            let guess = closest(to: id, in: bodies.compactMap(\.id) + ["world"]).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, key), "no body has the id \"\(id)\"\(guess)")
            return nil
        }
        let a = ref("a"), b = ref("b")
        if let a, let b {
            if a == b {
                fail(path, "\"a\" and \"b\" are the same body; a joint needs two")
            } else if !SceneReader.isDynamic(a, bodies) && !SceneReader.isDynamic(b, bodies) {
                fail(path, "neither body is dynamic; a joint needs at least one dynamic body to act on")
            }
        }

        let id = self.id(fields, path)
        let kind = jointKind(type, values, path)
        let maxForce = fields["maxForce"].flatMap { number($0, j(path, "maxForce"), .nonNegative(1e300)) } ?? .infinity
        let collide = fields["collide"].flatMap { bool($0, j(path, "collide")) } ?? false
        let maxBias = fields["maxBias"].flatMap { number($0, j(path, "maxBias"), .nonNegative(1e300)) }
        let errorBias = fields["errorBias"].flatMap { number($0, j(path, "errorBias"), .within(0, 1)) }
        let breakForce = fields["breakForce"].flatMap { number($0, j(path, "breakForce"), .positive(1e300)) }
        if let kind, let a, let b, SceneReader.turnsBodies(kind), !SceneReader.canTurn(a, bodies), !SceneReader.canTurn(b, bodies) {
            fail(path, "a \(type) joint acts on its bodies' angles, and neither can turn (a dynamic body with a finite moment)")
        }
        let functions = jointFunctions(fields, path, breakable: breakForce != nil)
        guard errors.count == errorCount, let kind, let a, let b else { return nil }
        var joint = JointSpec(kind: kind, a: a, b: b, maxForce: maxForce, collide: collide)
        (joint.maxBias, joint.errorBias, joint.breakForce) = (maxBias, errorBias, breakForce)
        joint.id = id
        joint.functions = functions
        return joint
    }

    /// A joint's script functions (section 16.10): a spring's `forceFunction`,
    /// a rotary spring's `torqueFunction`, any joint's `preSolve` and
    /// `postSolve` (not a breakable joint's: its post-solve is cratebox's).
    mutating func jointFunctions(_ fields: ObjectFields, _ path: String, breakable: Bool) -> JointSpec.Functions {
        let j = SceneReader.join
        func name(_ key: String) -> String? {
            guard let n = fields[key], let name = string(n, j(path, key)) else { return nil }
            guard SceneReader.isLuaName(name) else {
                fail(j(path, key), "must name a global function of the script: a Lua name of 1 to 64 letters, digits and _, not starting with a digit, got \"\(name)\"")
                return nil
            }
            return name
        }
        let functions = JointSpec.Functions(force: name("forceFunction"), torque: name("torqueFunction"), preSolve: name("preSolve"), postSolve: name("postSolve"))
        if breakable && functions.postSolve != nil { fail(j(path, "postSolve"), "a breakable joint's post-solve is cratebox's own (it breaks the joint): not with breakForce") }
        return functions
    }

    /// The type's parameters, from the joint's values.
    mutating func jointKind(_ type: String, _ values: [String: JSONNode], _ path: String) -> JointSpec.Kind? {
        let j = SceneReader.join
        let coord = NumberRange.within(-Limits.coordinate, Limits.coordinate)
        func pointValue(_ key: String) -> Vector? { values[key].flatMap { point($0, j(path, key)) } }
        func numberValue(_ key: String, _ range: NumberRange) -> Double? { values[key].flatMap { number($0, j(path, key), range) } }

        var kind: JointSpec.Kind?
        switch type {
        case "pivot":
            // A world point, or a point on each body: one form or the other.
            let world = values["anchor"] != nil, local = (values["anchorA"] != nil, values["anchorB"] != nil)
            if world && (local.0 || local.1) {
                fail(path, "a pivot has \"anchor\" (a world point) or \"anchorA\" and \"anchorB\" (a point on each body), not both")
            } else if world {
                if let anchor = pointValue("anchor") { kind = .pivot(anchor: anchor) }
            } else if local.0 && local.1 {
                if let pa = pointValue("anchorA"), let pb = pointValue("anchorB") { kind = .pivotAnchors(anchorA: pa, anchorB: pb) }
            } else if local.0 || local.1 {
                fail(path, "a pivot with \"\(local.0 ? "anchorA" : "anchorB")\" needs \"\(local.0 ? "anchorB" : "anchorA")\" too (a point on each body)")
            } else {
                fail(path, "a pivot joint needs \"anchor\" (a world point), or \"anchorA\" and \"anchorB\" (a point on each body)")
            }
        case "pin":
            let distance = values["distance"].flatMap { number($0, j(path, "distance"), .nonNegative(Limits.coordinate)) }
            if let pa = pointValue("anchorA"), let pb = pointValue("anchorB"), distance != nil || values["distance"] == nil {
                kind = .pin(anchorA: pa, anchorB: pb, distance: distance)
            }
        case "slide":
            let pa = pointValue("anchorA"), pb = pointValue("anchorB")
            let lo = numberValue("min", .nonNegative(Limits.coordinate)), hi = numberValue("max", .nonNegative(Limits.coordinate))
            if let lo, let hi, hi < lo { fail(j(path, "max"), "must be at least min (\(SceneReader.show(lo))), got \(SceneReader.show(hi))") }
            if let pa, let pb, let lo, let hi, hi >= lo { kind = .slide(anchorA: pa, anchorB: pb, min: lo, max: hi) }
        case "spring":
            let pa = pointValue("anchorA"), pb = pointValue("anchorB")
            let rest = numberValue("restLength", .nonNegative(Limits.coordinate))
            let k = numberValue("stiffness", .nonNegative(Limits.mass)), d = numberValue("damping", .nonNegative(Limits.mass))
            if let pa, let pb, let rest, let k, let d {
                kind = .spring(anchorA: pa, anchorB: pb, restLength: rest, stiffness: k, damping: d)
            }
        case "motor":
            if let rate = numberValue("rate", coord) { kind = .motor(rate: rate) }
        default:
            kind = angularJointKind(type, values, path)
        }

        return kind
    }

    /// The joints the additions bring: groove, rotary spring, rotary limit, ratchet, gear.
    mutating func angularJointKind(_ type: String, _ values: [String: JSONNode], _ path: String) -> JointSpec.Kind? {
        let j = SceneReader.join
        let coord = NumberRange.within(-Limits.coordinate, Limits.coordinate)
        func numberValue(_ key: String, _ range: NumberRange) -> Double? { values[key].flatMap { number($0, j(path, key), range) } }
        switch type {
        case "groove":
            let anchorB = values["anchorB"].flatMap { point($0, j(path, "anchorB")) }
            guard let node = values["grooveA"] else { return nil }
            guard case .array(let items) = node.value, items.count == 2 else {
                fail(j(path, "grooveA"), "must be [[x, y], [x, y]]: the groove's two ends on body a")
                return nil
            }
            let ga = point(items[0], "\(j(path, "grooveA"))[0]"), gb = point(items[1], "\(j(path, "grooveA"))[1]")
            guard let ga, let gb, let anchorB else { return nil }
            guard (gb - ga).length >= Limits.minimumLength else {
                fail(j(path, "grooveA"), "the groove's ends are \(SceneReader.show((gb - ga).length)) apart; a groove needs length (at least \(SceneReader.show(Limits.minimumLength)))")
                return nil
            }
            return .groove(grooveA: ga, grooveB: gb, anchorB: anchorB)
        case "rotarySpring":
            let rest = numberValue("restAngle", coord)
            let k = numberValue("stiffness", .nonNegative(Limits.mass)), d = numberValue("damping", .nonNegative(Limits.mass))
            guard let rest, let k, let d else { return nil }
            return .rotarySpring(restAngle: rest, stiffness: k, damping: d)
        case "rotaryLimit":
            let lo = numberValue("min", coord), hi = numberValue("max", coord)
            if let lo, let hi, hi < lo { fail(j(path, "max"), "must be at least min (\(SceneReader.show(lo))), got \(SceneReader.show(hi))") }
            guard let lo, let hi, hi >= lo else { return nil }
            return .rotaryLimit(min: lo, max: hi)
        case "ratchet":
            let phase = numberValue("phase", coord), ratchet = numberValue("ratchet", coord)
            if ratchet == 0 { fail(j(path, "ratchet"), "must not be 0: it is the angle of one click (its sign says which way the ratchet turns)") }
            guard let phase, let ratchet, ratchet != 0 else { return nil }
            return .ratchet(phase: phase, ratchet: ratchet)
        default:  // gear
            let phase = numberValue("phase", coord), ratio = numberValue("ratio", .within(-Limits.gearRatio, Limits.gearRatio))
            if let ratio, abs(ratio) < 1 / Limits.gearRatio {
                fail(j(path, "ratio"), "must be at least \(SceneReader.show(1 / Limits.gearRatio)) either way (Chipmunk divides by it), got \(SceneReader.show(ratio))")
                return nil
            }
            guard let phase, let ratio else { return nil }
            return .gear(phase: phase, ratio: ratio)
        }
    }

    /// Whether a joint acts on its bodies' angles only (a gear, a ratchet, a rotary joint, a motor).
    static func turnsBodies(_ kind: JointSpec.Kind) -> Bool {
        switch kind {
        case .rotarySpring, .rotaryLimit, .ratchet, .gear, .motor: true
        default: false
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
