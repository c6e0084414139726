import JSONText
import Physics
import SceneFormat

/// One row of the property panel: a value of the selected body or joint.
public struct Property: Equatable, Sendable {
    public enum Key: String, Sendable, CaseIterable {
        case type, mass, density, friction, elasticity, look
        case restLength = "rest length", stiffness, damping, maxForce = "max force"
    }

    public var key: Key
    /// The value as shown.
    public var text: String
    /// The number, for numeric rows (typed in, or turned with the wheel); nil for choices (a click cycles them).
    public var number: Double?
}

extension Document {
    /// The selection's properties, in the panel's order.
    public var properties: [Property] {
        switch selection {
        case .body(let i)?: return Document.properties(of: scene.bodies[i])
        case .joint(let j)?: return Document.properties(of: scene.joints[j])
        case nil: return []
        }
    }

    static func properties(of body: BodySpec) -> [Property] {
        var rows = [Property(key: .type, text: body.type.rawValue, number: nil)]
        switch body.mass {
        case .mass(let m)?: rows.append(number(.mass, m))
        case .density(let d)?: rows.append(number(.density, d))
        case nil: break
        }
        if let shape = body.shapes.first {
            rows.append(number(.friction, shape.friction))
            rows.append(number(.elasticity, shape.elasticity))
        }
        let look: String
        switch body.look {
        case .crate: look = "crate"
        case .ball: look = "ball"
        case .plain: look = "plain"
        case .color(let rgb): look = "#" + String(rgb, radix: 16)
        }
        rows.append(Property(key: .look, text: look, number: nil))
        return rows
    }

    static func properties(of joint: JointSpec) -> [Property] {
        var rows: [Property] = []
        if case .spring(_, _, let rest, let k, let d) = joint.kind {
            rows += [number(.restLength, rest), number(.stiffness, k), number(.damping, d)]
        }
        rows.append(joint.maxForce.isFinite ? number(.maxForce, joint.maxForce) : Property(key: .maxForce, text: "infinite", number: .infinity))
        return rows
    }

    private static func number(_ key: Property.Key, _ x: Double) -> Property {
        Property(key: key, text: NumberText.shortest((x * 1e4).rounded() / 1e4), number: x)
    }

    /// Sets a numeric property of the selection to `value` (checked by the validator).
    public mutating func set(_ key: Property.Key, to value: Double) throws(EditRefused) {
        guard value.isFinite || (key == .maxForce && value == .infinity) else { throw EditRefused("\(key.rawValue) must be a finite number") }
        let selection = self.selection
        try edit { scene throws(EditRefused) in
            switch selection {
            case .body(let i)?: Document.set(key, value, on: &scene.bodies[i])
            case .joint(let j)?: Document.set(key, value, on: &scene.joints[j])
            case nil: break
            }
            return selection
        }
    }

    private static func set(_ key: Property.Key, _ value: Double, on body: inout BodySpec) {
        switch key {
        case .mass: body.mass = .mass(value)
        case .density: body.mass = .density(value)
        case .friction: for k in body.shapes.indices { body.shapes[k].friction = value }
        case .elasticity: for k in body.shapes.indices { body.shapes[k].elasticity = value }
        default: break
        }
    }

    private static func set(_ key: Property.Key, _ value: Double, on joint: inout JointSpec) {
        if key == .maxForce { joint.maxForce = value }
        guard case .spring(let a, let b, var rest, var k, var d) = joint.kind else { return }
        switch key {
        case .restLength: rest = value
        case .stiffness: k = value
        case .damping: d = value
        default: return
        }
        joint.kind = .spring(anchorA: a, anchorB: b, restLength: rest, stiffness: k, damping: d)
    }

    /// The mouse wheel over a row: numbers change by 10 % a notch (friction
    /// and elasticity by 0.05), choices step through their values.
    public mutating func nudge(_ key: Property.Key, by notches: Int) throws(EditRefused) {
        guard notches != 0, let row = properties.first(where: { $0.key == key }) else { return }
        guard let value = row.number else { return try cycle(key, by: notches) }
        switch key {
        case .friction, .elasticity:
            try set(key, to: max(0, ((value + 0.05 * Double(notches)) * 100).rounded() / 100))
        case .maxForce where !value.isFinite:
            if notches < 0 { try set(key, to: 1e7) }
        default:
            let factor = notches > 0 ? 1.1 : 1 / 1.1
            var next = value
            for _ in 0..<abs(notches) { next *= factor }
            // Damping may start at 0: a notch up gives it something to grow from.
            if next == 0 && notches > 0 { next = 1 }
            try set(key, to: next)
        }
    }

    /// Steps a choice (type, look) to its next value (or previous, for negative `by`).
    public mutating func cycle(_ key: Property.Key, by step: Int = 1) throws(EditRefused) {
        guard case .body(let i) = selection else { return }
        try edit { scene throws(EditRefused) in
            var body = scene.bodies[i]
            switch key {
            case .type:
                let order: [Body.Kind] = [.dynamic, .static, .kinematic]
                let at = order.firstIndex(of: body.type) ?? 0
                body.type = order[((at + step) % 3 + 3) % 3]
                body.mass = body.type == .dynamic ? .density(Document.newDensity) : nil
                if body.type == .static { (body.velocity, body.angularVelocity) = (.zero, 0) }
            case .look:
                let order: [Look] = [.crate, .ball, .plain]
                let at = order.firstIndex(of: body.look) ?? 2
                body.look = order[((at + step) % 3 + 3) % 3]
            default: return .body(i)
            }
            scene.bodies[i] = body
            return .body(i)
        }
    }
}
