import Bytes
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// What each body's kind, mass and moment and each joint's anchors and shape
/// must be: a session never changes them, so they are what building its scene
/// entry gives (or the spawn body's, or a knife piece's own), to the bit. A
/// mass far from the scene's makes the solver blow up a few steps later, a
/// denormal moment at once, an anchor far out a pivot's mass matrix.
struct SceneReference {
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

extension RestoredWorld {
    /// What Chipmunk would blow up or abort on, whatever made it: springs too stiff for their
    /// bodies (16.11.1) and a joint with no dynamic end (or, turning, none that turns).
    func checkSpringsAndJoints() throws {
        // Springs a stranger's state makes too stiff would blow up (16.11.1); a script keeps each
        // load at most 1, and a scene's masses may leave one a rounding over: 2 is still stable.
        if let i = bodies.firstIndex(where: { $0.map { !($0.body.springLoad <= 2) } ?? false }) {
            throw ByteReader.Malformed("the springs on body \(i) are too stiff for their bodies at 1/120 s steps (section 8)")
        }
        // Kinds a script changed may not leave a joint Chipmunk cannot solve (Body.setKind's rule).
        for (i, joint) in space.joints.enumerated() where !Self.solvable(joint) {
            throw ByteReader.Malformed("joint \(i) of the space has no dynamic end (or, turning, no end that turns)")
        }
    }

    /// Whether Chipmunk can solve `joint`: an end is dynamic, and a turning joint's
    /// (gear, motor, rotary limit, ratchet, rotary spring) dynamic end turns (a finite moment).
    static func solvable(_ joint: Joint) -> Bool {
        [joint.a, joint.b].contains { $0.kind == .dynamic && (!joint.kind.turnsBodies || $0.moment < .infinity) }
    }
}
