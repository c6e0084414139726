import Bytes
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// The exact state of a world: Chipmunk's space as bytes (Physics'
/// `Space.snapshot`) with what the world keeps beside it (which body each
/// construction index is, the grab, the tilt, the clocks, held keys, broken
/// joints). A world read back steps bit-identically to the one written, forever.
/// Written between steps only; the scene is not in the bytes (the caller has it).
extension World {
    /// Nil when exact states can be written with this build of Chipmunk; else why not, in a line.
    public static var snapshotUnavailable: String? { Space.snapshotUnavailable }

    /// The world's exact state as bytes.
    public func snapshot() throws(WorldError) -> [UInt8] {
        let scriptPart = try scriptPart()
        func alive(_ body: Body) -> Bool { body === space.staticBody || space.contains(body) }

        var w = ByteWriter()
        w.reserveCapacity(lastSnapshotSize)
        w.string(scriptPart == nil ? "cratebox world 2" : ScriptPart.version)
        w.i64(scene.bodies.count)
        w.i64(scene.joints.count)
        w.i64(stepCount)
        w.i64(stepsSinceBuild)
        w.bool(tilt != nil)
        w.f64(tilt?.x ?? 0)
        w.f64(tilt?.y ?? 0)
        w.i64(held.count)
        for trigger in held {
            if case .button = trigger { w.u8(1) } else { w.u8(0) }
            w.string(trigger.name)
        }
        w.i64(brokenJoints.count)
        for broken in brokenJoints {
            w.i64(broken.joint)
            w.i64(broken.step)
        }
        try writeBodies(to: &w)
        let detached = writeJoints(to: &w, alive: alive)
        w.bool(grab != nil)
        if let grab {
            guard let hand = space.index(of: grab.hand), let joint = space.index(of: grab.joint) else {
                throw WorldError("the grab's hand is not in the space")
            }
            w.i64(grab.index)
            w.i64(hand)
            w.i64(joint)
            w.f64(grab.target.x)
            w.f64(grab.target.y)
        }
        scriptPart?.write(to: &w)
        do {
            try w.block { (w: inout ByteWriter) throws(PhysicsError) in try space.write(keeping: detached, to: &w) }
        } catch {
            throw WorldError("\(error)")
        }
        lastSnapshotSize = w.count
        return w.bytes
    }

    private func writeBodies(to w: inout ByteWriter) throws(WorldError) {
        w.i64(bodies.count)
        for (index, entry) in bodies.enumerated() {
            guard let entry else { w.bool(false); continue }
            guard let b = space.index(of: entry.body) else { throw WorldError("a body of the world is not in its space") }
            w.bool(true)
            w.i64(b)
            // Version 2: a piece the knife made carries its spec (a file or spawn body's is the scene's).
            let isPiece = index >= scene.bodies.count && entry.spec != scene.spawn && !entry.madeByScript
            w.bool(isPiece)
            if isPiece { WorldBody.writePiece(entry.spec, to: &w) }
            w.i64(entry.shapes.count)
            for shape in entry.shapes {
                guard let s = space.index(of: shape) else { throw WorldError("a shape of the world is not in its space") }
                w.i64(s)
            }
        }
    }

    /// The scene's joints: in the space, kept out of it (broken, their
    /// bodies still here: drawn where they broke), or gone with a body.
    /// Returns the ones kept out of the space, to be copied with it.
    private func writeJoints(to w: inout ByteWriter, alive: (Body) -> Bool) -> [Joint] {
        var detached: [Joint] = []
        w.i64(joints.count)
        for joint in joints {
            if let j = space.index(of: joint) {
                w.u8(0)
                w.i64(j)
            } else if alive(joint.a) && alive(joint.b) {
                w.u8(1)
                w.i64(detached.count)
                detached.append(joint)
            } else {
                w.u8(2)
            }
        }
        return detached
    }

    /// A world read back from `snapshot()`'s bytes, for the scene it was written from.
    public convenience init(scene: Scene, snapshot bytes: [UInt8]) throws(WorldError) {
        let restored: RestoredWorld
        do {
            restored = try RestoredWorld(scene: scene, bytes: bytes)
        } catch let error as ByteReader.Malformed {
            throw WorldError("not the exact state of this scene: \(error)")
        } catch let error as PhysicsError {
            throw WorldError("\(error)")
        } catch {
            throw WorldError("\(error)")
        }
        self.init(scene: scene, restored: restored)
        try restoreScript(restored.script)
    }
}

/// What a world is made of when read back, before it exists.
struct RestoredWorld {
    let space: Space
    var stepCount = 0, stepsSinceBuild = 0
    var tilt: Vector?
    var held: [ControlTrigger] = []
    var brokenJoints: [(joint: Int, step: Int)] = []
    var bodies: [WorldBody?] = []
    var joints: [Joint] = []
    var grab: World.Grab?
    var script: ScriptPart?
    /// The specs of the bodies and joints the script made (from its part).
    var scriptBodies: [Int: BodySpec] = [:]
    var scriptJoints: [JointSpec] = []

    init(scene: Scene, bytes: [UInt8]) throws {
        var r = ByteReader(bytes)
        let version = try r.string()
        let scripted = ScriptPart.versions.contains(version)
        guard version == "cratebox world 1" || version == "cratebox world 2" || scripted else {
            throw ByteReader.Malformed("the bytes are not a cratebox world (version 1 to 5)")
        }
        guard try r.i64() == scene.bodies.count, try r.i64() == scene.joints.count else {
            throw ByteReader.Malformed("the state was written for another scene (its bodies or joints differ)")
        }
        stepCount = try r.i64()
        stepsSinceBuild = try r.i64()
        guard stepCount >= 0, stepsSinceBuild >= 0, stepsSinceBuild <= stepCount, stepCount <= World.maxSteps else {
            throw ByteReader.Malformed("the step counts are impossible (at most \(World.maxSteps))")
        }
        let tilted = try r.bool(), tx = try r.f64(), ty = try r.f64()
        // As a tilt event is checked (World.apply).
        guard !tilted || (tx.isFinite && ty.isFinite && abs(tx) <= 100 && abs(ty) <= 100) else { throw ByteReader.Malformed("the tilt is not a reading a tilt event could give") }
        tilt = tilted ? Vector(tx, ty) : nil
        for _ in 0..<(try r.count(each: 5)) {
            let button = try r.bool(), name = try r.string()
            let trigger: ControlTrigger = button ? .button(name) : .key(name)
            guard scene.controls.contains(where: { $0.trigger == trigger }), !held.contains(trigger) else {
                throw ByteReader.Malformed("a held key \(trigger) is not bound in the scene")
            }
            held.append(trigger)
        }
        for _ in 0..<(try r.count(each: 16)) {
            let joint = try r.index(below: scene.joints.count, "a broken joint"), step = try r.i64()
            guard step >= 1, step <= stepCount else { throw ByteReader.Malformed("joint \(joint) broke at step \(step), not one of this session's") }
            brokenJoints.append((joint, step))
        }
        // Everything else refers to the space, which comes last.
        let bodyRecords = try Self.readBodyRecords(from: &r, version: version)
        var jointRecords: [(kind: UInt8, index: Int)] = []
        for _ in 0..<(try r.count(each: 1)) {
            let kind = try r.u8()
            guard kind <= 2 else { throw ByteReader.Malformed("a joint's state \(kind) is unknown") }
            jointRecords.append((kind, kind == 2 ? -1 : try r.i64()))
        }
        var grabRecord: (index: Int, hand: Int, joint: Int, target: Vector)?
        if try r.bool() {
            grabRecord = (try r.i64(), try r.i64(), try r.i64(), Vector(try r.f64(), try r.f64()))
            guard let target = grabRecord?.target, target.isFinite, abs(target.x) <= Limits.coordinate, abs(target.y) <= Limits.coordinate else {
                throw ByteReader.Malformed("the grab's target is not a point a drag could give")
            }
        }
        if scripted { script = try ScriptPart.read(from: &r, version: version) }
        guard jointRecords.count == scene.joints.count + (script?.joints.count ?? 0) else { throw ByteReader.Malformed("the state's joints are not the scene's and its script's") }
        let (space, detached) = try Space.restoring(try r.block())
        guard r.isAtEnd else { throw ByteReader.Malformed("bytes follow the world's state") }
        self.space = space
        // A script's top level adds collision handlers: its space is checked once the script has run again (restoreScript).
        if scene.script == nil {
            let made = Space()
            World.configure(made, for: scene)
            if let differ = space.settingsDiffer(from: made) { throw ByteReader.Malformed(differ) }
        }
        // The next step scales the cached impulses by its length over the last one: a world steps 1/120 s.
        guard space.lastStepDuration == 0 || space.lastStepDuration == World.stepDuration else {
            throw ByteReader.Malformed("the space's last step was not one of a world's (1/120 s)")
        }

        try resolve(scene: scene, bodyRecords: bodyRecords, jointRecords: jointRecords, grabRecord: grabRecord, detached: detached)
    }

    /// Each construction index's record: removed, or its body's and shapes'
    /// places in the space (and a knife piece's spec). A removed body's entry
    /// is a byte here but a whole (empty) entry in the world: their number is
    /// bounded, and kept as small as they are here.
    private static func readBodyRecords(from r: inout ByteReader, version: String) throws -> [BodyRecord?] {
        let entries = try r.count(each: 1)
        guard entries <= RestoredWorld.maxEntries else {
            throw ByteReader.Malformed("the state has \(entries) construction indices; a state holds at most \(RestoredWorld.maxEntries)")
        }
        var records: [BodyRecord?] = []
        for _ in 0..<entries {
            guard try r.bool() else { records.append(nil); continue }
            let body = try r.i64()
            var piece: BodySpec?
            if version != "cratebox world 1", try r.bool() { piece = try WorldBody.readPiece(from: &r) }
            var shapes: [Int] = []
            for _ in 0..<(try r.count(each: 8)) { shapes.append(try r.i64()) }
            records.append(BodyRecord(body: body, shapes: shapes, piece: piece.map { Box($0) }))
        }
        return records
    }

    /// The most construction indices a state may hold (spawns and knife
    /// pieces each take one; removed ones stay): about 23 days of a crate a second.
    static let maxEntries = 2_000_000

    /// A live body's record, small while most entries may be removed ones.
    struct BodyRecord {
        var body: Int
        var shapes: [Int]
        var piece: Box<BodySpec>?
    }

    /// A value kept out of line (a knife piece's spec is rare and large).
    final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Construction index `index`'s entry, from its record: its body and
    /// shapes taken from the space, checked against its scene entry (or the
    /// spawn body, or its knife piece's spec).
    private func worldBody(_ index: Int, _ record: BodyRecord, scene: Scene, claims: inout Claims, masses: inout SceneReference) throws -> WorldBody {
        let made = scriptBodies[index]
        var spec = made ?? (index < scene.bodies.count ? scene.bodies[index] : scene.spawn)
        let shapes = try record.shapes.map { i throws -> Shape in
            guard space.shapes.indices.contains(i) else { throw ByteReader.Malformed("shape \(i) is not in the space") }
            try claims.take(shape: i)
            return space.shapes[i]
        }
        guard space.bodies.indices.contains(record.body) else { throw ByteReader.Malformed("body \(record.body) is not in the space") }
        let b = space.bodies[record.body]
        try claims.take(body: record.body)
        let expected = try masses.of(index, piece: record.piece?.value, made: made)
        guard b.kind == expected.kind, b.mass == expected.mass, b.moment == expected.moment, b.centerOfGravity == expected.cog else {
            throw ByteReader.Malformed("body \(index)'s kind, mass, moment or centre of gravity is not the one its scene entry gives")
        }
        if let piece = record.piece?.value {
            guard index >= scene.bodies.count, shapes.count == 1, case .polygon(let vertices, _) = shapes[0].geometry else {
                throw ByteReader.Malformed("body \(index) is not a piece the knife could make")
            }
            if let problem = Scene.polygonProblem(vertices) { throw ByteReader.Malformed("body \(index) is not a piece the knife could make: \(problem)") }
            spec = piece
            spec.shapes[0].geometry = shapes[0].geometry
        }
        guard shapes.count == spec.shapes.count, shapes.allSatisfy({ $0.body === b }),
              record.piece != nil || zip(shapes, spec.shapes).allSatisfy({ $0.geometry == $1.geometry }) else {
            throw ByteReader.Malformed("body \(index)'s shapes are not its scene entry's")
        }
        var entry = WorldBody(id: spec.id, spec: spec, body: b, shapes: shapes)
        entry.madeByScript = made != nil
        return entry
    }

    private mutating func resolve(scene: Scene, bodyRecords: [BodyRecord?], jointRecords: [(kind: UInt8, index: Int)],
                                  grabRecord: (index: Int, hand: Int, joint: Int, target: Vector)?, detached: [Joint]) throws {
        let space = self.space
        func body(_ i: Int) throws -> Body {
            guard space.bodies.indices.contains(i) else { throw ByteReader.Malformed("body \(i) is not in the space") }
            return space.bodies[i]
        }
        // Each body, shape and joint of the space is one world entry's at most (or the grab's):
        // two entries holding one would remove it twice.
        var claims = Claims(space: space, detached: detached.count)
        var reference = SceneReference(scene: scene)
        let file = scene.script ?? "script"
        scriptBodies = try script?.bodySpecs(file: file) ?? [:]
        for (index, record) in bodyRecords.enumerated() {
            guard let record else { bodies.append(nil); continue }
            bodies.append(try worldBody(index, record, scene: scene, claims: &claims, masses: &reference))
        }
        scriptJoints = try script?.jointSpecs(file: file, bodySpec: { self.bodies.indices.contains($0) ? self.bodies[$0]?.spec : nil }) ?? []
        for (index, record) in jointRecords.enumerated() {
            if index >= scene.joints.count {
                try resolveScriptJoint(scriptJoints[index - scene.joints.count], record, claims: &claims, detached: detached)
                continue
            }
            switch record.kind {
            case 0:
                guard space.joints.indices.contains(record.index) else { throw ByteReader.Malformed("joint \(record.index) is not in the space") }
                try claims.take(joint: record.index)
                if let problem = try reference.jointDiffers(space.joints[record.index], index: index) { throw ByteReader.Malformed("joint \(index): \(problem)") }
                joints.append(space.joints[record.index])
            case 1:
                guard detached.indices.contains(record.index) else { throw ByteReader.Malformed("a broken joint is missing") }
                try claims.take(detached: record.index)
                if let problem = try reference.jointDiffers(detached[record.index], index: index) { throw ByteReader.Malformed("joint \(index): \(problem)") }
                joints.append(detached[record.index])
            default:
                // Gone with a body: only its being out of the space is ever read.
                joints.append(Joint(scene.joints[index].kind.recorded, a: Body(kind: .dynamic), b: Body(kind: .dynamic)))
            }
        }
        if let g = grabRecord {
            guard bodies.indices.contains(g.index), let held = bodies[g.index], space.joints.indices.contains(g.joint) else {
                throw ByteReader.Malformed("the grab holds what is not in the world")
            }
            let hand = try body(g.hand), joint = space.joints[g.joint]
            try claims.take(body: g.hand)
            try claims.take(joint: g.joint)
            // The hand is a kinematic body of its own, joined to the body held (World.grab).
            guard hand.kind == .kinematic, joint.a === hand, joint.b === held.body, case .pivotAnchors = joint.kind else {
                throw ByteReader.Malformed("the grab's hand is not a hand holding body \(g.index)")
            }
            // As World.grab makes it: held at the hand's centre, at a point within the lever a grab allows.
            let (onHand, onBody) = joint.localAnchors, cog = held.body.centerOfGravity
            let lever = ((onBody.x - cog.x) * (onBody.x - cog.x) + (onBody.y - cog.y) * (onBody.y - cog.y)) * held.body.mass / held.body.moment
            guard onHand == .zero, lever <= World.maxGrabLever else { throw ByteReader.Malformed("the grab holds body \(g.index) farther off than a grab can") }
            grab = World.Grab(index: g.index, hand: hand, joint: joint, target: g.target)
        }
        try claims.checkTheRestAreWalls(space: space, walls: World.wallGeometries(scene) + World.wallBackings(scene).map {
            // cpBoxShapeNew2's corners, in its order: (r, b), (r, t), (l, t), (l, b).
            .polygon(vertices: [Vector($0.right, $0.bottom), Vector($0.right, $0.top), Vector($0.left, $0.top), Vector($0.left, $0.bottom)], radius: 0)
        })
    }

    func apply(to world: World) {
        world.replaceBodies(bodies)
        world.bodiesRevision += 1
        world.liveBodyCount = bodies.count { $0 != nil }
        world.joints = joints
        world.scriptJoints = scriptJoints
        world.stepCount = stepCount
        world.stepsSinceBuild = stepsSinceBuild
        world.tilt = tilt
        world.held = held
        world.brokenJoints = brokenJoints
        world.grab = grab
        world.animated = []
        for (index, entry) in bodies.enumerated() {
            if let animation = entry?.spec.animation { world.animated.append((index, animation)) }
        }
    }
}

/// What each body's kind, mass and moment and each joint's anchors and shape
/// must be: a session never changes them, so they are what building its scene
/// entry gives (or the spawn body's, or a knife piece's own), to the bit. A
/// mass far from the scene's makes the solver blow up a few steps later, a
/// denormal moment at once, an anchor far out a pivot's mass matrix.
private struct SceneReference {
    let scene: Scene
    var built: World?
    var spawn: (kind: Body.Kind, mass: Double, moment: Double, cog: Vector)?

    init(scene: Scene) { self.scene = scene }

    mutating func of(_ index: Int, piece: BodySpec?, made: BodySpec? = nil) throws -> (kind: Body.Kind, mass: Double, moment: Double, cog: Vector) {
        // A piece's body has its own mass and moment, its shape none (Space.addPieces): its centre of gravity is its origin.
        if let piece, case .mass(let mass)? = piece.mass, case .value(let moment)? = piece.moment { return (.dynamic, mass, moment, .zero) }
        if built == nil { built = try World(scene: scene) }
        guard let world = built else { throw ByteReader.Malformed("the scene does not build") }
        if let made {  // a body the script made: what building its spec gives
            try world.addBody(made, at: made.position)
            guard let body = world.bodies.last??.body else { throw ByteReader.Malformed("a body the script made does not build") }
            return (body.kind, body.mass, body.moment, body.centerOfGravity)
        }
        if index < scene.bodies.count, let body = world.bodies[index]?.body { return (body.kind, body.mass, body.moment, body.centerOfGravity) }
        if spawn == nil {
            try world.addBody(scene.spawn, at: scene.origin)
            guard let body = world.bodies.last??.body else { throw ByteReader.Malformed("the spawn body does not build") }
            spawn = (body.kind, body.mass, body.moment, body.centerOfGravity)
        }
        return spawn!
    }

    /// Nil when `joint` (scene joint `index`, read back) has its scene entry's kind, anchors and shape; else what differs.
    mutating func jointDiffers(_ joint: Joint, index: Int) throws -> String? {
        if built == nil { built = try World(scene: scene) }
        guard let made = built?.joints[index] else { throw ByteReader.Malformed("the scene does not build") }
        return joint.differs(from: made, scripted: scene.script != nil)
    }
}

/// What world entries have taken of a restored space, so that none is taken twice.
struct Claims {
    var bodies: [Bool], shapes: [Bool], joints: [Bool], detached: [Bool]

    init(space: Space, detached: Int) {
        bodies = Array(repeating: false, count: space.bodies.count)
        shapes = Array(repeating: false, count: space.shapes.count)
        joints = Array(repeating: false, count: space.joints.count)
        self.detached = Array(repeating: false, count: detached)
    }

    private static func take(_ i: Int, in taken: inout [Bool], _ what: String) throws(ByteReader.Malformed) {
        guard !taken[i] else { throw ByteReader.Malformed("\(what) \(i) is held by two of the world's entries") }
        taken[i] = true
    }

    mutating func take(body i: Int) throws(ByteReader.Malformed) { try Self.take(i, in: &bodies, "body") }
    mutating func take(shape i: Int) throws(ByteReader.Malformed) { try Self.take(i, in: &shapes, "shape") }
    mutating func take(joint i: Int) throws(ByteReader.Malformed) { try Self.take(i, in: &joints, "joint") }
    mutating func take(detached i: Int) throws(ByteReader.Malformed) { try Self.take(i, in: &detached, "broken joint") }

    /// What no entry took must be the scene's walls (and their backings), in order, on the space's
    /// own static body: anything else is an object the world cannot see or
    /// remove, however much of the space it takes.
    func checkTheRestAreWalls(space: Space, walls: [ShapeGeometry]) throws(ByteReader.Malformed) {
        if let i = bodies.firstIndex(of: false) { throw ByteReader.Malformed("body \(i) of the space is not the world's") }
        if let i = joints.firstIndex(of: false) { throw ByteReader.Malformed("joint \(i) of the space is not the world's") }
        if let i = detached.firstIndex(of: false) { throw ByteReader.Malformed("broken joint \(i) is not the world's") }
        let rest = shapes.indices.filter { !shapes[$0] }
        guard rest.count == walls.count, zip(rest, walls).allSatisfy({ space.shapes[$0].body === space.staticBody && space.shapes[$0].geometry == $1 }) else {
            throw ByteReader.Malformed("the shapes no body of the world holds are not the scene's walls")
        }
    }
}
