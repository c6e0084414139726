import JSONText
import CrateboxGeometry
import SceneFormat

/// One row of the property panel: a value of the selected body or joint, or
/// of the scene itself when nothing is selected.
public struct Property: Equatable, Sendable {
    public enum Key: String, Sendable, CaseIterable {
        case type, mass, density, friction, elasticity, look
        case width, height, radius
        case velocityX = "velocity x", velocityY = "velocity y", spin
        case restLength = "rest length", stiffness, damping, maxForce = "max force"
        case minimum = "min", maximum = "max", rate, restAngle = "rest angle", phase, ratio, ratchet
        case breakForce = "break force", collide
        // Water, planets and tracers (section 15).
        case linearDrag = "linear drag", angularDrag = "angular drag", strength, trace
        // A body's shapes: collision layers (categories and mask), group, conveyor, one-way.
        case layerA = "layer A", layerB = "layer B", layerC = "layer C", layerD = "layer D", group
        case surfaceX = "conveyor x", surfaceY = "conveyor y", oneWay = "one-way"
        /// What its shapes sound like when struck (`sound`; "by shape": the geometry's default).
        case sound
        // Keys that drive the selection (a click, then the key to bind).
        case key, reverseKey = "reverse key", keyRate = "key rate", keyForce = "key force", windSpeed = "wind speed"
        case thrustX = "thrust x", thrustY = "thrust y", keyVelocityX = "key velocity x", keyVelocityY = "key velocity y", keySpin = "key spin"
        // The scene's own (nothing selected).
        case gravityX = "gravity x", gravityY = "gravity y", walls, wallFriction = "wall friction"
        case wallElasticity = "wall elasticity", sleepTime = "sleep time", iterations, spaceDamping = "velocity kept/s", spawn
        case script
    }

    public var key: Key
    /// The value as shown.
    public var text: String
    /// The number, for numeric rows (typed in, or turned with the wheel); nil for choices (a click cycles them).
    public var number: Double?

    /// A numeric row, shown rounded to 4 decimals.
    static func number(_ key: Key, _ x: Double) -> Property {
        Property(key: key, text: x.isFinite ? NumberText.shortest((x * 1e4).rounded() / 1e4) : "infinite", number: x)
    }

    /// A row of choices (a click or the wheel steps through them).
    static func choice(_ key: Key, _ text: String) -> Property { Property(key: key, text: text, number: nil) }
}

extension Document {
    /// The selection's properties in the panel's order; the scene's when nothing is selected.
    public var properties: [Property] {
        switch selection {
        case .body(let i)?: return Document.properties(of: scene.bodies[i]) + controlProperties
        case .joint(let j)?: return Document.properties(of: scene.joints[j]) + controlProperties
        case .fluid(let k)?: return Document.properties(of: scene.fluids[k])
        case .attractor(let k)?: return Document.properties(of: scene.attractors[k])
        case nil: return Document.properties(of: scene)
        }
    }

    static func properties(of body: BodySpec) -> [Property] {
        var rows = [Property.choice(.type, body.type.rawValue)]
        switch body.mass {
        case .mass(let m)?: rows.append(.number(.mass, m))
        case .density(let d)?: rows.append(.number(.density, d))
        case nil: break
        }
        if let shape = body.shapes.first {
            rows.append(.number(.friction, shape.friction))
            rows.append(.number(.elasticity, shape.elasticity))
        }
        // A body of one box or one circle: its size.
        if body.shapes.count == 1 {
            switch body.shapes[0].geometry {
            case .box(let w, let h, _): rows += [.number(.width, w), .number(.height, h)]
            case .circle(let r, _): rows.append(.number(.radius, r))
            default: break
            }
        }
        if body.type != .static {
            rows += [.number(.velocityX, body.velocity.x), .number(.velocityY, body.velocity.y), .number(.spin, body.angularVelocity)]
        }
        rows.append(.choice(.look, Document.lookName(body.look)))
        rows.append(.choice(.trace, body.trace ? "on" : "off"))
        rows += Document.materialProperties(of: body)
        return rows
    }

    static func lookName(_ look: Look) -> String {
        switch look {
        case .crate: "crate"
        case .ball: "ball"
        case .plain: "plain"
        case .color(let rgb): "#" + String(rgb, radix: 16)
        }
    }

    /// Sets a numeric property of the selection (or of the scene) to `value`, if the validator accepts it.
    public mutating func set(_ key: Property.Key, to value: Double) throws(EditRefused) {
        let infiniteAllowed = key == .maxForce || key == .sleepTime || key == .breakForce || key == .keyForce
        guard value.isFinite || (infiniteAllowed && value == .infinity) else { throw EditRefused("\(key.rawValue) must be a finite number") }
        if Document.isControlFigure(key) { return try setControlFigure(key, to: value) }
        let selection = self.selection
        try edit { scene throws(EditRefused) in
            switch selection {
            case .body(let i)?: Document.set(key, value, on: &scene.bodies[i])
            case .joint(let j)?: Document.set(key, value, on: &scene.joints[j])
            case .fluid(let k)?: Document.set(key, value, on: &scene.fluids[k])
            case .attractor(let k)?: Document.set(key, value, on: &scene.attractors[k])
            case nil: Document.set(key, value, on: &scene)
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
        case .width, .height, .radius:
            guard body.shapes.count == 1 else { return }
            switch body.shapes[0].geometry {
            case .box(let w, let h, let r) where key != .radius:
                body.shapes[0].geometry = .box(width: key == .width ? value : w, height: key == .height ? value : h, radius: r)
            case .circle(_, let offset) where key == .radius:
                body.shapes[0].geometry = .circle(radius: value, offset: offset)
            default: break
            }
        case .velocityX: body.velocity.x = value
        case .velocityY: body.velocity.y = value
        case .spin: body.angularVelocity = value
        default: Document.setMaterial(key, value, on: &body)
        }
    }

    /// The mouse wheel over a row: sizes, masses and stiffnesses change by
    /// 10 % a notch (rounded to 4 significant digits, so that 0.121 becomes
    /// 0.1331, not 0.13310000000000002), friction and elasticity by 0.05,
    /// velocities and gravity by fixed steps; choices step through their values.
    public mutating func nudge(_ key: Property.Key, by notches: Int) throws(EditRefused) {
        guard notches != 0, let row = properties.first(where: { $0.key == key }) else { return }
        guard let value = row.number else { return try cycle(key, by: notches) }
        let n = Double(notches)
        switch key {
        case .friction, .elasticity, .wallFriction, .wallElasticity, .spaceDamping:
            try set(key, to: max(0, ((value + 0.05 * n) * 100).rounded() / 100))
        case .velocityX, .velocityY, .surfaceX, .surfaceY: try set(key, to: value + 10 * n)
        case .rate, .keyRate: try set(key, to: value + n)
        case .keyVelocityX, .keyVelocityY, .windSpeed: try set(key, to: value + 10 * n)
        case .keySpin: try set(key, to: ((value + 0.5 * n) * 2).rounded() / 2)
        case .keyForce where !value.isFinite:
            if notches < 0 { try set(key, to: 1e6) }
        case .restAngle, .phase: try set(key, to: value + n * Double.pi / 36)  // 5 degrees
        case .minimum where isAngleJointSelected, .maximum where isAngleJointSelected: try set(key, to: value + n * Double.pi / 36)
        case .group: try set(key, to: max(0, value + n))
        case .breakForce where !value.isFinite:
            if notches < 0 { try set(key, to: 1e6) }
        case .spin: try set(key, to: ((value + 0.5 * n) * 2).rounded() / 2)
        case .gravityX, .gravityY: try set(key, to: value + 100 * n)
        case .iterations: try set(key, to: value + n)
        case .maxForce where !value.isFinite:
            if notches < 0 { try set(key, to: 1e7) }
        case .sleepTime where !value.isFinite:
            if notches > 0 { try set(key, to: 0.5) }
        default:
            var next = value
            for _ in 0..<abs(notches) { next *= notches > 0 ? 1.1 : 1 / 1.1 }
            // Damping may start at 0: a notch up gives it something to grow from.
            if next == 0 && notches > 0 { next = 1 }
            try set(key, to: Document.rounded(next, significantDigits: 4))
        }
    }

    /// `x` rounded to `digits` significant digits, as the nearest double to that decimal.
    static func rounded(_ x: Double, significantDigits digits: Int) -> Double {
        guard x.isFinite, x != 0 else { return x }
        var exponent = 0, m = abs(x)
        while m >= 10 { m /= 10; exponent += 1 }
        while m < 1 { m *= 10; exponent -= 1 }
        let shift = digits - 1 - exponent
        var power = 1.0
        for _ in 0..<abs(shift) { power *= 10 }
        // Divide or multiply by an exact power of ten: the result is the double nearest the decimal.
        return shift >= 0 ? (x * power).rounded() / power : (x / power).rounded() * power
    }

    /// Steps a choice (type, look, walls, spawn) to its next value (or previous, for negative `by`).
    public mutating func cycle(_ key: Property.Key, by step: Int = 1) throws(EditRefused) {
        if case .joint(let j) = selection { return try cycleJoint(key, j) }
        if case .fluid = selection { return }
        if case .attractor = selection { return }
        guard case .body(let i) = selection else { return try cycleScene(key, by: step) }
        try edit { scene throws(EditRefused) in
            var body = scene.bodies[i]
            switch key {
            case .type:
                let order: [BodyKind] = [.dynamic, .static, .kinematic]
                let at = order.firstIndex(of: body.type) ?? 0
                body.type = order[((at + step) % 3 + 3) % 3]
                body.mass = body.type == .dynamic ? .density(Document.newDensity) : nil
                if body.type == .static { (body.velocity, body.angularVelocity) = (.zero, 0) }
                // A thruster pushes a dynamic body, a servo moves a kinematic one: its keys go with its type.
                scene.controls = scene.renumberedControls(body: { $0 == i ? nil : $0 }, joint: { $0 })
            case .look:
                let order: [Look] = [.crate, .ball, .plain]
                let at = order.firstIndex(of: body.look) ?? 2
                body.look = order[((at + step) % 3 + 3) % 3]
            case .trace:
                body.trace.toggle()
            default:
                guard Document.cycleMaterial(key, by: step, on: &body) else { return .body(i) }
            }
            scene.bodies[i] = body
            return .body(i)
        }
    }
}
