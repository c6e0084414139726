import CrateboxGeometry

// A whole scene's values: its settings, every object in order, what relates
// them, and section 8's checks once nothing else is wrong.
extension SceneChecks {
    /// Every rule on `scene`'s values, in the order the reader reports them.
    mutating func scene(_ scene: Scene) {
        settings(scene)
        // A file's script is read with it (Scene.decode); a value carries its text.
        if let name = scene.script, scene.scriptText == nil {
            fail("script", SceneChecks.scriptNotGiven(name))
        }
        body(scene.spawn, "spawn", isSpawn: true)
        for (i, b) in scene.bodies.enumerated() { body(b, "bodies[\(i)]", isSpawn: false) }
        bodyIds(scene.bodies)
        counts(scene)
        for (i, joint) in scene.joints.enumerated() {
            let path = "joints[\(i)]"
            // A file names a joint's bodies by id (a value may hold a body without one).
            for (key, ref) in [("a", joint.a), ("b", joint.b)] {
                if let k = ref.body, scene.bodies.indices.contains(k), scene.bodies[k].id == nil {
                    fail(SceneChecks.join(path, key), "names bodies[\(k)], which has no id (a scene file names a joint's bodies by id)")
                }
            }
            self.joint(joint, path, bodies: scene.bodies)
        }
        jointIds(scene.joints.map(\.id))
        let names = scene.joints.map { (id: $0.id, type: Optional($0.kind.typeName)) }
        for (i, binding) in scene.controls.enumerated() {
            self.binding(binding, "controls[\(i)]", bodies: scene.bodies, joints: names, scripted: scene.script != nil)
        }
        toys(scene)
        scriptRelations(scene)
        if errors.isEmpty { sectionEight(scene) }
    }

    /// The top-level settings (section 3).
    /// `nameGiven`: false when the name is the file's (a file may be named anything).
    mutating func settings(_ s: Scene, nameGiven: Bool = true) {
        if nameGiven, s.name.isEmpty || s.name.count > Limits.nameLength { fail("name", "must be 1 to \(Limits.nameLength) characters long") }
        pair(Vector(s.width, s.height), "bounds", .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height"))
        point(s.origin, "origin")
        if let v = s.collisionSlop { number(v, "collisionSlop", .nonNegative(Limits.coordinate)) }
        if let b = s.collisionBias, !(b > 0 && b < 1) {
            fail("collisionBias", "must be greater than 0 and less than 1 (the fraction of an overlap left after a second), got \(SceneChecks.show(b))")
        }
        if let v = s.collisionPersistence { integer(v, "collisionPersistence", Limits.collisionPersistence) }
        if let v = s.idleSpeedThreshold { number(v, "idleSpeedThreshold", .nonNegative(Limits.coordinate)) }
        point(s.gravity, "gravity")
        if let w = s.walls {
            number(w.radius, "walls.radius", .nonNegative(Limits.coordinate))
            number(w.friction, "walls.friction", .nonNegative(Limits.coordinate))
            number(w.elasticity, "walls.elasticity", .within(0, 1))
        }
        integer(s.iterations, "iterations", Limits.iterations)
        number(s.damping, "damping", .fraction)
        // Chipmunk aborts with a sleep time of 0 once a kinematic body
        // touches a sleeping one, and shorter times put bodies to sleep in mid-air.
        if let t = s.sleepTime { number(t, "sleepTime", .size(Limits.minimumSleepTime, Limits.coordinate)) }
        if let hash = s.spatialHash {
            number(hash.cellSize, "spatialHash.cellSize", .positive(Limits.coordinate))
            integer(hash.cells, "spatialHash.cells", Limits.hashCells)
        }
        if let name = s.script { scriptName(name) }
        if let seed = s.scriptSeed, seed > UInt64(1 << 53) { fail("scriptSeed", "must be between 0 and \(1 << 53), got \(seed)") }
    }

    static func scriptNotGiven(_ name: String) -> String {
        "the script \(name) was not given with the scene (open the scene file, or a journal that carries it)"
    }

    /// `script`: a Lua file's name, beside the scene file (section 16.5).
    mutating func scriptName(_ name: String) {
        guard name.hasSuffix(".lua"), name.count > 4, name.count <= 255, !name.contains("/"), !name.contains("\\"), !name.hasPrefix(".") else {
            fail("script", "must be a Lua file's name beside the scene file, like \"hoop.lua\" (no folder, ending in .lua), got \"\(name)\"")
            return
        }
    }

    /// Body ids are unique.
    mutating func bodyIds(_ bodies: [BodySpec]) {
        var seen: [String: Int] = [:]  // lookups only; never iterated
        for (i, b) in bodies.enumerated() {
            guard let id = b.id else { continue }
            if let first = seen[id] {
                fail("bodies[\(i)].id", "\"\(id)\" is already the id of bodies[\(first)]; ids must be unique")
            } else {
                seen[id] = i
            }
        }
    }

    /// Joint ids (as written, so that a joint with another mistake still counts) are unique.
    mutating func jointIds(_ ids: [String?]) {
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

    /// At most `Limits.bodies` bodies, `Limits.joints` joints, `Limits.controls`
    /// bindings and `Limits.shapes` shapes in all.
    mutating func counts(_ scene: Scene) {
        if scene.bodies.count > Limits.bodies { fail("bodies", "has \(scene.bodies.count) items; the limit is \(Limits.bodies)") }
        if scene.joints.count > Limits.joints { fail("joints", "has \(scene.joints.count) items; the limit is \(Limits.joints)") }
        if scene.controls.count > Limits.controls { fail("controls", "has \(scene.controls.count) items; the limit is \(Limits.controls)") }
        let shapeCount = scene.bodies.reduce(scene.spawn.shapes.count) { $0 + $1.shapes.count }
        if shapeCount > Limits.shapes {
            fail("bodies", "the scene has \(shapeCount) shapes in all (with the spawn body's); the limit is \(Limits.shapes)")
        }
    }

    /// What only a scene with a script may have: functions, a seed, the right click.
    mutating func scriptRelations(_ scene: Scene) {
        guard scene.script == nil else { return }
        for (i, joint) in scene.joints.enumerated() where !joint.functions.isEmpty {
            fail("joints[\(i)]", "names a function of the scene's script (forceFunction, torqueFunction, preSolve or postSolve), and the scene has no \"script\"")
        }
        for (i, body) in scene.bodies.enumerated().map({ ($0.offset, $0.element) }) + [(-1, scene.spawn)] {
            for (key, name) in [("velocityFunction", body.velocityFunction), ("positionFunction", body.positionFunction)] where name != nil {
                fail(i < 0 ? "spawn.\(key)" : "bodies[\(i)].\(key)", "names a function of the scene's script, and the scene has no \"script\"")
            }
        }
        if scene.scriptSeed != nil { fail("scriptSeed", "seeds the script's math.random, and the scene has no \"script\"") }
        if scene.rightClickToScript { fail("rightClick", "gives right clicks to the script, and the scene has no \"script\"") }
    }

    /// Section 8: springs, pins, the spatial hash's cells, overlaps.
    mutating func sectionEight(_ scene: Scene) {
        springs(scene.bodies, scene.joints)
        pins(scene.bodies, scene.joints)
        if let hash = scene.spatialHash {
            cellSize(hash.cellSize, scene.bodies, scene.spawn, walls: scene.walls, bounds: Vector(scene.width, scene.height))
        }
        overlaps(scene.bodies)
    }
}

extension Scene {
    /// Every rule of the format (docs/scene-format.md) on this scene's values,
    /// as the reader says them for a file named `file`: what the editor and a
    /// script's changes are checked with. Empty when the scene is valid.
    public func problems(file: String) -> [SceneError] {
        var checks = SceneChecks(file: file)
        checks.scene(self)
        return checks.errors
    }
}
