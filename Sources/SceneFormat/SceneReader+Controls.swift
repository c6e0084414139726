import JSONText
import CrateboxGeometry

// Controls: keys and buttons bound to motors, thrusters, servos and winches (section 14).
extension SceneReader {
    /// Every key a binding may have; which go together is checked below.
    static let bindingKeys = ["key", "button", "label", "motor", "rate", "maxForce", "body", "force", "at",
                              "velocity", "angularVelocity", "local", "winch", "speed"]

    /// A string member of an object as written, without checking anything (nil when it is not one).
    static func rawString(_ node: JSONNode, _ key: String) -> String? {
        guard case .object(let members) = node.value, let n = members.first(where: { $0.key == key })?.node,
              case .string(let s) = n.value else { return nil }
        return s
    }

    mutating func checkJointIds(_ ids: [String?]) {
        var seen: [String: Int] = [:]  // lookups only; never iterated
        for (i, id) in ids.enumerated() {
            guard let id else { continue }
            if let first = seen[id] {
                fail("joints[\(i)].id", "\"\(id)\" is already the id of joints[\(first)]; joint ids must be unique")
            } else {
                seen[id] = i
            }
        }
    }

    mutating func controls(_ fields: ObjectFields, bodies: [BodySpec], joints: [(id: String?, type: String?)]) -> [ControlBinding] {
        guard let node = fields["controls"], let items = array(node, "controls", max: Limits.controls) else { return [] }
        var bindings: [ControlBinding] = []
        for (i, item) in items.enumerated() {
            if let b = binding(item, "controls[\(i)]", bodies: bodies, joints: joints, scripted: fields["script"] != nil) { bindings.append(b) }
        }
        return bindings
    }

    mutating func binding(_ node: JSONNode, _ path: String, bodies: [BodySpec], joints: [(id: String?, type: String?)], scripted: Bool) -> ControlBinding? {
        guard let members = object(node, path, "a binding object ({\"key\": ..., \"motor\": ...})") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        let fields = open(members, SceneReader.bindingKeys, path)
        let trigger = self.trigger(fields, path)
        var label: String?
        if let n = fields["label"], let s = string(n, j(path, "label")) {
            if s.isEmpty || s.count > Limits.labelLength {
                fail(j(path, "label"), "must be 1 to \(Limits.labelLength) characters long")
            } else {
                label = s
            }
        }
        // The action: exactly one of motor, winch, or body (a thruster with
        // force, a servo with velocity or angularVelocity).
        let present = ["motor", "winch", "body"].filter { fields[$0] != nil }
        // In a scene with a script, a trigger alone is the script's (world:isDown), with nothing of its own.
        if scripted, present.isEmpty, members.allSatisfy({ ["key", "button", "label"].contains($0.key) }) {
            guard errors.count == errorCount, let trigger else { return nil }
            return ControlBinding(trigger: trigger, action: .script, label: label)
        }
        guard present.count == 1, let kind = present.first else {
            fail(path, present.isEmpty
                 ? "a binding needs an action: \"motor\" (a motor joint's id), \"winch\" (a slide joint's id), or \"body\" with \"force\" (a thruster) or \"velocity\" (a servo); in a scene with a \"script\", a key alone reaches the script"
                 : "a binding has one action; this one has \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
            return nil
        }
        // Keys of other actions are refused by name.
        let allowed: [String: [String]] = [
            "motor": ["rate", "maxForce"], "winch": ["speed"],
            "thruster": ["force", "at"], "servo": ["velocity", "angularVelocity", "local"],
        ]
        var action: ControlBinding.Action?
        func refuseOthers(_ mine: String) {
            for (other, keys) in allowed.sorted(by: { $0.key < $1.key }) where other != mine {
                for key in keys where fields[key] != nil && !(allowed[mine] ?? []).contains(key) {
                    fail(j(path, key), "belongs to a \(other) binding, not a \(mine)")
                }
            }
        }
        switch kind {
        case "motor", "winch":
            let type = kind == "motor" ? "motor" : "slide"
            let index = jointIndex(fields[kind]!, j(path, kind), joints, type: type)
            refuseOthers(kind)
            if kind == "motor" {
                let rate = need(fields, "rate", path).flatMap { number($0, j(path, "rate"), .within(-Limits.coordinate, Limits.coordinate)) }
                let force = fields["maxForce"].flatMap { number($0, j(path, "maxForce"), .nonNegative(1e300)) }
                if let index, let rate { action = .motor(joint: index, rate: rate, maxForce: force) }
            } else {
                let speed = need(fields, "speed", path).flatMap { number($0, j(path, "speed"), .within(-Limits.coordinate, Limits.coordinate)) }
                if let index, let speed { action = .winch(joint: index, speed: speed) }
            }
        default:
            let index = bodyIndex(fields["body"]!, j(path, "body"), bodies)
            let isThruster = fields["force"] != nil
            refuseOthers(isThruster ? "thruster" : "servo")
            if isThruster {
                let force = pair(fields["force"]!, j(path, "force"), .within(-Limits.force, Limits.force))
                let at = fields["at"].flatMap { point($0, j(path, "at")) } ?? .zero
                if let index, bodies[index].type != .dynamic {
                    fail(j(path, "body"), "a thruster pushes a dynamic body; \"\(bodies[index].id ?? "")\" is \(bodies[index].type.rawValue)")
                }
                if let index, let force { action = .thruster(body: index, force: force, at: at) }
            } else {
                if fields["velocity"] == nil && fields["angularVelocity"] == nil {
                    fail(path, "a binding with \"body\" needs \"force\" (a thruster) or \"velocity\" and/or \"angularVelocity\" (a servo)")
                }
                let velocity = fields["velocity"].flatMap { point($0, j(path, "velocity")) }
                let spin = fields["angularVelocity"].flatMap { number($0, j(path, "angularVelocity"), .within(-Limits.coordinate, Limits.coordinate)) }
                let local = fields["local"].flatMap { bool($0, j(path, "local")) } ?? false
                if let index {
                    if bodies[index].type != .kinematic {
                        fail(j(path, "body"), "a servo moves a kinematic body; \"\(bodies[index].id ?? "")\" is \(bodies[index].type.rawValue) (push a dynamic body with \"force\")")
                    } else if bodies[index].animation != nil {
                        fail(j(path, "body"), "\"\(bodies[index].id ?? "")\" follows its animation; a servo cannot move it too")
                    }
                }
                if let index { action = .servo(body: index, velocity: velocity ?? .zero, angularVelocity: spin ?? 0, local: local) }
            }
        }
        guard errors.count == errorCount, let trigger, let action else { return nil }
        return ControlBinding(trigger: trigger, action: action, label: label)
    }

    private mutating func need(_ fields: ObjectFields, _ key: String, _ path: String) -> JSONNode? {
        if let n = fields[key] { return n }
        fail(path, "missing required key \"\(key)\"")
        return nil
    }

    mutating func trigger(_ fields: ObjectFields, _ path: String) -> ControlTrigger? {
        let j = SceneReader.join
        switch (fields["key"], fields["button"]) {
        case (nil, nil):
            fail(path, "a binding needs \"key\" (a key's name, such as \"Right\") or \"button\" (a gamepad button's, such as \"a\")")
        case (.some, .some):
            fail(path, "a binding has \"key\" or \"button\", not both")
        case (let n?, nil):
            guard let name = string(n, j(path, "key")) else { return nil }
            if ControlTrigger.keyNames.contains(name) { return .key(name) }
            let guess = closest(to: name, in: ControlTrigger.keyNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, "key"), "\"\(name)\" is not a key a scene can bind\(guess); SDL's names: A to Z, 0 to 9, Left, Right, Up, Down, Space, Return, ...")
        case (nil, let n?):
            guard let name = string(n, j(path, "button")) else { return nil }
            if ControlTrigger.buttonNames.contains(name) { return .button(name) }
            let guess = closest(to: name, in: ControlTrigger.buttonNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, "button"), "\"\(name)\" is not a gamepad button\(guess); expected one of: \(ControlTrigger.buttonNames.joined(separator: ", "))")
        }
        return nil
    }

    private mutating func jointIndex(_ node: JSONNode, _ path: String, _ joints: [(id: String?, type: String?)], type: String) -> Int? {
        guard let id = string(node, path) else { return nil }
        guard let index = joints.firstIndex(where: { $0.id == id }) else {
            let guess = closest(to: id, in: joints.compactMap(\.id)).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(path, "no joint has the id \"\(id)\"\(guess)")
            return nil
        }
        guard joints[index].type == type else {
            fail(path, "\"\(id)\" is a \(joints[index].type ?? "joint without a type") joint; this binding drives a \(type) joint")
            return nil
        }
        return index
    }

    private mutating func bodyIndex(_ node: JSONNode, _ path: String, _ bodies: [BodySpec]) -> Int? {
        guard let id = string(node, path) else { return nil }
        if let index = bodies.firstIndex(where: { $0.id == id }) { return index }
        let guess = closest(to: id, in: bodies.compactMap(\.id)).map { " (did you mean \"\($0)\"?)" } ?? ""
        fail(path, "no body has the id \"\(id)\"\(guess)")
        return nil
    }
}
