import Bytes
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// What a world is made of when read back, before it exists.
struct RestoredWorld {
    let space: Space
    var stepCount = 0, stepsSinceBuild = 0
    var tilt: Vector?
    var held: [ControlTrigger] = []
    var brokenJoints: [(joint: Int, step: Int)] = []
    var bodies: [WorldBody?] = []
    var joints: [Joint] = []
    var grab: Grab?
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
            guard World.takesKey(trigger, scene: scene) else {  // as a key event is checked (World.press)
                throw ByteReader.Malformed("a held key \(trigger) is not bound in the scene")
            }
            guard !held.contains(trigger) else { throw ByteReader.Malformed("the key \(trigger) is held twice") }
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
        // A script may have set a dynamic body's mass and moment (16.5), within a scene's ranges,
        // and the kind of a body that follows no animation and that no control drives (body:setType).
        let setByScript = scene.script != nil && b.kind == .dynamic && (Limits.minimumMass...Limits.mass).contains(b.mass)
            && (Limits.minimumMass...Limits.moment).contains(b.moment)
        let kindByScript = scene.script != nil && spec.animation == nil && !scene.drives(body: index)
            && (b.kind == .dynamic ? shapes.count <= Body.maxDynamicShapes : World.integrating(spec) == nil)
        guard b.kind == expected.kind || kindByScript,
              (b.mass == expected.mass && b.moment == expected.moment) || setByScript || b.kind != .dynamic,
              b.centerOfGravity == expected.cog else {
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
        // Read by world:addJoint's rules against the bodies as they are in this state (WorldBody.now:
        // setType keeps each joint solvable), its section 8 checks left to the loads (16.11.1).
        scriptJoints = try script?.jointSpecs(file: file, bodySpec: { self.bodies.indices.contains($0) ? self.bodies[$0]?.now : nil }) ?? []
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
        try checkSpringsAndJoints()
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
            guard onHand == .zero, lever <= Grab.maxLever else { throw ByteReader.Malformed("the grab holds body \(g.index) farther off than a grab can") }
            grab = Grab(index: g.index, hand: hand, joint: joint, target: g.target)
        }
        try claims.checkTheRestAreWalls(space: space, walls: World.wallGeometries(scene) + World.wallBackings(scene).map {
            // cpBoxShapeNew2's corners, in its order: (r, b), (r, t), (l, t), (l, b).
            .polygon(vertices: [Vector($0.right, $0.bottom), Vector($0.right, $0.top), Vector($0.left, $0.top), Vector($0.left, $0.bottom)], radius: 0)
        })
    }

    func apply(to world: World) {
        world.replaceBodies(bodies)
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

extension RestoredWorld {
    /// A joint the script made, from its record: in the space, joining the
    /// bodies its spec names with a joint of its kind; kept out of it; or nowhere.
    mutating func resolveScriptJoint(_ spec: JointSpec, _ record: (kind: UInt8, index: Int), claims: inout Claims, detached: [Joint]) throws {
        func body(_ ref: BodyRef) throws -> Body {
            switch ref {
            case .world: return space.staticBody
            case .body(let i):
                guard bodies.indices.contains(i), let entry = bodies[i] else { throw ByteReader.Malformed("a script's joint joins body \(i), which is not in the world") }
                return entry.body
            }
        }
        let joint: Joint
        switch record.kind {
        case 0:
            guard space.joints.indices.contains(record.index) else { throw ByteReader.Malformed("joint \(record.index) is not in the space") }
            try claims.take(joint: record.index)
            joint = space.joints[record.index]
        case 1:
            guard detached.indices.contains(record.index) else { throw ByteReader.Malformed("a broken joint is missing") }
            try claims.take(detached: record.index)
            joint = detached[record.index]
        default:
            joints.append(Joint(spec.kind.recorded, a: Body(kind: .dynamic), b: Body(kind: .dynamic)))
            return
        }
        guard joint.a === (try body(spec.a)), joint.b === (try body(spec.b)), joint.kind == spec.kind.recorded else {
            throw ByteReader.Malformed("a script's joint is not the one its spec makes")
        }
        joints.append(joint)
    }
}
