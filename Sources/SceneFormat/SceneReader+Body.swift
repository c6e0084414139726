#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Bodies as written: type, pose, mass, shapes, look, animation (their values: SceneChecks.body).
extension SceneReader {
    static let bodyKeys = ["id", "type", "position", "angle", "velocity", "angularVelocity", "mass",
                           "density", "moment", "shapes", "box", "look", "animation", "trace",
                           "velocityFunction", "positionFunction"]

    mutating func body(_ node: JSONNode, _ path: String, isSpawn: Bool) -> BodySpec? {
        guard let members = object(node, path, "a body object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        var allowed = SceneReader.bodyKeys
        var hints: [String: String] = [:]
        if isSpawn {
            allowed.removeAll { ["position", "id", "animation", "trace"].contains($0) }
            hints = SceneChecks.notInSpawn
            hints["position"] = "is not allowed in spawn: a spawned body goes where the user clicks"
        }
        let fields = open(members, allowed, path, hints: hints)

        let id = fields["id"].flatMap { string($0, j(path, "id")) }
        let type = bodyType(fields, path)
        var position = Vector.zero
        if let n = fields["position"] {
            if let p = point(n, j(path, "position"), checked: false) { position = p }
        } else if !isSpawn {
            fail(path, "missing required key \"position\"")
        }
        let angle = fields["angle"].flatMap { number($0, j(path, "angle")) } ?? 0
        let velocity = fields["velocity"].flatMap { pair($0, j(path, "velocity")) } ?? .zero
        let angularVelocity = fields["angularVelocity"].flatMap { number($0, j(path, "angularVelocity")) } ?? 0
        let mass = self.mass(fields, path), moment = self.moment(fields, path)
        let (shapes, boxShorthand) = self.shapes(fields, path)

        let allBoxes = !shapes.isEmpty && shapes.allSatisfy { if case .box = $0.geometry { true } else { false } }
        var look: Look = allBoxes ? .crate : .plain
        if let n = fields["look"], let s = string(n, j(path, "look")) {
            if let l = SceneReader.look(s) { look = l } else {
                fail(j(path, "look"), "must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\", got \"\(s)\"")
            }
        }
        var animation: AnimationSpec?
        if let n = fields["animation"], !isSpawn {
            // Only a kinematic body's animation is read: another's keys would be said for nothing.
            if type != .kinematic {
                fail(j(path, "animation"), SceneChecks.onlyKinematicAnimates)
            } else {
                animation = self.animation(n, j(path, "animation"))?.wholeTurns
            }
        }
        let trace = fields["trace"].flatMap { bool($0, j(path, "trace")) } ?? false
        let functions = ["velocityFunction", "positionFunction"].map { key in fields[key].flatMap { string($0, j(path, key)) } }
        guard errors.count == errorCount else { return nil }
        var body = BodySpec(id: id, type: type, position: position, angle: angle, velocity: velocity,
                            angularVelocity: angularVelocity, mass: mass, shapes: shapes, look: look, animation: animation)
        (body.moment, body.trace) = (moment, trace)
        (body.velocityFunction, body.positionFunction) = (functions[0], functions[1])
        guard checks.body(body, path, isSpawn: isSpawn, boxShorthand: boxShorthand) else { return nil }
        return body
    }

    mutating func bodyType(_ fields: ObjectFields, _ path: String) -> BodyKind {
        let j = SceneReader.join
        guard let n = fields["type"], let s = string(n, j(path, "type")) else { return .dynamic }
        if let k = BodyKind(rawValue: s) { return k }
        let guess = closest(to: s, in: ["dynamic", "kinematic", "static"]).map { " (did you mean \"\($0)\"?)" } ?? ""
        fail(j(path, "type"), "must be \"dynamic\", \"kinematic\" or \"static\", got \"\(s)\"\(guess)")
        return .dynamic
    }

    /// `mass` or `density`, as written (at most one of them).
    mutating func mass(_ fields: ObjectFields, _ path: String) -> MassSpec? {
        let j = SceneReader.join
        switch (fields["mass"], fields["density"]) {
        case (let m?, nil): return number(m, j(path, "mass")).map(MassSpec.mass)
        case (nil, let d?): return number(d, j(path, "density")).map(MassSpec.density)
        case (.some, .some): fail(path, "give either \"mass\" or \"density\", not both")
        case (nil, nil): break
        }
        return nil
    }

    /// `moment`: a number or "infinite" (section 13: for a dynamic body with `mass`).
    mutating func moment(_ fields: ObjectFields, _ path: String) -> BodySpec.Moment? {
        let j = SceneReader.join
        guard let node = fields["moment"] else { return nil }
        if case .string(let s) = node.value {
            guard s == "infinite" else {
                fail(j(path, "moment"), "must be a number or \"infinite\", got \"\(s)\"")
                return nil
            }
            return .infinite
        }
        return number(node, j(path, "moment")).map(BodySpec.Moment.value)
    }

    /// `shapes`, or the shorthand `box` (then true).
    mutating func shapes(_ fields: ObjectFields, _ path: String) -> ([ShapeSpec], Bool) {
        let j = SceneReader.join
        var shapes: [ShapeSpec] = []
        switch (fields["shapes"], fields["box"]) {
        case (let s?, nil):
            if let items = array(s, j(path, "shapes"), max: Limits.shapes) {
                for (i, item) in items.enumerated() {
                    if let shape = shape(item, "\(j(path, "shapes"))[\(i)]") { shapes.append(shape) }
                }
            }
        case (nil, let b?):
            if let size = pair(b, j(path, "box"), labels: ("width", "height")) {
                return ([ShapeSpec(geometry: .box(width: size.x, height: size.y, radius: 0))], true)
            }
        case (nil, nil): fail(path, "missing required key \"shapes\" (or the shorthand \"box\": [w, h])")
        case (.some, .some): fail(path, "give either \"shapes\" or the shorthand \"box\", not both")
        }
        return (shapes, false)
    }

    static func look(_ s: String) -> Look? {
        switch s {
        case "crate": return .crate
        case "ball": return .ball
        case "plain": return .plain
        default:
            let hex = s.dropFirst()
            guard s.first == "#", hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
            return .color(v)
        }
    }
}
