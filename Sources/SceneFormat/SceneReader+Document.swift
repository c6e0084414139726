#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// The document: top-level keys, defaults, and the checks that need the whole scene.
extension SceneReader {
    static let topKeys = ["format", "name", "bounds", "origin", "gravity", "walls", "iterations", "damping",
                          "sleepTime", "spatialHash", "collisionSlop", "collisionBias", "collisionPersistence",
                          "idleSpeedThreshold", "spawn", "bodies", "joints", "controls", "fluids", "attractors", "view", "script", "scriptSeed", "rightClick", "sandbox", "$schema"]

    mutating func scene(_ root: JSONNode, defaultName: String) -> Scene? {
        guard let top = object(root, "", "a JSON object (a cratebox/scene@1 document)") else { return nil }
        let fields = open(top, SceneReader.topKeys, "")
        checkFormat(fields)
        // For editors only (a JSON Schema's path or URL): kept, so that saving keeps it.
        let schema = fields["$schema"].flatMap { string($0, "$schema") }
        let name = self.name(fields, default: defaultName)
        var bounds: Vector?
        if let node = fields["bounds"] {
            bounds = pair(node, "bounds", .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height"))
        } else {
            fail("", "missing required key \"bounds\" ([width, height] of the world)")
        }
        let origin = fields["origin"].flatMap { point($0, "origin") } ?? .zero
        let solver = self.solver(fields)
        var gravity = Vector(0, -1000)
        if let node = fields["gravity"], let g = point(node, "gravity") { gravity = g }
        let walls = self.walls(fields)
        var iterations = 10
        if let node = fields["iterations"], let v = integer(node, "iterations", Limits.iterations) { iterations = v }
        var damping = 1.0
        if let node = fields["damping"], let v = number(node, "damping", .fraction) { damping = v }
        let sleepTime = self.sleepTime(fields)
        let spatialHash = self.spatialHash(fields)
        var spawn = Scene.defaultSpawn
        if let node = fields["spawn"], let s = body(node, "spawn", isSpawn: true) { spawn = s }
        let bodies = self.bodies(fields)
        let shapeCount = bodies.reduce(spawn.shapes.count) { $0 + $1.shapes.count }
        if shapeCount > Limits.shapes {
            fail("bodies", "the scene has \(shapeCount) shapes in all (with the spawn body's); the limit is \(Limits.shapes)")
        }
        var joints: [JointSpec] = []
        // Each joint's id and type as written, by file index, so that controls
        // are checked (and ids compared) even when a joint has an error.
        var jointNames: [(id: String?, type: String?)] = []
        if let node = fields["joints"], let items = array(node, "joints", max: Limits.joints) {
            for (i, item) in items.enumerated() {
                if let j = joint(item, "joints[\(i)]", bodies: bodies) { joints.append(j) }
                jointNames.append((SceneReader.rawString(item, "id"), SceneReader.rawString(item, "type")))
            }
        }
        checkJointIds(jointNames.map(\.id))
        let controls = self.controls(fields, bodies: bodies, joints: jointNames)
        let fluids = self.fluids(fields), attractors = self.attractors(fields), view = self.view(fields, bodies: bodies)
        let script = self.script(fields)
        if script == nil { checkNoScriptFunctions(bodies, spawn, joints) }
        if errors.isEmpty {
            checkSprings(bodies, joints)
            checkPins(bodies, joints)
            if let spatialHash { checkCellSize(spatialHash.cellSize, bodies, spawn, walls: walls, bounds: bounds) }
            checkOverlaps(bodies)
        }
        guard errors.isEmpty, let bounds else { return nil }
        var scene = Scene(name: name, width: bounds.x, height: bounds.y, gravity: gravity, walls: walls,
                          iterations: iterations, damping: damping, sleepTime: sleepTime, spatialHash: spatialHash,
                          spawn: spawn, bodies: bodies, joints: joints, schema: schema, origin: origin)
        (scene.collisionSlop, scene.collisionBias, scene.collisionPersistence, scene.idleSpeedThreshold) = solver
        scene.controls = controls
        scene.fluids = fluids
        scene.attractors = attractors
        scene.view = view
        scene.script = script
        scriptSettings(fields, into: &scene)
        if let node = fields["sandbox"], let inputs = sandbox(node) { scene.sandbox = inputs }
        return scene
    }

    /// `sandbox` (16.14): true, false, or an object turning inputs off (or on) by name.
    mutating func sandbox(_ node: JSONNode) -> SandboxInputs? {
        if case .bool(let on) = node.value { return SandboxInputs(all: on) }
        let names = SandboxInput.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .object(let members) = node.value else {
            fail("sandbox", "must be true, false or an object of the sandbox's inputs (\(names)), got \(node.value.kindName)")
            return nil
        }
        var inputs = SandboxInputs()
        for (key, value) in members {
            guard let input = SandboxInput(rawValue: key) else {
                fail("sandbox.\(key)", "is not one of the sandbox's inputs (\(names))")
                continue
            }
            if let on = bool(value, "sandbox.\(key)") { inputs[input] = on }
        }
        return inputs
    }

    /// `scriptSeed` and `rightClick`, each only with a `script`.
    mutating func scriptSettings(_ fields: ObjectFields, into scene: inout Scene) {
        if let node = fields["scriptSeed"], let seed = integer(node, "scriptSeed", 0...Int(1 << 53)) {
            if scene.script == nil { fail("scriptSeed", "seeds the script's math.random, and the scene has no \"script\"") } else { scene.scriptSeed = UInt64(seed) }
        }
        if let node = fields["rightClick"], let value = string(node, "rightClick") {
            if value != "delete" && value != "script" {
                fail("rightClick", "must be \"delete\" (the window's own: it deletes the body clicked) or \"script\" (the script's clicks), got \"\(value)\"")
            } else if value == "script" && scene.script == nil {
                fail("rightClick", "gives right clicks to the script, and the scene has no \"script\"")
            } else {
                scene.rightClickToScript = value == "script"
            }
        }
    }

    /// A body's `velocityFunction` or `positionFunction` names a function of the scene's script: without one, it names nothing.
    mutating func checkNoScriptFunctions(_ bodies: [BodySpec], _ spawn: BodySpec, _ joints: [JointSpec]) {
        for (i, joint) in joints.enumerated() where !joint.functions.isEmpty {
            fail("joints[\(i)]", "names a function of the scene's script (forceFunction, torqueFunction, preSolve or postSolve), and the scene has no \"script\"")
        }
        for (i, body) in bodies.enumerated().map({ ($0.offset, $0.element) }) + [(-1, spawn)] {
            for (key, name) in [("velocityFunction", body.velocityFunction), ("positionFunction", body.positionFunction)] where name != nil {
                fail(i < 0 ? "spawn.\(key)" : "bodies[\(i)].\(key)", "names a function of the scene's script, and the scene has no \"script\"")
            }
        }
    }

    /// `script`: a Lua file's name, beside the scene file (section 16.5).
    mutating func script(_ fields: ObjectFields) -> String? {
        guard let node = fields["script"], let name = string(node, "script") else { return nil }
        guard name.hasSuffix(".lua"), name.count > 4, name.count <= 255, !name.contains("/"), !name.contains("\\"), !name.hasPrefix(".") else {
            fail("script", "must be a Lua file's name beside the scene file, like \"hoop.lua\" (no folder, ending in .lua), got \"\(name)\"")
            return nil
        }
        return name
    }

    /// `collisionSlop`, `collisionBias`, `collisionPersistence`, `idleSpeedThreshold`: nil when not given.
    mutating func solver(_ fields: ObjectFields) -> (Double?, Double?, Int?, Double?) {
        let slop = fields["collisionSlop"].flatMap { number($0, "collisionSlop", .nonNegative(Limits.coordinate)) }
        var bias = fields["collisionBias"].flatMap { number($0, "collisionBias", .within(-1e300, 1e300)) }
        if let b = bias, !(b > 0 && b < 1) {
            fail("collisionBias", "must be greater than 0 and less than 1 (the fraction of an overlap left after a second), got \(SceneReader.show(b))")
            bias = nil
        }
        let persistence = fields["collisionPersistence"].flatMap { integer($0, "collisionPersistence", Limits.collisionPersistence) }
        let idle = fields["idleSpeedThreshold"].flatMap { number($0, "idleSpeedThreshold", .nonNegative(Limits.coordinate)) }
        return (slop, bias, persistence, idle)
    }

    mutating func checkFormat(_ fields: ObjectFields) {
        if let node = fields["format"] {
            if let format = string(node, "format"), format != Scene.format {
                fail("format", "must be \"\(Scene.format)\", got \"\(format)\"")
            }
        } else {
            fail("", "missing required key \"format\" (it must be \"\(Scene.format)\")")
        }
    }

    mutating func name(_ fields: ObjectFields, default defaultName: String) -> String {
        guard let node = fields["name"], let s = string(node, "name") else { return defaultName }
        if s.isEmpty || s.count > Limits.nameLength {
            fail("name", "must be 1 to \(Limits.nameLength) characters long")
            return defaultName
        }
        return s
    }

    mutating func walls(_ fields: ObjectFields) -> Scene.Walls? {
        guard let node = fields["walls"] else { return Scene.Walls() }
        switch node.value {
        case .bool(let on): return on ? Scene.Walls() : nil
        case .object(let members):
            let wallFields = open(members, ["radius", "friction", "elasticity"], "walls")
            var w = Scene.Walls()
            if let n = wallFields["radius"], let v = number(n, "walls.radius", .nonNegative(Limits.coordinate)) { w.radius = v }
            if let n = wallFields["friction"], let v = number(n, "walls.friction", .nonNegative(Limits.coordinate)) { w.friction = v }
            if let n = wallFields["elasticity"], let v = number(n, "walls.elasticity", .within(0, 1)) { w.elasticity = v }
            return w
        default:
            fail("walls", "must be true, false or an object {radius, friction, elasticity}, got \(node.value.kindName)")
            return Scene.Walls()
        }
    }

    mutating func sleepTime(_ fields: ObjectFields) -> Double? {
        guard let node = fields["sleepTime"] else { return nil }
        if case .null = node.value { return nil }
        // Chipmunk aborts with a sleep time of 0 once a kinematic body
        // touches a sleeping one, and shorter times put bodies to sleep in mid-air.
        return number(node, "sleepTime", .size(Limits.minimumSleepTime, Limits.coordinate))
    }

    mutating func spatialHash(_ fields: ObjectFields) -> Scene.SpatialHash? {
        guard let node = fields["spatialHash"] else { return nil }
        if case .null = node.value { return nil }
        guard let members = object(node, "spatialHash", "null or an object {cellSize, cells}") else { return nil }
        let hash = open(members, ["cellSize", "cells"], "spatialHash")
        let size = hash["cellSize"].flatMap { number($0, "spatialHash.cellSize", .positive(Limits.coordinate)) }
        let cells = hash["cells"].flatMap { integer($0, "spatialHash.cells", Limits.hashCells) }
        if hash["cellSize"] == nil { fail("spatialHash", "missing required key \"cellSize\"") }
        if hash["cells"] == nil { fail("spatialHash", "missing required key \"cells\"") }
        guard let size, let cells else { return nil }
        return Scene.SpatialHash(cellSize: size, cells: cells)
    }

    mutating func bodies(_ fields: ObjectFields) -> [BodySpec] {
        var bodies: [BodySpec] = []
        guard let node = fields["bodies"], let items = array(node, "bodies", max: Limits.bodies) else { return bodies }
        for (i, item) in items.enumerated() {
            if let b = body(item, "bodies[\(i)]", isSpawn: false) {
                bodies.append(b)
            } else {
                // Keep indices and ids lined up so joints are still checked.
                var placeholder = Scene.defaultSpawn
                if case .object(let m) = item.value, let n = m.first(where: { $0.key == "id" })?.node, case .string(let id) = n.value { placeholder.id = id }
                bodies.append(placeholder)
            }
        }
        checkIds(bodies)
        return bodies
    }

    mutating func checkIds(_ bodies: [BodySpec]) {
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
}
