import CrateboxGeometry

// A binding's values (section 14): its trigger, label, what it drives and how hard.
extension SceneChecks {
    /// Every rule on one binding, in a scene of `bodies` and of joints with
    /// these ids and types (as written: a joint with a mistake still has them).
    /// True when nothing is wrong.
    @discardableResult
    mutating func binding(_ b: ControlBinding, _ path: String, bodies: [BodySpec], joints: [(id: String?, type: String?)], scripted: Bool) -> Bool {
        let before = errors.count
        let j = SceneChecks.join
        let coord = SceneChecks.coordinate
        trigger(b.trigger, path)
        if let label = b.label, label.isEmpty || label.count > Limits.labelLength {
            fail(j(path, "label"), "must be 1 to \(Limits.labelLength) characters long")
        }
        switch b.action {
        case .script:
            if !scripted { fail(path, SceneChecks.noAction) }
        case .motor(let joint, let rate, let maxForce):
            jointRef(joint, j(path, "motor"), joints, type: "motor")
            number(rate, j(path, "rate"), coord)
            if let maxForce { number(maxForce, j(path, "maxForce"), .nonNegative(1e300)) }
        case .winch(let joint, let speed):
            jointRef(joint, j(path, "winch"), joints, type: "slide")
            number(speed, j(path, "speed"), coord)
        case .thruster(let body, let force, let at):
            pair(force, j(path, "force"), .within(-Limits.force, Limits.force))
            point(at, j(path, "at"))
            if let b = bodyRef(body, j(path, "body"), bodies), b.type != .dynamic {
                fail(j(path, "body"), "a thruster pushes a dynamic body; \"\(b.id ?? "")\" is \(b.type.rawValue)")
            }
        case .servo(let body, let velocity, let spin, _):
            point(velocity, j(path, "velocity"))
            number(spin, j(path, "angularVelocity"), coord)
            if let b = bodyRef(body, j(path, "body"), bodies) {
                if b.type != .kinematic {
                    fail(j(path, "body"), "a servo moves a kinematic body; \"\(b.id ?? "")\" is \(b.type.rawValue) (push a dynamic body with \"force\")")
                } else if b.animation != nil {
                    fail(j(path, "body"), "\"\(b.id ?? "")\" follows its animation; a servo cannot move it too")
                }
            }
        }
        return errors.count == before
    }

    static let noAction = "a binding needs an action: \"motor\" (a motor joint's id), \"winch\" (a slide joint's id), or \"body\" with \"force\" (a thruster) or \"velocity\" (a servo); in a scene with a \"script\", a key alone reaches the script"

    /// A key a scene may bind, or a gamepad button.
    mutating func trigger(_ trigger: ControlTrigger, _ path: String) {
        let j = SceneChecks.join
        switch trigger {
        case .key(let name) where !ControlTrigger.keyNames.contains(name):
            let guess = closest(to: name, in: ControlTrigger.keyNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, "key"), "\"\(name)\" is not a key a scene can bind\(guess); SDL's names: A to Z, 0 to 9, Left, Right, Up, Down, Space, Return, ...")
        case .button(let name) where !ControlTrigger.buttonNames.contains(name):
            let guess = closest(to: name, in: ControlTrigger.buttonNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, "button"), "\"\(name)\" is not a gamepad button\(guess); expected one of: \(ControlTrigger.buttonNames.joined(separator: ", "))")
        case .key, .button: break
        }
    }

    /// The joint a motor or a winch drives: one of the scene's, of `type`.
    private mutating func jointRef(_ index: Int, _ path: String, _ joints: [(id: String?, type: String?)], type: String) {
        guard joints.indices.contains(index) else {
            fail(path, "names joints[\(index)], and the scene has \(joints.count)")
            return
        }
        if joints[index].type != type {
            fail(path, "\"\(joints[index].id ?? "")\" is a \(joints[index].type ?? "joint without a type") joint; this binding drives a \(type) joint")
        }
    }

    private mutating func bodyRef(_ index: Int, _ path: String, _ bodies: [BodySpec]) -> BodySpec? {
        guard bodies.indices.contains(index) else {
            fail(path, "names bodies[\(index)], and the scene has \(bodies.count)")
            return nil
        }
        return bodies[index]
    }
}
