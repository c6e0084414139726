import CrateboxGeometry
import SceneFormat

/// Keys bound in the panel (docs/scene-format.md, section 14): a motor, a
/// winch (a slide joint), a dynamic body (a thruster) or a kinematic body (a
/// servo) gets a key, and a reverse key that does the opposite (Right drives,
/// Left reverses), with the rate, force, speed or velocity they drive with.
/// The key is the first of the scene's bindings that drives the selection,
/// the reverse key the second.
extension Document {
    /// What the selection's bindings drive, as a binding names it; nil when it cannot be driven.
    enum Driven: Equatable {
        case motor(Int), winch(Int), thruster(Int), servo(Int)

        func drives(_ action: ControlBinding.Action) -> Bool {
            switch (self, action) {
            case (.motor(let j), .motor(let k, _, _)), (.winch(let j), .winch(let k, _)): j == k
            case (.thruster(let i), .thruster(let k, _, _)), (.servo(let i), .servo(let k, _, _, _)): i == k
            default: false
            }
        }
    }

    /// What the selection can be driven as.
    var driven: Driven? {
        switch selection {
        case .joint(let j)?:
            switch scene.joints[j].kind {
            case .motor: return .motor(j)
            case .slide: return .winch(j)
            default: return nil
            }
        case .body(let i)?:
            let body = scene.bodies[i]
            if body.type == .dynamic { return .thruster(i) }
            if body.type == .kinematic && body.animation == nil { return .servo(i) }
            return nil
        case .fluid?, .attractor?, nil:
            return nil
        }
    }

    /// The indices in `scene.controls` of the bindings that drive the selection (key, then reverse key).
    var selectionBindings: [Int] {
        guard let driven else { return [] }
        return scene.controls.indices.filter { driven.drives(scene.controls[$0].action) }
    }

    /// The panel's rows for the selection's keys: none until a key is bound but the key row itself.
    var controlProperties: [Property] {
        guard driven != nil else { return [] }
        let bound = selectionBindings
        let keyText = { (k: Int) in k < bound.count ? self.scene.controls[bound[k]].trigger.description : "click to bind" }
        var rows = [Property.choice(.key, keyText(0))]
        guard let first = bound.first else { return rows }
        switch scene.controls[first].action {
        case .motor(_, let rate, let force):
            rows += [.number(.keyRate, rate), .number(.keyForce, force ?? .infinity)]
        case .winch(_, let speed):
            rows.append(.number(.windSpeed, speed))
        case .thruster(_, let force, _):
            rows += [.number(.thrustX, force.x), .number(.thrustY, force.y)]
        case .servo(_, let v, let w, _):
            rows += [.number(.keyVelocityX, v.x), .number(.keyVelocityY, v.y), .number(.keySpin, w)]
        case .script:
            break  // bound to no body or joint, so never a selection's
        }
        // A thruster's reverse would pull; the others drive both ways.
        if case .thruster = driven {} else { rows.append(.choice(.reverseKey, keyText(1))) }
        return rows
    }

    /// Binds `trigger` as the selection's key (`.key`) or reverse key
    /// (`.reverseKey`); nil unbinds it (unbinding the key unbinds both).
    public mutating func bind(_ row: Property.Key, to trigger: ControlTrigger?) throws(EditRefused) {
        guard let driven else { throw EditRefused("select a motor, a rope (slide joint), a dynamic or a kinematic body to bind a key") }
        let bound = selectionBindings
        let selection = self.selection
        try edit { scene throws(EditRefused) in
            switch (row, trigger) {
            case (.key, nil):
                for k in bound.reversed() { scene.controls.remove(at: k) }
            case (.key, let trigger?):
                if let first = bound.first {
                    scene.controls[first].trigger = trigger
                } else {
                    scene.controls.append(ControlBinding(trigger: trigger, action: Document.firstAction(for: driven, in: scene)))
                    if case .motor(let j) = driven { Document.idle(motor: j, in: &scene) }
                }
            case (.reverseKey, nil):
                if bound.count > 1 { scene.controls.remove(at: bound[1]) }
            case (.reverseKey, let trigger?):
                guard let first = bound.first else { throw EditRefused("bind a key first; the reverse key does the opposite") }
                if bound.count > 1 {
                    scene.controls[bound[1]].trigger = trigger
                } else {
                    scene.controls.append(ControlBinding(trigger: trigger, action: Document.reversed(scene.controls[first].action)))
                }
            default:
                throw EditRefused("\(row.rawValue) is not a key")
            }
            return selection
        }
    }

    /// A motor given its first key drives only while the key is held: with
    /// none held it has the file's rate (section 14.3), so that becomes 0 and
    /// the motor holds its wheel as a brake does (with the motor's max force,
    /// which the key's drive uses too). A hand-written scene may keep a motor
    /// on when no key is down, as the crane's grips do.
    static func idle(motor j: Int, in scene: inout Scene) {
        scene.joints[j].kind = .motor(rate: 0)
    }

    /// A new key's action: something that visibly drives the selection (a
    /// motor: at the rate it was made with, or 6 rad/s).
    static func firstAction(for driven: Driven, in scene: Scene) -> ControlBinding.Action {
        switch driven {
        case .motor(let j):
            guard case .motor(let rate) = scene.joints[j].kind, rate != 0 else { return .motor(joint: j, rate: 6, maxForce: nil) }
            return .motor(joint: j, rate: rate, maxForce: nil)
        case .winch(let j): return .winch(joint: j, speed: -100)
        case .thruster(let i):
            // Twice the body's weight, upwards in its own axes: it lifts off.
            let weight = scene.bodies[i].approximateMass * max(scene.gravity.length, 100)
            return .thruster(body: i, force: Vector(0, Document.rounded(2 * weight, significantDigits: 2)), at: .zero)
        case .servo(let i): return .servo(body: i, velocity: Vector(100, 0), angularVelocity: 0, local: false)
        }
    }

    /// The opposite action: the reverse key's.
    static func reversed(_ action: ControlBinding.Action) -> ControlBinding.Action {
        switch action {
        case .motor(let j, let rate, let force): .motor(joint: j, rate: -rate, maxForce: force)
        case .winch(let j, let speed): .winch(joint: j, speed: -speed)
        case .thruster(let i, let force, let at): .thruster(body: i, force: Vector(-force.x, -force.y), at: at)
        case .servo(let i, let v, let w, let local): .servo(body: i, velocity: Vector(-v.x, -v.y), angularVelocity: -w, local: local)
        case .script: .script
        }
    }

    /// Whether `key` is one of the key rows' figures.
    static func isControlFigure(_ key: Property.Key) -> Bool {
        [.keyRate, .keyForce, .windSpeed, .thrustX, .thrustY, .keyVelocityX, .keyVelocityY, .keySpin].contains(key)
    }

    /// Sets a figure of the selection's key; the reverse key gets the opposite.
    mutating func setControlFigure(_ key: Property.Key, to value: Double) throws(EditRefused) {
        let bound = selectionBindings
        guard let first = bound.first else { throw EditRefused("bind a key first") }
        let selection = self.selection
        try edit { scene throws(EditRefused) in
            let action = Document.setting(key, value, of: scene.controls[first].action)
            scene.controls[first].action = action
            if bound.count > 1 {
                // The force is shared; the rest is reversed.
                scene.controls[bound[1]].action = key == .keyForce
                    ? Document.setting(key, value, of: scene.controls[bound[1]].action)
                    : Document.reversed(action)
            }
            return selection
        }
    }

    static func setting(_ key: Property.Key, _ value: Double, of action: ControlBinding.Action) -> ControlBinding.Action {
        switch (action, key) {
        case (.motor(let j, _, let force), .keyRate): .motor(joint: j, rate: value, maxForce: force)
        case (.motor(let j, let rate, _), .keyForce): .motor(joint: j, rate: rate, maxForce: value.isFinite ? value : nil)
        case (.winch(let j, _), .windSpeed): .winch(joint: j, speed: value)
        case (.thruster(let i, let f, let at), .thrustX): .thruster(body: i, force: Vector(value, f.y), at: at)
        case (.thruster(let i, let f, let at), .thrustY): .thruster(body: i, force: Vector(f.x, value), at: at)
        case (.servo(let i, let v, let w, let local), .keyVelocityX): .servo(body: i, velocity: Vector(value, v.y), angularVelocity: w, local: local)
        case (.servo(let i, let v, let w, let local), .keyVelocityY): .servo(body: i, velocity: Vector(v.x, value), angularVelocity: w, local: local)
        case (.servo(let i, let v, _, let local), .keySpin): .servo(body: i, velocity: v, angularVelocity: value, local: local)
        default: action
        }
    }
}

extension BodySpec {
    /// Its mass, or with a density roughly its shapes' area times it (for defaults, not physics).
    var approximateMass: Double {
        switch mass {
        case .mass(let m)?: return m
        case .density(let d)?:
            let (lo, hi) = (worldBounds.min, worldBounds.max)
            return d * (hi.x - lo.x) * (hi.y - lo.y)
        case nil: return shapesMass ?? 1
        }
    }
}
