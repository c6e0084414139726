#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Bodies: type, pose, mass, shapes, look, animation.
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
            hints = ["position": "is not allowed in spawn: a spawned body goes where the user clicks",
                     "id": "is not allowed in spawn: every spawned body would share it",
                     "animation": "is not allowed in spawn",
                     "trace": "is not allowed in spawn: mark a spawned body with T in the window"]
        }
        let fields = open(members, allowed, path, hints: hints)

        let id = self.id(fields, path)
        let type = bodyType(fields, path)
        if isSpawn && type != .dynamic { fail(j(path, "type"), "a spawned body must be dynamic") }

        var position = Vector.zero
        if let n = fields["position"] {
            if let p = point(n, j(path, "position")) { position = p }
        } else if !isSpawn {
            fail(path, "missing required key \"position\"")
        }

        let coord = NumberRange.within(-Limits.coordinate, Limits.coordinate)
        let angle = fields["angle"].flatMap { number($0, j(path, "angle"), coord) } ?? 0
        let velocity = fields["velocity"].flatMap { pair($0, j(path, "velocity"), coord) } ?? .zero
        let angularVelocity = fields["angularVelocity"].flatMap { number($0, j(path, "angularVelocity"), coord) } ?? 0
        if type == .static && (velocity != .zero || angularVelocity != 0) {
            fail(path, "a static body cannot move; give it type \"kinematic\" to set a velocity")
        }

        let (mass, moment, shapes) = massAndShapes(fields, path, type: type)

        let allBoxes = !shapes.isEmpty && shapes.allSatisfy { if case .box = $0.geometry { true } else { false } }
        var look: Look = allBoxes ? .crate : .plain
        if let n = fields["look"], let s = string(n, j(path, "look")) {
            if let l = SceneReader.look(s) { look = l } else {
                fail(j(path, "look"), "must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\", got \"\(s)\"")
            }
        }

        var animation: AnimationSpec?
        if let n = fields["animation"], !isSpawn {
            if type != .kinematic {
                fail(j(path, "animation"), "only kinematic bodies follow an animation; give the body \"type\": \"kinematic\"")
            } else if let a = self.animation(n, j(path, "animation")) {
                animation = checkMotion(a, position: position, angle: angle, shapes: shapes, j(path, "animation"))
            }
        }

        if type == .dynamic, let mass, moment == nil, errors.count == errorCount {
            checkMass(mass, shapes, path)
        }
        guard errors.count == errorCount else { return nil }
        var body = BodySpec(id: id, type: type, position: position, angle: angle, velocity: velocity,
                            angularVelocity: angularVelocity, mass: mass, shapes: shapes, look: look, animation: animation)
        body.moment = moment
        if let n = fields["trace"], let t = bool(n, j(path, "trace")) { body.trace = t }
        (body.velocityFunction, body.positionFunction) = (scriptFunction(fields, "velocityFunction", path, type: type), scriptFunction(fields, "positionFunction", path, type: type))
        guard errors.count == errorCount else { return nil }
        return body
    }

    /// `velocityFunction` or `positionFunction`: the name of a global function
    /// of the scene's script that Chipmunk calls for a dynamic body (section 16.8).
    mutating func scriptFunction(_ fields: ObjectFields, _ key: String, _ path: String, type: BodyKind) -> String? {
        let j = SceneReader.join
        guard let n = fields[key], let name = string(n, j(path, key)) else { return nil }
        guard type == .dynamic else {
            fail(j(path, key), "is for dynamic bodies only (Chipmunk integrates only those)")
            return nil
        }
        guard SceneReader.isLuaName(name) else {
            fail(j(path, key), "must name a global function of the script: a Lua name of 1 to 64 letters, digits and _, not starting with a digit, got \"\(name)\"")
            return nil
        }
        return name
    }

    /// A Lua name (an identifier; keywords can never name a global function anyway).
    static func isLuaName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else { return false }
        return bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }

    /// `moment`: a number > 0 or "infinite", for a dynamic body with `mass`
    /// (its shapes then get no mass: the body is made with cpBodyNew(mass, moment)).
    mutating func moment(_ fields: ObjectFields, _ path: String, type: BodyKind, mass: MassSpec?) -> BodySpec.Moment? {
        let j = SceneReader.join
        guard let node = fields["moment"] else { return nil }
        guard type == .dynamic else {
            fail(j(path, "moment"), "is for dynamic bodies only; a \(type.rawValue) body never turns by forces")
            return nil
        }
        if case .density? = mass {
            fail(j(path, "moment"), "goes with \"mass\", not \"density\" (a body with a moment is made with cpBodyNew(mass, moment); its shapes get no mass)")
            return nil
        }
        if case .string(let s) = node.value {
            guard s == "infinite" else {
                fail(j(path, "moment"), "must be a number or \"infinite\", got \"\(s)\"")
                return nil
            }
            return .infinite
        }
        return number(node, j(path, "moment"), .size(Limits.minimumMass, Limits.moment)).map(BodySpec.Moment.value)
    }

    /// Chipmunk aborts when it steps a dynamic body whose mass or moment is not
    /// positive, and the mass split divides by the total area.
    mutating func id(_ fields: ObjectFields, _ path: String) -> String? {
        let j = SceneReader.join
        guard let n = fields["id"], let s = string(n, j(path, "id")) else { return nil }
        if s.isEmpty || s.count > Limits.idLength {
            fail(j(path, "id"), "must be 1 to \(Limits.idLength) characters long")
        } else if s == "world" {
            fail(j(path, "id"), "\"world\" is reserved for the static body joints can attach to")
        } else {
            return s
        }
        return nil
    }

    mutating func bodyType(_ fields: ObjectFields, _ path: String) -> BodyKind {
        let j = SceneReader.join
        guard let n = fields["type"], let s = string(n, j(path, "type")) else { return .dynamic }
        if let k = BodyKind(rawValue: s) { return k }
        let guess = closest(to: s, in: ["dynamic", "kinematic", "static"]).map { " (did you mean \"\($0)\"?)" } ?? ""
        fail(j(path, "type"), "must be \"dynamic\", \"kinematic\" or \"static\", got \"\(s)\"\(guess)")
        return .dynamic
    }

    mutating func mass(_ fields: ObjectFields, _ path: String, type: BodyKind) -> MassSpec? {
        let j = SceneReader.join
        let massNode = fields["mass"], densityNode = fields["density"]
        guard type == .dynamic else {
            if massNode != nil || densityNode != nil {
                fail(path, "\"\(massNode != nil ? "mass" : "density")\" is for dynamic bodies only; a \(type.rawValue) body has infinite mass")
            }
            return nil
        }
        switch (massNode, densityNode) {
        case (let m?, nil): return number(m, j(path, "mass"), .size(Limits.minimumMass, Limits.mass)).map(MassSpec.mass)
        case (nil, let d?): return number(d, j(path, "density"), .positive(Limits.mass)).map(MassSpec.density)
        case (nil, nil): fail(path, "a dynamic body needs \"mass\" or \"density\"")
        case (.some, .some): fail(path, "give either \"mass\" or \"density\", not both")
        }
        return nil
    }

    /// `shapes`, or the shorthand `box`; at most `Limits.shapesPerDynamicBody` on a dynamic body.
    mutating func shapes(_ fields: ObjectFields, _ path: String, type: BodyKind) -> [ShapeSpec] {
        let j = SceneReader.join
        var shapes: [ShapeSpec] = []
        switch (fields["shapes"], fields["box"]) {
        case (let s?, nil):
            if let items = array(s, j(path, "shapes"), max: Limits.shapes) {
                if items.isEmpty { fail(j(path, "shapes"), "must have at least one shape") }
                for (i, item) in items.enumerated() {
                    if let shape = shape(item, "\(j(path, "shapes"))[\(i)]") { shapes.append(shape) }
                }
            }
        case (nil, let b?):
            if let size = pair(b, j(path, "box"), .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height")) {
                shapes = [ShapeSpec(geometry: .box(width: size.x, height: size.y, radius: 0))]
            }
        case (nil, nil): fail(path, "missing required key \"shapes\" (or the shorthand \"box\": [w, h])")
        case (.some, .some): fail(path, "give either \"shapes\" or the shorthand \"box\", not both")
        }
        if type == .dynamic && shapes.count > Limits.shapesPerDynamicBody {
            fail(j(path, "shapes"), "has \(shapes.count) shapes; a dynamic body may have at most \(Limits.shapesPerDynamicBody) (a static or kinematic one more)")
        }
        return shapes
    }

    /// The body's mass, moment and shapes: a body whose shapes give their own
    /// masses (13.3) gives none, and is checked with its shapes.
    mutating func massAndShapes(_ fields: ObjectFields, _ path: String, type: BodyKind) -> (MassSpec?, BodySpec.Moment?, [ShapeSpec]) {
        let shapesGiveMass = SceneReader.shapesGiveMass(fields)
        let mass = shapesGiveMass || (fields["moment"] != nil && type == .dynamic && fields["mass"] == nil && fields["density"] == nil)
            ? nil : self.mass(fields, path, type: type)
        if !shapesGiveMass, mass == nil, type == .dynamic, fields["moment"] != nil, fields["mass"] == nil, fields["density"] == nil {
            fail(path, "a dynamic body with \"moment\" needs \"mass\" (it is made with cpBodyNew(mass, moment))")
        }
        let moment = shapesGiveMass ? nil : self.moment(fields, path, type: type, mass: mass)
        let shapes = self.shapes(fields, path, type: type)
        if shapesGiveMass { checkShapeMasses(shapes, fields, path, type: type) }
        return (mass, moment, shapes)
    }

    /// Whether any shape of the body's `shapes` names its own `mass` or `density` (13.3).
    static func shapesGiveMass(_ fields: ObjectFields) -> Bool {
        guard case .array(let items)? = fields.peek("shapes")?.value else { return false }
        return items.contains { item in
            if case .object(let members) = item.value { members.contains { $0.key == "mass" || $0.key == "density" } } else { false }
        }
    }

    /// The shapes' own masses (13.3), in the documented order of checks; each
    /// shape named by its place in the file's list (`shapes` holds the valid ones).
    mutating func checkShapeMasses(_ shapes: [ShapeSpec], _ fields: ObjectFields, _ path: String, type: BodyKind) {
        let j = SceneReader.join
        guard case .array(let items)? = fields.peek("shapes")?.value else { return }
        func given(_ item: JSONNode) -> String? {
            guard case .object(let members) = item.value else { return nil }
            return members.first { $0.key == "mass" || $0.key == "density" }?.key
        }
        guard type == .dynamic else {
            _ = mass(fields, path, type: type)  // a static or kinematic body's own "mass" or "density" is said as without shapes' masses
            _ = moment(fields, path, type: type, mass: nil)
            for (i, item) in items.enumerated() {
                if let key = given(item) { fail("\(j(path, "shapes"))[\(i)]", "\"\(key)\" is for a dynamic body's shapes only; a \(type.rawValue) body has infinite mass") }
            }
            return
        }
        if fields["mass"] != nil || fields["density"] != nil || fields["moment"] != nil {
            fail(path, "the shapes give their own masses: give none of \"mass\", \"density\" and \"moment\" on the body")
            return
        }
        if let i = items.firstIndex(where: { given($0) == nil }) {
            fail("\(j(path, "shapes"))[\(i)]", "every shape of the body gives \"mass\" or \"density\" when one does")
            return
        }
        // The totals, once every shape and its mass read (a shape's own mistake is said already).
        guard shapes.count == items.count, shapes.allSatisfy({ $0.mass != nil }) else { return }
        var total = 0.0
        for (i, shape) in shapes.enumerated() {
            switch shape.mass {
            case .mass(let m)?: total += m
            case .density(let d)?:
                let area = shape.geometry.area
                guard area > 0, (d * area).isFinite, d * area >= Limits.minimumMass else {
                    fail("\(j(path, "shapes"))[\(i)]", "density \(SceneReader.show(d)) gives this shape a mass of \(SceneReader.show(d * area)); it must be at least \(SceneReader.show(Limits.minimumMass)) (a segment needs a radius)")
                    return
                }
                total += d * area
            case nil: return
            }
        }
        if !(total <= Limits.mass) { fail(path, "the shapes' masses add up to \(SceneReader.show(total)); a body's mass is at most \(SceneReader.show(Limits.mass))") }
    }

    mutating func checkMass(_ mass: MassSpec, _ shapes: [ShapeSpec], _ path: String) {
        let totalArea = shapes.reduce(0) { $0 + $1.geometry.area }
        switch mass {
        case .mass where shapes.count > 1 && !(totalArea > 0):
            fail(path, "the shapes have no area to share the mass by; give the segments a radius")
        case .density(let d) where !(totalArea > 0) || !(d * totalArea).isFinite:
            fail(path, "the shapes have no area, so density gives no mass; use \"mass\" or give the segments a radius")
        case .density(let d) where d * totalArea < Limits.minimumMass || d * totalArea > Limits.mass:
            fail(path, "density \(SceneReader.show(d)) gives a mass of \(SceneReader.show(d * totalArea)); it must be between \(SceneReader.show(Limits.minimumMass)) and \(SceneReader.show(Limits.mass))")
        default: break
        }
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
