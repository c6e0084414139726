#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Joints as written: types, bodies, anchors and limits (their values: SceneChecks.joint).
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
        let id = fields["id"].flatMap { string($0, j(path, "id")) }
        let kind = jointKind(type, values, path)
        let maxForce = fields["maxForce"].flatMap { number($0, j(path, "maxForce")) } ?? .infinity
        let collide = fields["collide"].flatMap { bool($0, j(path, "collide")) } ?? false
        let maxBias = fields["maxBias"].flatMap { number($0, j(path, "maxBias")) }
        let errorBias = fields["errorBias"].flatMap { number($0, j(path, "errorBias")) }
        let breakForce = fields["breakForce"].flatMap { number($0, j(path, "breakForce")) }
        let names = ["forceFunction", "torqueFunction", "preSolve", "postSolve"].map { key in fields[key].flatMap { string($0, j(path, key)) } }
        guard errors.count == errorCount, let kind, let a, let b else { return nil }
        var joint = JointSpec(kind: kind, a: a, b: b, maxForce: maxForce, collide: collide)
        (joint.maxBias, joint.errorBias, joint.breakForce) = (maxBias, errorBias, breakForce)
        joint.id = id
        joint.functions = JointSpec.Functions(force: names[0], torque: names[1], preSolve: names[2], postSolve: names[3])
        guard checks.joint(joint, path, bodies: bodies) else { return nil }
        return joint
    }

    /// The type's parameters, from the joint's values.
    mutating func jointKind(_ type: String, _ values: [String: JSONNode], _ path: String) -> JointSpec.Kind? {
        let j = SceneReader.join
        func pointValue(_ key: String) -> Vector? { values[key].flatMap { point($0, j(path, key), checked: false) } }
        func numberValue(_ key: String) -> Double? { values[key].flatMap { number($0, j(path, key)) } }

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
            let distance = values["distance"].flatMap { number($0, j(path, "distance")) }
            if let pa = pointValue("anchorA"), let pb = pointValue("anchorB"), distance != nil || values["distance"] == nil {
                kind = .pin(anchorA: pa, anchorB: pb, distance: distance)
            }
        case "slide":
            let pa = pointValue("anchorA"), pb = pointValue("anchorB")
            let lo = numberValue("min"), hi = numberValue("max")
            if let pa, let pb, let lo, let hi { kind = .slide(anchorA: pa, anchorB: pb, min: lo, max: hi) }
        case "spring":
            let pa = pointValue("anchorA"), pb = pointValue("anchorB")
            let rest = numberValue("restLength")
            let k = numberValue("stiffness"), d = numberValue("damping")
            if let pa, let pb, let rest, let k, let d {
                kind = .spring(anchorA: pa, anchorB: pb, restLength: rest, stiffness: k, damping: d)
            }
        case "motor":
            if let rate = numberValue("rate") { kind = .motor(rate: rate) }
        default:
            kind = angularJointKind(type, values, path)
        }

        return kind
    }

    /// The joints the additions bring: groove, rotary spring, rotary limit, ratchet, gear.
    mutating func angularJointKind(_ type: String, _ values: [String: JSONNode], _ path: String) -> JointSpec.Kind? {
        let j = SceneReader.join
        func numberValue(_ key: String) -> Double? { values[key].flatMap { number($0, j(path, key)) } }
        switch type {
        case "groove":
            let anchorB = values["anchorB"].flatMap { point($0, j(path, "anchorB"), checked: false) }
            guard let node = values["grooveA"] else { return nil }
            guard case .array(let items) = node.value, items.count == 2 else {
                fail(j(path, "grooveA"), "must be [[x, y], [x, y]]: the groove's two ends on body a")
                return nil
            }
            let ga = point(items[0], "\(j(path, "grooveA"))[0]", checked: false), gb = point(items[1], "\(j(path, "grooveA"))[1]", checked: false)
            guard let ga, let gb, let anchorB else { return nil }
            return .groove(grooveA: ga, grooveB: gb, anchorB: anchorB)
        case "rotarySpring":
            let rest = numberValue("restAngle"), k = numberValue("stiffness"), d = numberValue("damping")
            guard let rest, let k, let d else { return nil }
            return .rotarySpring(restAngle: rest, stiffness: k, damping: d)
        case "rotaryLimit":
            let lo = numberValue("min"), hi = numberValue("max")
            guard let lo, let hi else { return nil }
            return .rotaryLimit(min: lo, max: hi)
        case "ratchet":
            let phase = numberValue("phase"), ratchet = numberValue("ratchet")
            guard let phase, let ratchet else { return nil }
            return .ratchet(phase: phase, ratchet: ratchet)
        default:  // gear
            let phase = numberValue("phase"), ratio = numberValue("ratio")
            guard let phase, let ratio else { return nil }
            return .gear(phase: phase, ratio: ratio)
        }
    }
}
