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
        let label = fields["label"].flatMap { string($0, j(path, "label")) }
        // The action: exactly one of motor, winch, or body (a thruster with
        // force, a servo with velocity or angularVelocity).
        let present = ["motor", "winch", "body"].filter { fields[$0] != nil }
        // In a scene with a script, a trigger alone is the script's (world:isDown), with nothing of its own.
        if scripted, present.isEmpty, members.allSatisfy({ ["key", "button", "label"].contains($0.key) }) {
            return checked(trigger, .script, label, path, errorCount: errorCount, bodies: bodies, joints: joints, scripted: scripted)
        }
        guard present.count == 1, let kind = present.first else {
            fail(path, present.isEmpty ? SceneChecks.noAction
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
            let index = jointIndex(fields[kind]!, j(path, kind), joints)
            refuseOthers(kind)
            if kind == "motor" {
                let rate = need(fields, "rate", path).flatMap { number($0, j(path, "rate")) }
                let force = fields["maxForce"].flatMap { number($0, j(path, "maxForce")) }
                if let index, let rate { action = .motor(joint: index, rate: rate, maxForce: force) }
            } else {
                let speed = need(fields, "speed", path).flatMap { number($0, j(path, "speed")) }
                if let index, let speed { action = .winch(joint: index, speed: speed) }
            }
        default:
            let index = bodyIndex(fields["body"]!, j(path, "body"), bodies)
            let isThruster = fields["force"] != nil
            refuseOthers(isThruster ? "thruster" : "servo")
            if isThruster {
                let force = pair(fields["force"]!, j(path, "force"))
                let at = fields["at"].flatMap { point($0, j(path, "at"), checked: false) } ?? .zero
                if let index, let force { action = .thruster(body: index, force: force, at: at) }
            } else {
                if fields["velocity"] == nil && fields["angularVelocity"] == nil {
                    fail(path, "a binding with \"body\" needs \"force\" (a thruster) or \"velocity\" and/or \"angularVelocity\" (a servo)")
                }
                let velocity = fields["velocity"].flatMap { point($0, j(path, "velocity"), checked: false) }
                let spin = fields["angularVelocity"].flatMap { number($0, j(path, "angularVelocity")) }
                let local = fields["local"].flatMap { bool($0, j(path, "local")) } ?? false
                if let index { action = .servo(body: index, velocity: velocity ?? .zero, angularVelocity: spin ?? 0, local: local) }
            }
        }
        guard let action else { return nil }
        return checked(trigger, action, label, path, errorCount: errorCount, bodies: bodies, joints: joints, scripted: scripted)
    }

    /// The binding, when it is whole and its values meet the checks (SceneChecks.binding).
    private mutating func checked(_ trigger: ControlTrigger?, _ action: ControlBinding.Action, _ label: String?, _ path: String, errorCount: Int,
                                  bodies: [BodySpec], joints: [(id: String?, type: String?)], scripted: Bool) -> ControlBinding? {
        guard errors.count == errorCount, let trigger else { return nil }
        let binding = ControlBinding(trigger: trigger, action: action, label: label)
        return checks.binding(binding, path, bodies: bodies, joints: joints, scripted: scripted) ? binding : nil
    }

    private mutating func need(_ fields: ObjectFields, _ key: String, _ path: String) -> JSONNode? {
        if let n = fields[key] { return n }
        fail(path, "missing required key \"\(key)\"")
        return nil
    }

    /// `key` or `button` (exactly one), by name (which names are known: SceneChecks.trigger).
    mutating func trigger(_ fields: ObjectFields, _ path: String) -> ControlTrigger? {
        let j = SceneReader.join
        switch (fields["key"], fields["button"]) {
        case (nil, nil):
            fail(path, "a binding needs \"key\" (a key's name, such as \"Right\") or \"button\" (a gamepad button's, such as \"a\")")
        case (.some, .some):
            fail(path, "a binding has \"key\" or \"button\", not both")
        case (let n?, nil):
            return string(n, j(path, "key")).map(ControlTrigger.key)
        case (nil, let n?):
            return string(n, j(path, "button")).map(ControlTrigger.button)
        }
        return nil
    }

    private mutating func jointIndex(_ node: JSONNode, _ path: String, _ joints: [(id: String?, type: String?)]) -> Int? {
        guard let id = string(node, path) else { return nil }
        guard let index = joints.firstIndex(where: { $0.id == id }) else {
            let guess = closest(to: id, in: joints.compactMap(\.id)).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(path, "no joint has the id \"\(id)\"\(guess)")
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
