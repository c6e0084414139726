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
        // The settings as written, checked as values together (SceneChecks.settings).
        var scene = Scene(name: defaultName, width: 1, height: 1, gravity: Vector(0, -1000), walls: walls(fields),
                          iterations: 10, damping: 1, sleepTime: nil, spatialHash: nil,
                          spawn: Scene.defaultSpawn, bodies: [], joints: [])
        // For editors only (a JSON Schema's path or URL): kept, so that saving keeps it.
        scene.schema = fields["$schema"].flatMap { string($0, "$schema") }
        if let node = fields["name"], let s = string(node, "name") { scene.name = s }
        if let node = fields["bounds"] {
            if let bounds = pair(node, "bounds", labels: ("width", "height")) { (scene.width, scene.height) = (bounds.x, bounds.y) }
        } else {
            fail("", "missing required key \"bounds\" ([width, height] of the world)")
        }
        if let node = fields["origin"], let p = point(node, "origin", checked: false) { scene.origin = p }
        solver(fields, into: &scene)
        if let node = fields["gravity"], let g = point(node, "gravity", checked: false) { scene.gravity = g }
        if let node = fields["iterations"], let v = integer(node, "iterations", Limits.iterations) { scene.iterations = v }
        if let node = fields["damping"], let v = number(node, "damping") { scene.damping = v }
        if let node = fields["sleepTime"] {
            if case .null = node.value {} else { scene.sleepTime = number(node, "sleepTime") }
        }
        scene.spatialHash = spatialHash(fields)
        scene.script = fields["script"].flatMap { string($0, "script") }
        scriptSettings(fields, into: &scene)
        if let node = fields["sandbox"], let inputs = sandbox(node) { scene.sandbox = inputs }
        checks.settings(scene, nameGiven: fields["name"] != nil)

        if let node = fields["spawn"], let s = body(node, "spawn", isSpawn: true) { scene.spawn = s }
        scene.bodies = bodies(fields)
        checks.counts(scene)
        // Each joint's id and type as written, by file index, so that controls
        // are checked (and ids compared) even when a joint has an error.
        var jointNames: [(id: String?, type: String?)] = []
        if let node = fields["joints"], let items = array(node, "joints", max: Limits.joints) {
            for (i, item) in items.enumerated() {
                if let j = joint(item, "joints[\(i)]", bodies: scene.bodies) { scene.joints.append(j) }
                jointNames.append((SceneReader.rawString(item, "id"), SceneReader.rawString(item, "type")))
            }
        }
        checks.jointIds(jointNames.map(\.id))
        scene.controls = controls(fields, bodies: scene.bodies, joints: jointNames)
        scene.fluids = fluids(fields)
        scene.attractors = attractors(fields)
        scene.view = view(fields, bodies: scene.bodies)
        checks.scriptRelations(scene)
        if errors.isEmpty { checks.sectionEight(scene) }
        return errors.isEmpty ? scene : nil
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

    /// `scriptSeed` and `rightClick` (each only with a `script`: SceneChecks.scriptRelations).
    mutating func scriptSettings(_ fields: ObjectFields, into scene: inout Scene) {
        if let node = fields["scriptSeed"], let seed = integer(node, "scriptSeed", 0...Int(1 << 53)) { scene.scriptSeed = UInt64(seed) }
        if let node = fields["rightClick"], let value = string(node, "rightClick") {
            if value != "delete" && value != "script" {
                fail("rightClick", "must be \"delete\" (the window's own: it deletes the body clicked) or \"script\" (the script's clicks), got \"\(value)\"")
            } else {
                scene.rightClickToScript = value == "script"
            }
        }
    }

    /// `collisionSlop`, `collisionBias`, `collisionPersistence`, `idleSpeedThreshold`: nil when not given.
    mutating func solver(_ fields: ObjectFields, into scene: inout Scene) {
        scene.collisionSlop = fields["collisionSlop"].flatMap { number($0, "collisionSlop") }
        scene.collisionBias = fields["collisionBias"].flatMap { number($0, "collisionBias") }
        scene.collisionPersistence = fields["collisionPersistence"].flatMap { integer($0, "collisionPersistence", Limits.collisionPersistence) }
        scene.idleSpeedThreshold = fields["idleSpeedThreshold"].flatMap { number($0, "idleSpeedThreshold") }
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

    mutating func walls(_ fields: ObjectFields) -> Scene.Walls? {
        guard let node = fields["walls"] else { return Scene.Walls() }
        switch node.value {
        case .bool(let on): return on ? Scene.Walls() : nil
        case .object(let members):
            let wallFields = open(members, ["radius", "friction", "elasticity"], "walls")
            var w = Scene.Walls()
            if let n = wallFields["radius"], let v = number(n, "walls.radius") { w.radius = v }
            if let n = wallFields["friction"], let v = number(n, "walls.friction") { w.friction = v }
            if let n = wallFields["elasticity"], let v = number(n, "walls.elasticity") { w.elasticity = v }
            return w
        default:
            fail("walls", "must be true, false or an object {radius, friction, elasticity}, got \(node.value.kindName)")
            return Scene.Walls()
        }
    }

    mutating func spatialHash(_ fields: ObjectFields) -> Scene.SpatialHash? {
        guard let node = fields["spatialHash"] else { return nil }
        if case .null = node.value { return nil }
        guard let members = object(node, "spatialHash", "null or an object {cellSize, cells}") else { return nil }
        let hash = open(members, ["cellSize", "cells"], "spatialHash")
        let size = hash["cellSize"].flatMap { number($0, "spatialHash.cellSize") }
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
        checks.bodyIds(bodies)
        return bodies
    }
}
