#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import Physics

extension Scene {
    public static let format = "cratebox/scene@1"

    /// Decodes and validates a scene. `file` is how errors name the file; the
    /// scene's name defaults to it, without directory or extension.
    public static func decode(_ bytes: [UInt8], file: String) throws(SceneErrors) -> Scene {
        guard bytes.count <= Limits.fileBytes else {
            throw SceneErrors(errors: [SceneError(file: file, path: "", message: "the file is larger than the \(Limits.fileBytes / 1024 / 1024) MiB limit")])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneErrors(errors: [SceneError(file: file, path: "", message: error.message, line: error.line, column: error.column)])
        }
        var reader = SceneReader(file: file)
        let scene = reader.scene(root, defaultName: defaultName(for: file))
        if let scene, reader.errors.isEmpty { return scene }
        throw SceneErrors(errors: reader.errors)
    }

    static func defaultName(for file: String) -> String {
        var name = Substring(file)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".json") { name = name.dropLast(5) }
        return String(name)
    }
}

/// Walks the JSON tree, collecting every error with its path, and builds the
/// Scene when there are none. Each reader method returns nil after recording
/// an error, so one mistake does not hide the next.
struct SceneReader {
    let file: String
    var errors: [SceneError] = []

    init(file: String) { self.file = file }

    typealias Members = [(key: String, node: JSONNode)]

    mutating func fail(_ path: String, _ message: String) {
        errors.append(SceneError(file: file, path: path, message: message))
    }

    // MARK: Generic pieces

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func object(_ node: JSONNode, _ path: String, _ what: String) -> Members? {
        guard case .object(let members) = node.value else {
            fail(path, "must be \(what), got \(node.value.kindName)")
            return nil
        }
        return members
    }

    /// Records an error for every key not in `allowed`, with a suggestion when one is close.
    mutating func checkKeys(_ members: Members, _ allowed: [String], _ path: String, hints: [String: String] = [:]) {
        for (key, _) in members where !allowed.contains(key) {
            if let hint = hints[key] {
                fail(path, "\"\(key)\" \(hint)")
            } else if let guess = closest(to: key, in: allowed) {
                fail(path, "unknown key \"\(key)\" (did you mean \"\(guess)\"?)")
            } else {
                fail(path, "unknown key \"\(key)\" (expected one of: \(allowed.joined(separator: ", ")))")
            }
        }
    }

    func member(_ members: Members, _ key: String) -> JSONNode? {
        members.first { $0.key == key }?.node
    }

    static func show(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    enum Range {
        /// 0 < v <= max
        case positive(Double)
        /// 0 <= v <= max
        case nonNegative(Double)
        /// lo <= v <= hi
        case within(Double, Double)
        /// 0 < v <= 1
        case fraction
        /// min <= v <= max, with min > 0
        case size(Double, Double)
    }

    mutating func number(_ node: JSONNode, _ path: String, _ range: Range, label: String? = nil) -> Double? {
        let subject = label.map { "\($0) must" } ?? "must"
        guard case .number(let v) = node.value else {
            fail(path, "\(subject) be a number, got \(node.value.kindName)")
            return nil
        }
        let show = SceneReader.show
        switch range {
        case .positive(let max):
            if v <= 0 { fail(path, "\(subject) be greater than 0, got \(show(v))"); return nil }
            if v > max { fail(path, "\(subject) be at most \(show(max)), got \(show(v))"); return nil }
        case .nonNegative(let max):
            if v < 0 { fail(path, "\(subject) be at least 0, got \(show(v))"); return nil }
            if v > max { fail(path, "\(subject) be at most \(show(max)), got \(show(v))"); return nil }
        case .within(let lo, let hi):
            if v < lo || v > hi { fail(path, "\(subject) be between \(show(lo)) and \(show(hi)), got \(show(v))"); return nil }
        case .fraction:
            if v <= 0 || v > 1 { fail(path, "\(subject) be greater than 0 and at most 1, got \(show(v))"); return nil }
        case .size(let min, let max):
            if v <= 0 { fail(path, "\(subject) be greater than 0, got \(show(v))"); return nil }
            if v < min { fail(path, "\(subject) be at least \(show(min)), got \(show(v))"); return nil }
            if v > max { fail(path, "\(subject) be at most \(show(max)), got \(show(v))"); return nil }
        }
        return v
    }

    mutating func integer(_ node: JSONNode, _ path: String, _ range: ClosedRange<Int>) -> Int? {
        guard case .number(let v) = node.value else {
            fail(path, "must be a whole number, got \(node.value.kindName)")
            return nil
        }
        guard v == v.rounded() else {
            fail(path, "must be a whole number, got \(SceneReader.show(v))")
            return nil
        }
        guard v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            fail(path, "must be between \(range.lowerBound) and \(range.upperBound), got \(SceneReader.show(v))")
            return nil
        }
        return Int(v)
    }

    mutating func bool(_ node: JSONNode, _ path: String) -> Bool? {
        guard case .bool(let b) = node.value else {
            fail(path, "must be true or false, got \(node.value.kindName)")
            return nil
        }
        return b
    }

    mutating func string(_ node: JSONNode, _ path: String) -> String? {
        guard case .string(let s) = node.value else {
            fail(path, "must be a string, got \(node.value.kindName)")
            return nil
        }
        return s
    }

    /// `[a, b]` of two numbers, each checked against `range`, named by `labels` in errors.
    mutating func pair(_ node: JSONNode, _ path: String, _ range: Range, labels: (String, String) = ("x", "y")) -> Vector? {
        let shape = "[\(labels.0), \(labels.1)]"
        guard case .array(let items) = node.value else {
            fail(path, "must be \(shape), got \(node.value.kindName)")
            return nil
        }
        guard items.count == 2 else {
            fail(path, "must be \(shape), got an array of \(items.count) item\(items.count == 1 ? "" : "s")")
            return nil
        }
        let a = number(items[0], path, range, label: labels.0)
        let b = number(items[1], path, range, label: labels.1)
        guard let a, let b else { return nil }
        return Vector(a, b)
    }

    mutating func point(_ node: JSONNode, _ path: String) -> Vector? {
        pair(node, path, .within(-Limits.coordinate, Limits.coordinate))
    }

    mutating func array(_ node: JSONNode, _ path: String, max: Int) -> [JSONNode]? {
        guard case .array(let items) = node.value else {
            fail(path, "must be an array, got \(node.value.kindName)")
            return nil
        }
        guard items.count <= max else {
            fail(path, "has \(items.count) items; the limit is \(max)")
            return nil
        }
        return items
    }

    // MARK: The document

    static let topKeys = ["format", "name", "bounds", "gravity", "walls", "iterations", "damping",
                          "sleepTime", "spatialHash", "spawn", "bodies", "joints"]

    mutating func scene(_ root: JSONNode, defaultName: String) -> Scene? {
        guard let top = object(root, "", "a JSON object (a cratebox/scene@1 document)") else { return nil }
        checkKeys(top, SceneReader.topKeys, "")

        if let node = member(top, "format") {
            if let format = string(node, "format"), format != Scene.format {
                fail("format", "must be \"\(Scene.format)\", got \"\(format)\"")
            }
        } else {
            fail("", "missing required key \"format\" (it must be \"\(Scene.format)\")")
        }

        var name = defaultName
        if let node = member(top, "name"), let s = string(node, "name") {
            if s.isEmpty || s.count > Limits.nameLength {
                fail("name", "must be 1 to \(Limits.nameLength) characters long")
            } else {
                name = s
            }
        }

        var bounds: Vector?
        if let node = member(top, "bounds") {
            bounds = pair(node, "bounds", .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height"))
        } else {
            fail("", "missing required key \"bounds\" ([width, height] of the world)")
        }

        var gravity = Vector(0, -1000)
        if let node = member(top, "gravity"), let g = point(node, "gravity") { gravity = g }

        var walls: Scene.Walls? = Scene.Walls()
        if let node = member(top, "walls") {
            switch node.value {
            case .bool(let on): walls = on ? Scene.Walls() : nil
            case .object(let members):
                checkKeys(members, ["radius", "friction", "elasticity"], "walls")
                var w = Scene.Walls()
                if let n = member(members, "radius"), let v = number(n, "walls.radius", .nonNegative(Limits.coordinate)) { w.radius = v }
                if let n = member(members, "friction"), let v = number(n, "walls.friction", .nonNegative(Limits.coordinate)) { w.friction = v }
                if let n = member(members, "elasticity"), let v = number(n, "walls.elasticity", .within(0, 1)) { w.elasticity = v }
                walls = w
            default:
                fail("walls", "must be true, false or an object {radius, friction, elasticity}, got \(node.value.kindName)")
            }
        }

        var iterations = 10
        if let node = member(top, "iterations"), let v = integer(node, "iterations", Limits.iterations) { iterations = v }

        var damping = 1.0
        if let node = member(top, "damping"), let v = number(node, "damping", .fraction) { damping = v }

        var sleepTime: Double?
        if let node = member(top, "sleepTime") {
            if case .null = node.value {} else {
                // Chipmunk aborts with a sleep time of 0 once a kinematic body
                // touches a sleeping one, and shorter times put bodies to sleep in mid-air.
                sleepTime = number(node, "sleepTime", .size(Limits.minimumSleepTime, Limits.coordinate))
            }
        }

        var spatialHash: Scene.SpatialHash?
        if let node = member(top, "spatialHash") {
            if case .null = node.value {} else if let members = object(node, "spatialHash", "null or an object {cellSize, cells}") {
                checkKeys(members, ["cellSize", "cells"], "spatialHash")
                let size = member(members, "cellSize").flatMap { number($0, "spatialHash.cellSize", .positive(Limits.coordinate)) }
                let cells = member(members, "cells").flatMap { integer($0, "spatialHash.cells", Limits.hashCells) }
                if member(members, "cellSize") == nil { fail("spatialHash", "missing required key \"cellSize\"") }
                if member(members, "cells") == nil { fail("spatialHash", "missing required key \"cells\"") }
                if let size, let cells { spatialHash = Scene.SpatialHash(cellSize: size, cells: cells) }
            }
        }

        var spawn = Scene.defaultSpawn
        if let node = member(top, "spawn"), let s = body(node, "spawn", isSpawn: true) { spawn = s }

        var bodies: [BodySpec] = []
        if let node = member(top, "bodies"), let items = array(node, "bodies", max: Limits.bodies) {
            for (i, item) in items.enumerated() {
                if let b = body(item, "bodies[\(i)]", isSpawn: false) {
                    bodies.append(b)
                } else {
                    // Keep indices and ids lined up so joints are still checked.
                    var placeholder = Scene.defaultSpawn
                    if case .object(let m) = item.value, let n = member(m, "id"), case .string(let id) = n.value { placeholder.id = id }
                    bodies.append(placeholder)
                }
            }
            checkIds(bodies)
        }

        var joints: [JointSpec] = []
        if let node = member(top, "joints"), let items = array(node, "joints", max: Limits.joints) {
            for (i, item) in items.enumerated() {
                if let j = joint(item, "joints[\(i)]", bodies: bodies) { joints.append(j) }
            }
        }

        if errors.isEmpty {
            checkSprings(bodies, joints)
            checkPins(bodies, joints)
            if let spatialHash { checkCellSize(spatialHash.cellSize, bodies, spawn, walls: walls, bounds: bounds) }
            checkOverlaps(bodies)
        }
        guard errors.isEmpty, let bounds else { return nil }
        return Scene(name: name, width: bounds.x, height: bounds.y, gravity: gravity, walls: walls,
                     iterations: iterations, damping: damping, sleepTime: sleepTime, spatialHash: spatialHash,
                     spawn: spawn, bodies: bodies, joints: joints)
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

    // MARK: Checks across bodies and joints

    /// Inverse mass and inverse moment (about the origin) of a body; zero for
    /// kinematic and static bodies, whose mass is infinite.
    static func inverseMass(_ body: BodySpec) -> (mass: Double, moment: Double) {
        guard body.type == .dynamic, let spec = body.mass else { return (0, 0) }
        let areas = body.shapes.map(\.geometry.area)
        let total = areas.reduce(0, +)
        var mass = 0.0, moment = 0.0
        for (shape, area) in zip(body.shapes, areas) {
            let m: Double
            switch spec {
            case .mass(let whole): m = body.shapes.count == 1 ? whole : whole * area / total
            case .density(let d): m = d * area
            }
            mass += m
            moment += Shape.moment(of: shape.geometry, mass: m)
        }
        return (1 / mass, 1 / moment)
    }

    /// Chipmunk applies a spring's force explicitly, once a step: too stiff a
    /// spring for its bodies gains energy every step until the velocities are
    /// infinite and Chipmunk aborts. The explicit step is stable while
    /// stiffness * dt² * (the largest inverse effective mass) < 4; we allow a
    /// quarter of that, which leaves room for a body held by several springs.
    mutating func checkSprings(_ bodies: [BodySpec], _ joints: [JointSpec]) {
        let dt = 1.0 / 120.0
        // Springs on one body add up: their loads (stiffness over what the
        // spring may have) are summed per body and must stay within 1.
        var load = [Double](repeating: 0, count: bodies.count)
        for (i, joint) in joints.enumerated() {
            guard case .dampedSpring(let anchorA, let anchorB, _, let stiffness, _) = joint.kind else { continue }
            let a = joint.a.body.map { SceneReader.inverseMass(bodies[$0]) } ?? (mass: 0, moment: 0)
            let b = joint.b.body.map { SceneReader.inverseMass(bodies[$0]) } ?? (mass: 0, moment: 0)
            let r1 = anchorA.length, r2 = anchorB.length
            let k = a.mass + b.mass + r1 * r1 * a.moment + r2 * r2 * b.moment
            let limit = 1 / (k * dt * dt)
            let indices = [joint.a.body, joint.b.body].compactMap { $0 }
            let before = indices.map { load[$0] }.max() ?? 0
            for index in indices { load[index] += stiffness / limit }
            if before + stiffness / limit > 1 {
                let path = "joints[\(i)].stiffness", allowed = (limit * (1 - before)).rounded(.down)
                if before == 0 {
                    fail(path, "\(SceneReader.show(stiffness)) is too stiff for these bodies: at 1/120 s steps the spring would blow up; use at most \(SceneReader.show(allowed)) or heavier bodies")
                } else if allowed >= 1 {
                    fail(path, "\(SceneReader.show(stiffness)) is too stiff together with the other springs on its bodies: at 1/120 s steps they would blow up; use at most \(SceneReader.show(allowed)) or heavier bodies")
                } else {
                    fail(path, "one spring too many: the other springs on its bodies already take all the stiffness they can bear at 1/120 s steps")
                }
            }
        }
    }

    /// Chipmunk warns about (and cannot solve well) a pin joint of length 0.
    mutating func checkPins(_ bodies: [BodySpec], _ joints: [JointSpec]) {
        func world(_ ref: BodyRef, _ anchor: Vector) -> Vector {
            guard let i = ref.body else { return anchor }
            let b = bodies[i], c = cos(b.angle), s = sin(b.angle)
            return b.position + Vector(anchor.x * c - anchor.y * s, anchor.x * s + anchor.y * c)
        }
        for (i, joint) in joints.enumerated() {
            guard case .pin(let anchorA, let anchorB) = joint.kind else { continue }
            if (world(joint.b, anchorB) - world(joint.a, anchorA)).length < Limits.minimumLength {
                fail("joints[\(i)]", "the pin's two anchors are at the same point, so its length is 0; use a pivot joint")
            }
        }
    }

    /// Chipmunk visits every cell a shape covers (static shapes when they go
    /// in, moving ones every step); cells far smaller than the shapes make that
    /// take practically forever.
    mutating func checkCellSize(_ cellSize: Double, _ bodies: [BodySpec], _ spawn: BodySpec, walls: Scene.Walls?, bounds: Vector?) {
        var largest = 0.0
        for body in bodies + [spawn] {
            for shape in body.shapes { largest = max(largest, SceneReader.extent(shape.geometry)) }
        }
        if let walls, let bounds { largest = max(largest, max(bounds.x, bounds.y) + 2 * walls.radius) }
        let smallest = largest / Limits.cellsAcrossShape
        if cellSize < smallest {
            fail("spatialHash.cellSize", "\(SceneReader.show(cellSize)) is too small for shapes \(SceneReader.show(largest)) across; use at least \(SceneReader.show(smallest)) or remove spatialHash")
        }
    }

    /// Bodies piled onto each other make Chipmunk solve every pair of them each
    /// step: a thousand crates in one spot take minutes a step. Some overlap is
    /// fine (and an explosion may be the point); this many pairs is not.
    mutating func checkOverlaps(_ bodies: [BodySpec]) {
        var boxes: [(minX: Double, maxX: Double, minY: Double, maxY: Double, index: Int)] = []
        var moving = 0
        // Kinematic bodies never collide with each other: only pairs with a dynamic body count.
        for (i, body) in bodies.enumerated() where body.type != .static {
            moving += 1
            let c = cos(body.angle), s = sin(body.angle)
            var box = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity, index: i)
            func include(_ p: Vector, _ r: Double) {
                let x = body.position.x + p.x * c - p.y * s, y = body.position.y + p.x * s + p.y * c
                box.minX = min(box.minX, x - r); box.maxX = max(box.maxX, x + r)
                box.minY = min(box.minY, y - r); box.maxY = max(box.maxY, y + r)
            }
            for shape in body.shapes {
                switch shape.geometry {
                case .box(let w, let h, let r):
                    for p in [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)] { include(p, r) }
                case .circle(let r, let offset): include(offset, r)
                case .polygon(let vertices, let r): for p in vertices { include(p, r) }
                case .segment(let a, let b, let r): include(a, r); include(b, r)
                }
            }
            boxes.append(box)
        }
        let limit = 4 * moving + 64
        boxes.sort { ($0.minX, $0.index) < ($1.minX, $1.index) }
        var pairs = 0
        for i in boxes.indices {
            var k = i + 1
            // Shapes that merely touch (resting crates) do not count.
            while k < boxes.count && boxes[k].minX < boxes[i].maxX - 1e-9 {
                if boxes[k].minY < boxes[i].maxY - 1e-9 && boxes[i].minY < boxes[k].maxY - 1e-9
                    && (bodies[boxes[i].index].type == .dynamic || bodies[boxes[k].index].type == .dynamic) {
                    pairs += 1
                    if pairs > limit {
                        fail("bodies", "more than \(limit) pairs of moving bodies overlap at the start (bodies[\(boxes[i].index)] and bodies[\(boxes[k].index)] among them); Chipmunk would take very long to push them apart: spread them out")
                        return
                    }
                }
                k += 1
            }
        }
    }

    static func extent(_ g: Shape.Geometry) -> Double {
        switch g {
        case .box(let w, let h, let r): return max(w, h) + 2 * r
        case .circle(let r, _): return 2 * r
        case .polygon(let v, let r):
            let xs = v.map(\.x), ys = v.map(\.y)
            return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!) + 2 * r
        case .segment(let a, let b, let r): return max(abs(a.x - b.x), abs(a.y - b.y)) + 2 * r
        }
    }

    // MARK: Bodies

    static let bodyKeys = ["id", "type", "position", "angle", "velocity", "angularVelocity", "mass",
                           "density", "shapes", "box", "look", "animation"]

    mutating func body(_ node: JSONNode, _ path: String, isSpawn: Bool) -> BodySpec? {
        guard let members = object(node, path, "a body object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        var allowed = SceneReader.bodyKeys
        var hints: [String: String] = [:]
        if isSpawn {
            allowed.removeAll { ["position", "id", "animation"].contains($0) }
            hints = ["position": "is not allowed in spawn: a spawned body goes where the user clicks",
                     "id": "is not allowed in spawn: every spawned body would share it",
                     "animation": "is not allowed in spawn"]
        }
        checkKeys(members, allowed, path, hints: hints)

        var id: String?
        if let n = member(members, "id"), let s = string(n, j(path, "id")) {
            if s.isEmpty || s.count > Limits.idLength {
                fail(j(path, "id"), "must be 1 to \(Limits.idLength) characters long")
            } else if s == "world" {
                fail(j(path, "id"), "\"world\" is reserved for the static body joints can attach to")
            } else {
                id = s
            }
        }

        var type = Body.Kind.dynamic
        if let n = member(members, "type"), let s = string(n, j(path, "type")) {
            if let k = Body.Kind(rawValue: s) {
                type = k
            } else {
                let guess = closest(to: s, in: ["dynamic", "kinematic", "static"]).map { " (did you mean \"\($0)\"?)" } ?? ""
                fail(j(path, "type"), "must be \"dynamic\", \"kinematic\" or \"static\", got \"\(s)\"\(guess)")
            }
        }
        if isSpawn && type != .dynamic { fail(j(path, "type"), "a spawned body must be dynamic") }

        var position = Vector.zero
        if let n = member(members, "position") {
            if let p = point(n, j(path, "position")) { position = p }
        } else if !isSpawn {
            fail(path, "missing required key \"position\"")
        }

        let coord = Range.within(-Limits.coordinate, Limits.coordinate)
        let angle = member(members, "angle").flatMap { number($0, j(path, "angle"), coord) } ?? 0
        let velocity = member(members, "velocity").flatMap { pair($0, j(path, "velocity"), coord) } ?? .zero
        let angularVelocity = member(members, "angularVelocity").flatMap { number($0, j(path, "angularVelocity"), coord) } ?? 0
        if type == .static && (velocity != .zero || angularVelocity != 0) {
            fail(path, "a static body cannot move; give it type \"kinematic\" to set a velocity")
        }

        var mass: MassSpec?
        let massNode = member(members, "mass"), densityNode = member(members, "density")
        if type == .dynamic {
            switch (massNode, densityNode) {
            case (let m?, nil): mass = number(m, j(path, "mass"), .size(Limits.minimumMass, Limits.mass)).map(MassSpec.mass)
            case (nil, let d?): mass = number(d, j(path, "density"), .positive(Limits.mass)).map(MassSpec.density)
            case (nil, nil): fail(path, "a dynamic body needs \"mass\" or \"density\"")
            case (.some, .some): fail(path, "give either \"mass\" or \"density\", not both")
            }
        } else if massNode != nil || densityNode != nil {
            fail(path, "\"\(massNode != nil ? "mass" : "density")\" is for dynamic bodies only; a \(type.rawValue) body has infinite mass")
        }

        var shapes: [ShapeSpec] = []
        switch (member(members, "shapes"), member(members, "box")) {
        case (let s?, nil):
            if let items = array(s, j(path, "shapes"), max: Limits.shapesPerBody) {
                if items.isEmpty { fail(j(path, "shapes"), "must have at least one shape") }
                for (i, item) in items.enumerated() {
                    if let shape = shape(item, "\(j(path, "shapes"))[\(i)]") { shapes.append(shape) }
                }
            }
        case (nil, let b?):
            if let size = pair(b, j(path, "box"), .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height")) {
                shapes = [ShapeSpec(geometry: .box(width: size.x, height: size.y, radius: 0))]
            }
        case (nil, nil): fail(path, "missing required key \"shapes\" (or the shorthand \"box\": [w, h])")
        case (.some, .some): fail(path, "give either \"shapes\" or the shorthand \"box\", not both")
        }

        let allBoxes = !shapes.isEmpty && shapes.allSatisfy { if case .box = $0.geometry { true } else { false } }
        var look: Look = allBoxes ? .crate : .plain
        if let n = member(members, "look"), let s = string(n, j(path, "look")) {
            if let l = SceneReader.look(s) { look = l } else {
                fail(j(path, "look"), "must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\", got \"\(s)\"")
            }
        }

        var animation: AnimationSpec?
        if let n = member(members, "animation"), !isSpawn {
            if type != .kinematic {
                fail(j(path, "animation"), "only kinematic bodies follow an animation; give the body \"type\": \"kinematic\"")
            } else if let a = self.animation(n, j(path, "animation")) {
                animation = checkMotion(a, position: position, angle: angle, shapes: shapes, j(path, "animation"))
            }
        }

        if type == .dynamic, let mass, errors.count == errorCount {
            checkMass(mass, shapes, path)
        }
        guard errors.count == errorCount else { return nil }
        return BodySpec(id: id, type: type, position: position, angle: angle, velocity: velocity,
                        angularVelocity: angularVelocity, mass: mass, shapes: shapes, look: look, animation: animation)
    }

    /// Chipmunk aborts when it steps a dynamic body whose mass or moment is not
    /// positive, and the mass split divides by the total area.
    mutating func checkMass(_ mass: MassSpec, _ shapes: [ShapeSpec], _ path: String) {
        let totalArea = shapes.reduce(0) { $0 + $1.geometry.area }
        switch mass {
        case .mass where shapes.count > 1 && !(totalArea > 0):
            fail(path, "the shapes have no area to share the mass by; give the segments a radius")
        case .density(let d) where !(totalArea > 0) || !(d * totalArea).isFinite:
            fail(path, "the shapes have no area, so density gives no mass; use \"mass\" or give the segments a radius")
        case .density(let d) where d * totalArea < Limits.minimumMass || d * totalArea > Limits.mass:
            fail(path, "density \(SceneReader.show(d)) gives a mass of \(SceneReader.show(d * totalArea)); it must be between \(SceneReader.show(Limits.minimumMass)) and \(SceneReader.show(Limits.mass))")
        default: break
        }
    }

    static func look(_ s: String) -> Look? {
        switch s {
        case "crate": return .crate
        case "ball": return .ball
        case "plain": return .plain
        default:
            let hex = s.dropFirst()
            guard s.first == "#", hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
            return .color(v)
        }
    }

    // MARK: Shapes

    static let geometryKeys = ["box", "circle", "polygon", "segment"]
    static let materialKeys = ["friction", "elasticity", "sensor"]

    mutating func shape(_ node: JSONNode, _ path: String) -> ShapeSpec? {
        guard let members = object(node, path, "a shape object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        let geometries = members.filter { SceneReader.geometryKeys.contains($0.key) }
        guard geometries.count == 1, let (kind, g) = geometries.first.map({ ($0.key, $0.node) }) else {
            checkKeys(members, SceneReader.geometryKeys + ["radius", "offset"] + SceneReader.materialKeys, path)
            if geometries.isEmpty {
                fail(path, "a shape needs one of \"box\", \"circle\", \"polygon\" or \"segment\"")
            } else {
                fail(path, "a shape has exactly one geometry, got \(geometries.map { "\"\($0.key)\"" }.joined(separator: " and "))")
            }
            return nil
        }
        let extra = kind == "circle" ? ["offset"] : ["radius"]
        let notHere = kind == "circle" ? "radius" : "offset"
        checkKeys(members, [kind] + extra + SceneReader.materialKeys, path,
                  hints: [notHere: "does not apply to a \(kind) shape"])

        let gpath = j(path, kind)
        let radius = member(members, "radius").flatMap { number($0, j(path, "radius"), .nonNegative(Limits.coordinate)) }
        var geometry: Shape.Geometry?
        switch kind {
        case "box":
            if let size = pair(g, gpath, .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height")) {
                geometry = .box(width: size.x, height: size.y, radius: radius ?? 0)
            }
        case "circle":
            let offset = member(members, "offset").flatMap { point($0, j(path, "offset")) } ?? .zero
            if let r = number(g, gpath, .size(Limits.minimumLength, Limits.coordinate), label: "radius") {
                geometry = .circle(radius: r, offset: offset)
            }
        case "polygon":
            if let vertices = polygon(g, gpath) { geometry = .polygon(vertices: vertices, radius: radius ?? 0) }
        default:  // segment
            if case .array(let items) = g.value, items.count == 2 {
                let a = point(items[0], "\(gpath)[0]"), b = point(items[1], "\(gpath)[1]")
                if let a, let b {
                    if a == b {
                        fail(gpath, "the two ends are the same point; a segment needs length")
                    } else if (b - a).length < Limits.minimumLength {
                        fail(gpath, "the segment is \(SceneReader.show((b - a).length)) long; it must be at least \(SceneReader.show(Limits.minimumLength))")
                    } else {
                        geometry = .segment(a: a, b: b, radius: radius ?? 1)
                    }
                }
            } else if case .array(let items) = g.value {
                fail(gpath, "must be [[x, y], [x, y]], got an array of \(items.count) item\(items.count == 1 ? "" : "s")")
            } else {
                fail(gpath, "must be [[x, y], [x, y]], got \(g.value.kindName)")
            }
        }

        var spec = ShapeSpec(geometry: .circle(radius: 1, offset: .zero))
        if let n = member(members, "friction"), let v = number(n, j(path, "friction"), .nonNegative(Limits.coordinate)) { spec.friction = v }
        if let n = member(members, "elasticity"), let v = number(n, j(path, "elasticity"), .within(0, 1)) { spec.elasticity = v }
        if let n = member(members, "sensor"), let v = bool(n, j(path, "sensor")) { spec.sensor = v }
        guard errors.count == errorCount, let geometry else { return nil }
        spec.geometry = geometry
        return spec
    }

    /// A convex polygon, counter-clockwise, with no repeated or collinear
    /// vertices and no self-intersection. Chipmunk would quietly take the convex
    /// hull of anything else, which is not what the file says.
    mutating func polygon(_ node: JSONNode, _ path: String) -> [Vector]? {
        guard case .array(let items) = node.value else {
            fail(path, "must be an array of [x, y] points, got \(node.value.kindName)")
            return nil
        }
        guard Limits.polygonVertices.contains(items.count) else {
            fail(path, "must have \(Limits.polygonVertices.lowerBound) to \(Limits.polygonVertices.upperBound) vertices, got \(items.count)")
            return nil
        }
        var vertices: [Vector] = []
        for (i, item) in items.enumerated() {
            guard let p = point(item, "\(path)[\(i)]") else { return nil }
            vertices.append(p)
        }
        let n = vertices.count
        for i in 0..<n {
            for k in (i + 1)..<n where vertices[i] == vertices[k] {
                fail(path, "vertices \(i) and \(k) are the same point")
                return nil
            }
        }
        var turning = 0.0
        var negative = 0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n]
            let e1 = b - a, e2 = c - b
            let cross = e1.x * e2.y - e1.y * e2.x
            let dot = e1.x * e2.x + e1.y * e2.y
            // Relative test: the turn at b must be a real angle, not rounding noise.
            if abs(cross) <= 1e-12 * e1.length * e2.length {
                fail(path, "vertices \(i), \((i + 1) % n) and \((i + 2) % n) are collinear; the polygon is degenerate")
                return nil
            }
            if cross < 0 { negative += 1 }
            turning += atan2(cross, dot)
        }
        if negative > 0 && negative < n {
            fail(path, "the polygon is concave; split it into convex shapes")
            return nil
        }
        // A convex polygon turns once; a star whose every turn is the same way turns more.
        if abs(turning) > 3 * Double.pi {
            fail(path, "the polygon intersects itself")
            return nil
        }
        if negative == n {
            fail(path, "the vertices go clockwise; list them counter-clockwise")
            return nil
        }
        let area = Shape.Geometry.polygon(vertices: vertices, radius: 0).area
        if area < Limits.minimumArea {
            fail(path, "the polygon's area is \(SceneReader.show(area)); it must be at least \(SceneReader.show(Limits.minimumArea))")
            return nil
        }
        return vertices
    }

    // MARK: Animation

    static let animationKeys = ["property", "values", "keyTimes", "timingFunctions", "duration", "beginTime", "timeOffset", "repeat", "autoreverses"]

    mutating func animation(_ node: JSONNode, _ path: String) -> AnimationSpec? {
        guard let members = object(node, path, "an animation object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        checkKeys(members, SceneReader.animationKeys, path)
        var property: String?
        if let n = member(members, "property"), let s = string(n, j(path, "property")) {
            if s == "position" || s == "angle" { property = s } else {
                fail(j(path, "property"), "must be \"position\" or \"angle\", got \"\(s)\"")
            }
        } else if member(members, "property") == nil {
            fail(path, "missing required key \"property\" (\"position\" or \"angle\")")
        }
        // Values: points for position, numbers for angle.
        var points: [Point2] = [], angles: [Double] = []
        var valueCount = 0
        if let n = member(members, "values"), let items = array(n, j(path, "values"), max: 1000) {
            valueCount = items.count
            if items.count < 2 { fail(j(path, "values"), "needs at least 2 values, got \(items.count)") }
            for (i, item) in items.enumerated() {
                let itemPath = "\(j(path, "values"))[\(i)]"
                if property == "position", let p = point(item, itemPath) { points.append(Point2(p.x, p.y)) }
                if property == "angle", let a = number(item, itemPath, .within(-Limits.coordinate, Limits.coordinate)) { angles.append(a) }
            }
        } else if member(members, "values") == nil {
            fail(path, "missing required key \"values\"")
        }
        var keyTimes: [Double]?
        if let n = member(members, "keyTimes"), let items = array(n, j(path, "keyTimes"), max: 1000) {
            let times = items.enumerated().compactMap { i, item in number(item, "\(j(path, "keyTimes"))[\(i)]", .within(0, 1)) }
            if times.count == items.count {
                if valueCount >= 2 && times.count != valueCount {
                    fail(j(path, "keyTimes"), "needs one key time per value (\(valueCount)), got \(times.count)")
                } else if times.first != 0 || times.last != 1 {
                    fail(j(path, "keyTimes"), "must start at 0 and end at 1")
                } else if let bad = (1..<max(times.count, 1)).first(where: { times[$0] < times[$0 - 1] }) {
                    fail("\(j(path, "keyTimes"))[\(bad)]", "key times must not decrease: \(SceneReader.show(times[bad])) comes after \(SceneReader.show(times[bad - 1]))")
                } else {
                    keyTimes = times
                }
            }
        }
        var functions: [TimingFunction]?
        if let n = member(members, "timingFunctions"), let items = array(n, j(path, "timingFunctions"), max: 1000) {
            let parsed = items.enumerated().compactMap { i, item in timingFunction(item, "\(j(path, "timingFunctions"))[\(i)]") }
            if parsed.count == items.count {
                if valueCount >= 2 && parsed.count != valueCount - 1 {
                    fail(j(path, "timingFunctions"), "needs one timing function per segment (\(valueCount - 1)), got \(parsed.count)")
                } else {
                    functions = parsed
                }
            }
        }
        var duration = 1.0
        if let n = member(members, "duration") {
            if let d = number(n, j(path, "duration"), .size(1e-3, Limits.coordinate)) { duration = d }
        } else {
            fail(path, "missing required key \"duration\" (seconds, greater than 0)")
        }
        let beginTime = member(members, "beginTime").flatMap { number($0, j(path, "beginTime"), .nonNegative(Limits.coordinate)) } ?? 0
        let timeOffset = member(members, "timeOffset").flatMap { number($0, j(path, "timeOffset"), .within(-Limits.coordinate, Limits.coordinate)) } ?? 0
        var repeatCount = RepeatCount.times(1)
        if let n = member(members, "repeat") {
            if case .string(let s) = n.value {
                if s == "forever" { repeatCount = .forever } else { fail(j(path, "repeat"), "must be a number greater than 0 or \"forever\", got \"\(s)\"") }
            } else if let count = number(n, j(path, "repeat"), .size(1e-3, 1e9)) {
                repeatCount = .times(count)
            }
        }
        let autoreverses = member(members, "autoreverses").flatMap { bool($0, j(path, "autoreverses")) } ?? false
        guard errors.count == errorCount, let property else { return nil }
        do {
            if property == "position" {
                return .position(try KeyframeTrack(values: points, keyTimes: keyTimes, timingFunctions: functions, duration: duration,
                                                   beginTime: beginTime, repeatCount: repeatCount, autoreverses: autoreverses,
                                                   timeOffset: timeOffset))
            }
            return .angle(try KeyframeTrack(values: angles, keyTimes: keyTimes, timingFunctions: functions, duration: duration,
                                            beginTime: beginTime, repeatCount: repeatCount, autoreverses: autoreverses,
                                            timeOffset: timeOffset))
        } catch {
            // Everything the track checks was checked above; this is a backstop.
            fail(path, "invalid animation: \(error)")
            return nil
        }
    }

    /// An animated body must start where its track starts, not jump back at
    /// each repeat, and not move absurdly fast: Chipmunk gets the velocity that
    /// reaches each pose in one step, so a jump is a throw.
    mutating func checkMotion(_ animation: AnimationSpec, position: Vector, angle: Double, shapes: [ShapeSpec], _ path: String) -> AnimationSpec? {
        let show = SceneReader.show
        let reach = BodySpec(id: nil, type: .kinematic, position: position, angle: angle, velocity: .zero, angularVelocity: 0,
                             mass: nil, shapes: shapes, look: .plain).reach
        switch animation {
        case .position(let track):
            // The pose at scene time 0: the first value, or with a time offset, where the track is then.
            let first = track.value(at: 0)
            if first.x != position.x || first.y != position.y {
                let start = track.timeOffset == 0 ? "the animation starts at" : "at time 0 (timeOffset \(show(track.timeOffset))) the animation is at"
                fail(path, "\(start) [\(show(first.x)), \(show(first.y))] but the body is at [\(show(position.x)), \(show(position.y))]; make them the same (the body would jump)")
                return nil
            }
            if track.jumpsOnRepeat {
                fail(path, "each repeat would jump from the last value back to the first; end where it starts, or set \"autoreverses\": true")
                return nil
            }
            let (speed, at) = SceneReader.fastest(track) { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
            if speed > Limits.animatedSpeed {
                fail(path, "moves at up to \(show(speed.rounded())) points/s (at \(show((at * 1000).rounded() / 1000)) s); the limit is \(show(Limits.animatedSpeed)): slow it down")
                return nil
            }
            return animation
        case .angle(var track):
            if track.jumpsOnRepeat {
                // Whole turns repeat seamlessly by accumulating, as a spinner should.
                let turns = (track.values[track.values.count - 1] - track.values[0]) / (2 * Double.pi)
                if abs(turns - turns.rounded()) < 1e-9 {
                    track = try! KeyframeTrack(values: track.values, keyTimes: track.keyTimes, timingFunctions: track.timingFunctions,
                                               duration: track.duration, beginTime: track.beginTime, repeatCount: track.repeatCount,
                                               autoreverses: false, cumulative: true, timeOffset: track.timeOffset)
                } else {
                    fail(path, "each repeat would jump from the last angle back to the first; end a whole number of turns (2π) from the start, or set \"autoreverses\": true")
                    return nil
                }
            }
            let first = track.value(at: 0)
            if first != angle {
                let start = track.timeOffset == 0 ? "the animation starts at angle" : "at time 0 (timeOffset \(show(track.timeOffset))) the animation is at angle"
                fail(path, "\(start) \(show(first)) but the body's angle is \(show(angle)); make them the same (the body would jump)")
                return nil
            }
            let (rate, at) = SceneReader.fastest(track) { a, b in abs(b - a) }
            if rate > Limits.animatedTurnRate || rate * reach > Limits.animatedSpeed {
                fail(path, "turns at up to \(show(rate.rounded())) rad/s (at \(show((at * 1000).rounded() / 1000)) s), moving its shapes at \(show((rate * reach).rounded())) points/s; the limits are \(show(Limits.animatedTurnRate)) rad/s and \(show(Limits.animatedSpeed)) points/s: slow it down")
                return nil
            }
            return .angle(track)
        }
    }

    /// The highest speed a track asks of a body stepping at 1/120 s, and when:
    /// sampled across one play (at most 20,000 points) and around every key time.
    static func fastest<V>(_ shifted: KeyframeTrack<V>, _ distance: (V, V) -> Double) -> (Double, Double) {
        // The track's own speeds, wherever a time offset has moved it to.
        let track = shifted.withTimeOffset(0)
        let dt = 1.0 / 120.0
        let span = track.cycleDuration * (track.cumulative ? 2 : 1)
        let h = max(dt, span / 20_000)
        var times = Array(stride(from: track.beginTime, through: track.beginTime + span, by: h))
        for key in track.keyTimes {
            let t = track.beginTime + key * track.duration
            times += [t - dt, t]
            if track.autoreverses { times += [track.beginTime + 2 * track.duration - key * track.duration - dt] }
        }
        var best = (0.0, 0.0)
        for t in times where t >= 0 {
            let v = distance(track.value(at: t), track.value(at: t + dt)) / dt
            if v > best.0 { best = (v, t + dt) }
        }
        return best
    }

    /// A name (linear, easeIn, easeOut, easeInEaseOut, default) or four
    /// control points [x1, y1, x2, y2] with x1 and x2 in [0, 1].
    mutating func timingFunction(_ node: JSONNode, _ path: String) -> TimingFunction? {
        let names = TimingFunction.named.compactMap(\.name)
        switch node.value {
        case .string(let s):
            if let f = TimingFunction.named(s) { return f }
            // CSS's names for the same curves, and the usual slip.
            let aliases = ["ease": "default", "ease-in": "easeIn", "ease-out": "easeOut", "ease-in-out": "easeInEaseOut", "easeInOut": "easeInEaseOut"]
            let guess = (aliases[s] ?? closest(to: s, in: names)).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(path, "unknown timing function \"\(s)\"\(guess); expected one of \(names.joined(separator: ", ")) or [x1, y1, x2, y2]")
            return nil
        case .array(let items) where items.count == 4:
            let x1 = number(items[0], path, .within(0, 1), label: "x1"), y1 = number(items[1], path, .within(-1000, 1000), label: "y1")
            let x2 = number(items[2], path, .within(0, 1), label: "x2"), y2 = number(items[3], path, .within(-1000, 1000), label: "y2")
            guard let x1, let y1, let x2, let y2 else { return nil }
            return TimingFunction(controlPoints: x1, y1, x2, y2)
        case .array(let items):
            fail(path, "must be a timing function name or [x1, y1, x2, y2], got an array of \(items.count)")
            return nil
        default:
            fail(path, "must be a timing function name or [x1, y1, x2, y2], got \(node.value.kindName)")
            return nil
        }
    }

    // MARK: Joints

    static let jointParameters: [(type: String, keys: [String])] = [
        ("pivot", ["anchor"]),
        ("pin", ["anchorA", "anchorB"]),
        ("slide", ["anchorA", "anchorB", "min", "max"]),
        ("spring", ["anchorA", "anchorB", "restLength", "stiffness", "damping"]),
        ("motor", ["rate"]),
    ]

    mutating func joint(_ node: JSONNode, _ path: String, bodies: [BodySpec]) -> JointSpec? {
        guard let members = object(node, path, "a joint object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        let types = SceneReader.jointParameters.map(\.type)
        guard let typeNode = member(members, "type") else {
            fail(path, "missing required key \"type\" (one of: \(types.joined(separator: ", ")))")
            return nil
        }
        guard let type = string(typeNode, j(path, "type")) else { return nil }
        guard let keys = SceneReader.jointParameters.first(where: { $0.type == type })?.keys else {
            let guess = closest(to: type, in: types).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, "type"), "unknown joint type \"\(type)\"\(guess); expected one of: \(types.joined(separator: ", "))")
            return nil
        }
        checkKeys(members, ["type", "a", "b", "maxForce", "collide"] + keys, path)
        var values: [String: JSONNode] = [:]  // lookups only
        for key in keys {
            if let n = member(members, key) { values[key] = n } else { fail(path, "a \(type) joint needs \"\(key)\"") }
        }

        func ref(_ key: String) -> BodyRef? {
            guard let n = member(members, key) else {
                fail(path, "missing required key \"\(key)\" (a body id or \"world\")")
                return nil
            }
            guard let id = string(n, j(path, key)) else { return nil }
            if id == "world" { return .world }
            if let index = bodies.firstIndex(where: { $0.id == id }) { return .body(index) }
            let guess = closest(to: id, in: bodies.compactMap(\.id) + ["world"]).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(j(path, key), "no body has the id \"\(id)\"\(guess)")
            return nil
        }
        let a = ref("a"), b = ref("b")
        if let a, let b {
            if a == b {
                fail(path, "\"a\" and \"b\" are the same body; a joint needs two")
            } else if !SceneReader.isDynamic(a, bodies) && !SceneReader.isDynamic(b, bodies) {
                fail(path, "neither body is dynamic; a joint needs at least one dynamic body to act on")
            }
        }

        let coord = Range.within(-Limits.coordinate, Limits.coordinate)
        func pointValue(_ key: String) -> Vector? { values[key].flatMap { point($0, j(path, key)) } }
        func numberValue(_ key: String, _ range: Range) -> Double? { values[key].flatMap { number($0, j(path, key), range) } }

        var kind: Joint.Kind?
        switch type {
        case "pivot":
            if let anchor = pointValue("anchor") { kind = .pivot(anchor: anchor) }
        case "pin":
            if let pa = pointValue("anchorA"), let pb = pointValue("anchorB") { kind = .pin(anchorA: pa, anchorB: pb) }
        case "slide":
            let pa = pointValue("anchorA"), pb = pointValue("anchorB")
            let lo = numberValue("min", .nonNegative(Limits.coordinate)), hi = numberValue("max", .nonNegative(Limits.coordinate))
            if let lo, let hi, hi < lo { fail(j(path, "max"), "must be at least min (\(SceneReader.show(lo))), got \(SceneReader.show(hi))") }
            if let pa, let pb, let lo, let hi, hi >= lo { kind = .slide(anchorA: pa, anchorB: pb, min: lo, max: hi) }
        case "spring":
            let pa = pointValue("anchorA"), pb = pointValue("anchorB")
            let rest = numberValue("restLength", .nonNegative(Limits.coordinate))
            let k = numberValue("stiffness", .nonNegative(Limits.mass)), d = numberValue("damping", .nonNegative(Limits.mass))
            if let pa, let pb, let rest, let k, let d {
                kind = .dampedSpring(anchorA: pa, anchorB: pb, restLength: rest, stiffness: k, damping: d)
            }
        default:  // motor
            if let rate = numberValue("rate", coord) { kind = .simpleMotor(rate: rate) }
        }

        let maxForce = member(members, "maxForce").flatMap { number($0, j(path, "maxForce"), .nonNegative(1e300)) } ?? .infinity
        let collide = member(members, "collide").flatMap { bool($0, j(path, "collide")) } ?? false
        guard errors.count == errorCount, let kind, let a, let b else { return nil }
        return JointSpec(kind: kind, a: a, b: b, maxForce: maxForce, collide: collide)
    }

    static func isDynamic(_ ref: BodyRef, _ bodies: [BodySpec]) -> Bool {
        if case .body(let i) = ref { return bodies[i].type == .dynamic }
        return false
    }
}
