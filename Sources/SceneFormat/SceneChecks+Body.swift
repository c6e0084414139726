import CrateboxGeometry

// A body's values (sections 4, 6 and 13.3): pose, mass, moment, shapes, animation, functions.
extension SceneChecks {
    /// The keys a spawn body may not have, and why (a value has them as an id, an animation, a trace).
    static let notInSpawn = ["id": "is not allowed in spawn: every spawned body would share it",
                             "animation": "is not allowed in spawn",
                             "trace": "is not allowed in spawn: mark a spawned body with T in the window"]
    static let onlyKinematicAnimates = "only kinematic bodies follow an animation; give the body \"type\": \"kinematic\""

    /// Every rule on one body's values; `isSpawn` for the scene's spawn body,
    /// `boxShorthand` when its one shape was written as the shorthand `box`
    /// (its size's errors then name `box`). True when nothing is wrong.
    @discardableResult
    mutating func body(_ b: BodySpec, _ path: @autoclosure () -> String, isSpawn: Bool, boxShorthand: Bool = false) -> Bool {
        let before = errors.count
        let j = SceneChecks.join
        if isSpawn {
            // What a file cannot hold in a spawn body (the reader refuses the keys), a value can.
            if b.id != nil { fail(path(), "\"id\" \(SceneChecks.notInSpawn["id"]!)") }
            if b.animation != nil { fail(path(), "\"animation\" \(SceneChecks.notInSpawn["animation"]!)") }
            if b.trace { fail(path(), "\"trace\" \(SceneChecks.notInSpawn["trace"]!)") }
        }
        if let id = b.id { bodyId(id, j(path(), "id")) }
        if case .color(let rgb) = b.look, rgb > 0xFFFFFF {
            fail(j(path(), "look"), "must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\", got a colour of more than 24 bits")
        }
        if isSpawn && b.type != .dynamic { fail(j(path(), "type"), "a spawned body must be dynamic") }
        if !isSpawn { point(b.position, j(path(), "position")) }
        number(b.angle, j(path(), "angle"), SceneChecks.coordinate)
        pair(b.velocity, j(path(), "velocity"), SceneChecks.coordinate)
        number(b.angularVelocity, j(path(), "angularVelocity"), SceneChecks.coordinate)
        if b.type == .static && (b.velocity != .zero || b.angularVelocity != 0) {
            fail(path(), "a static body cannot move; give it type \"kinematic\" to set a velocity")
        }
        let shapesGiveMass = b.shapes.contains { $0.mass != nil }
        if !shapesGiveMass { massAndMoment(b, path()) }
        let shapesBefore = errors.count
        shapes(b, path(), boxShorthand: boxShorthand)
        if shapesGiveMass { shapeMasses(b, path(), shapesRead: errors.count == shapesBefore) }
        if let animation = b.animation, !isSpawn {
            if b.type != .kinematic {
                fail(j(path(), "animation"), SceneChecks.onlyKinematicAnimates)
            } else {
                animationValues(animation, b, j(path(), "animation"))
            }
        }
        if b.type == .dynamic, let mass = b.mass, b.moment == nil, errors.count == before {
            checkMass(mass, b.shapes, path())
        }
        if errors.count == before {
            for (key, name) in [("velocityFunction", b.velocityFunction), ("positionFunction", b.positionFunction)] {
                guard let name else { continue }
                if b.type != .dynamic {
                    fail(j(path(), key), "is for dynamic bodies only (Chipmunk integrates only those)")
                } else {
                    functionName(name, j(path(), key))
                }
            }
        }
        return errors.count == before
    }

    /// A body's or a joint's `id`: 1 to 64 characters, not "world".
    mutating func bodyId(_ id: String, _ path: @autoclosure () -> String) {
        if id.isEmpty || id.count > Limits.idLength {
            fail(path(), "must be 1 to \(Limits.idLength) characters long")
        } else if id == "world" {
            fail(path(), "\"world\" is reserved for the static body joints can attach to")
        }
    }

    /// The body's own `mass` or `density`, and `moment` (a body whose shapes give no mass).
    mutating func massAndMoment(_ b: BodySpec, _ path: @autoclosure () -> String) {
        let j = SceneChecks.join
        if b.type != .dynamic {
            if let mass = b.mass {
                fail(path(), "\"\(mass.key)\" is for dynamic bodies only; a \(b.type.rawValue) body has infinite mass")
            }
        } else {
            switch b.mass {
            case .mass(let m)?: number(m, j(path(), "mass"), .size(Limits.minimumMass, Limits.mass))
            case .density(let d)?: number(d, j(path(), "density"), .positive(Limits.mass))
            case nil where b.moment != nil: fail(path(), "a dynamic body with \"moment\" needs \"mass\" (it is made with cpBodyNew(mass, moment))")
            case nil: fail(path(), "a dynamic body needs \"mass\" or \"density\"")
            }
        }
        guard let moment = b.moment else { return }
        if b.type != .dynamic {
            fail(j(path(), "moment"), "is for dynamic bodies only; a \(b.type.rawValue) body never turns by forces")
        } else if case .density? = b.mass {
            fail(j(path(), "moment"), "goes with \"mass\", not \"density\" (a body with a moment is made with cpBodyNew(mass, moment); its shapes get no mass)")
        } else if case .value(let v) = moment {
            number(v, j(path(), "moment"), .size(Limits.minimumMass, Limits.moment))
        }
    }

    /// The shapes: at least one, each shape's values, and at most
    /// `Limits.shapesPerDynamicBody` on a dynamic body.
    mutating func shapes(_ b: BodySpec, _ path: @autoclosure () -> String, boxShorthand: Bool) {
        let j = SceneChecks.join
        if b.shapes.isEmpty { fail(j(path(), "shapes"), "must have at least one shape") }
        if boxShorthand, b.shapes.count == 1, case .box(let w, let h, _) = b.shapes[0].geometry {
            pair(Vector(w, h), j(path(), "box"), .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height"))
        } else {
            for (i, shape) in b.shapes.enumerated() { self.shape(shape, "\(j(path(), "shapes"))[\(i)]") }
        }
        if b.type == .dynamic && b.shapes.count > Limits.shapesPerDynamicBody {
            fail(j(path(), "shapes"), "has \(b.shapes.count) shapes; a dynamic body may have at most \(Limits.shapesPerDynamicBody) (a static or kinematic one more)")
        }
    }

    /// The shapes' own masses (13.3), in the documented order of checks.
    mutating func shapeMasses(_ b: BodySpec, _ path: @autoclosure () -> String, shapesRead: Bool) {
        let j = SceneChecks.join
        let shapesPath = j(path(), "shapes")
        guard b.type == .dynamic else {
            // A static or kinematic body's own "mass" or "density" is said as without shapes' masses.
            massAndMoment(b, path())
            for (i, shape) in b.shapes.enumerated() {
                if let mass = shape.mass { fail("\(shapesPath)[\(i)]", "\"\(mass.key)\" is for a dynamic body's shapes only; a \(b.type.rawValue) body has infinite mass") }
            }
            return
        }
        if b.mass != nil || b.moment != nil {
            fail(path(), "the shapes give their own masses: give none of \"mass\", \"density\" and \"moment\" on the body")
            return
        }
        if let i = b.shapes.firstIndex(where: { $0.mass == nil }) {
            fail("\(shapesPath)[\(i)]", "every shape of the body gives \"mass\" or \"density\" when one does")
            return
        }
        // The totals, once every shape and its mass is right (a shape's own mistake is said already).
        guard shapesRead else { return }
        var total = 0.0
        for (i, shape) in b.shapes.enumerated() {
            switch shape.mass {
            case .mass(let m)?: total += m
            case .density(let d)?:
                let area = shape.geometry.area
                guard area > 0, (d * area).isFinite, d * area >= Limits.minimumMass else {
                    fail("\(shapesPath)[\(i)]", "density \(SceneChecks.show(d)) gives this shape a mass of \(SceneChecks.show(d * area)); it must be at least \(SceneChecks.show(Limits.minimumMass)) (a segment needs a radius)")
                    return
                }
                total += d * area
            case nil: return
            }
        }
        if !(total <= Limits.mass) { fail(path(), "the shapes' masses add up to \(SceneChecks.show(total)); a body's mass is at most \(SceneChecks.show(Limits.mass))") }
    }

    /// Chipmunk aborts when it steps a dynamic body whose mass or moment is not
    /// positive, and the mass split divides by the total area.
    mutating func checkMass(_ mass: MassSpec, _ shapes: [ShapeSpec], _ path: @autoclosure () -> String) {
        let totalArea = shapes.reduce(0) { $0 + $1.geometry.area }
        let show = SceneChecks.show
        switch mass {
        case .mass where shapes.count > 1 && !(totalArea > 0):
            fail(path(), "the shapes have no area to share the mass by; give the segments a radius")
        case .density(let d) where !(totalArea > 0) || !(d * totalArea).isFinite:
            fail(path(), "the shapes have no area, so density gives no mass; use \"mass\" or give the segments a radius")
        case .density(let d) where d * totalArea < Limits.minimumMass || d * totalArea > Limits.mass:
            fail(path(), "density \(show(d)) gives a mass of \(show(d * totalArea)); it must be between \(show(Limits.minimumMass)) and \(show(Limits.mass))")
        default: break
        }
    }
}

extension MassSpec {
    /// The key that gives it: "mass" or "density".
    var key: String {
        switch self {
        case .mass: "mass"
        case .density: "density"
        }
    }
}
