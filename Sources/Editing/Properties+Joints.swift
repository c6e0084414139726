import SceneFormat

/// A joint's rows in the property panel: its figures (by kind), its maximum
/// force, the force it breaks above, and whether its bodies collide.
extension Document {
    static func properties(of joint: JointSpec) -> [Property] {
        var rows: [Property] = []
        switch joint.kind {
        case .spring(_, _, let rest, let k, let d): rows += [.number(.restLength, rest), .number(.stiffness, k), .number(.damping, d)]
        case .slide(_, _, let lo, let hi), .rotaryLimit(let lo, let hi): rows += [.number(.minimum, lo), .number(.maximum, hi)]
        case .motor(let rate): rows.append(.number(.rate, rate))
        case .rotarySpring(let rest, let k, let d): rows += [.number(.restAngle, rest), .number(.stiffness, k), .number(.damping, d)]
        case .ratchet(let phase, let ratchet): rows += [.number(.phase, phase), .number(.ratchet, ratchet)]
        case .gear(let phase, let ratio): rows += [.number(.phase, phase), .number(.ratio, ratio)]
        case .pivot, .pivotAnchors, .pin, .groove: break
        }
        rows.append(.number(.maxForce, joint.maxForce))
        rows.append(joint.breakForce.map { .number(.breakForce, $0) } ?? Property(key: .breakForce, text: "never", number: .infinity))
        // A joint to the world always collides (the walls are on its body: scene-format.md section 9).
        rows.append(.choice(.collide, joint.a == .world || joint.b == .world ? "always (walls)" : joint.collide ? "yes" : "no"))
        return rows
    }

    /// Whether the selection is a joint on angles, whose min and max are angles (the wheel steps them by 5 degrees).
    var isAngleJointSelected: Bool {
        guard case .joint(let j) = selection, case .rotaryLimit = scene.joints[j].kind else { return false }
        return true
    }

    static func set(_ key: Property.Key, _ value: Double, on joint: inout JointSpec) {
        switch key {
        case .maxForce: joint.maxForce = value
        case .breakForce: joint.breakForce = value.isFinite ? value : nil
        default: joint.kind = setting(key, value, of: joint.kind)
        }
    }

    /// The kind with one of its figures changed (the others kept).
    static func setting(_ key: Property.Key, _ value: Double, of kind: JointSpec.Kind) -> JointSpec.Kind {
        switch (kind, key) {
        case (.spring(let a, let b, _, let k, let d), .restLength): .spring(anchorA: a, anchorB: b, restLength: value, stiffness: k, damping: d)
        case (.spring(let a, let b, let r, _, let d), .stiffness): .spring(anchorA: a, anchorB: b, restLength: r, stiffness: value, damping: d)
        case (.spring(let a, let b, let r, let k, _), .damping): .spring(anchorA: a, anchorB: b, restLength: r, stiffness: k, damping: value)
        case (.slide(let a, let b, _, let hi), .minimum): .slide(anchorA: a, anchorB: b, min: value, max: hi)
        case (.slide(let a, let b, let lo, _), .maximum): .slide(anchorA: a, anchorB: b, min: lo, max: value)
        case (.rotaryLimit(_, let hi), .minimum): .rotaryLimit(min: value, max: hi)
        case (.rotaryLimit(let lo, _), .maximum): .rotaryLimit(min: lo, max: value)
        case (.motor, .rate): .motor(rate: value)
        case (.rotarySpring(_, let k, let d), .restAngle): .rotarySpring(restAngle: value, stiffness: k, damping: d)
        case (.rotarySpring(let r, _, let d), .stiffness): .rotarySpring(restAngle: r, stiffness: value, damping: d)
        case (.rotarySpring(let r, let k, _), .damping): .rotarySpring(restAngle: r, stiffness: k, damping: value)
        case (.ratchet(_, let ratchet), .phase): .ratchet(phase: value, ratchet: ratchet)
        case (.ratchet(let phase, _), .ratchet): .ratchet(phase: phase, ratchet: value)
        case (.gear(_, let ratio), .phase): .gear(phase: value, ratio: ratio)
        case (.gear(let phase, _), .ratio): .gear(phase: phase, ratio: value)
        default: kind
        }
    }

    /// A joint's choice: whether its bodies collide.
    mutating func cycleJoint(_ key: Property.Key, _ j: Int) throws(EditRefused) {
        guard key == .collide else { return }
        try edit { scene throws(EditRefused) in
            scene.joints[j].collide.toggle()
            return .joint(j)
        }
    }
}
