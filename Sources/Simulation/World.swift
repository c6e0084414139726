#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import CrateboxGeometry
import CrateboxPhysics
import Scripting
import SceneFormat

/// A running scene: builds a Space from a Scene in the normative construction
/// order (docs/scene-format.md), applies events between steps, steps at
/// exactly 1/120 s and computes the state hash.
public final class World {
    /// Every step is exactly this long; time enters the simulation only as a step count.
    public static let stepDuration = 1.0 / 120.0
    /// The most bodies the world may hold at once (spawning stops there;
    /// removed bodies do not count).
    public static let maxBodies = 20_000
    /// The highest construction index a journal may name: indices are never
    /// reused, so a long session of spawning and removing counts up past
    /// `maxBodies`. (A journal of 1 GiB holds fewer spawn lines than this.)
    public static let maxBodyIndex = 100_000_000
    /// The most steps a session may have taken: about 9.6 days at 120 steps a
    /// second (a journal's and a saved state's limit).
    public static let maxSteps = 100_000_000
    /// The scene the world was built from (and is rebuilt from on reset).
    public let scene: Scene
    /// The Chipmunk space: the world's own (drawing reads it through World+Queries).
    internal(set) var space: Space
    /// The bodies by construction index (BodyTable.swift).
    var table = BodyTable()
    /// One entry per body by construction index: file order, then spawned bodies
    /// and knife pieces in the order they were made; a removed body's entry is nil.
    public var bodies: [WorldBody?] { table.entries }
    /// Counts the changes to which bodies there are (a spawn, a removal, a
    /// rebuild), so that what is derived from `bodies` can be kept until it changes.
    public var bodiesRevision: Int { table.revision }
    /// Bodies in the world now (the entries of `bodies` that are not nil).
    public var liveBodyCount: Int { table.liveCount }
    /// Writes the world's exact state (`snapshot()`), keeping the last one's size.
    var stateWriter = StateWriter()
    /// The bodies whose poses `poses` reads, as of a revision of `bodies`.
    private var posesCache: (revision: Int, reader: BodyPoses)?
    /// The joints the script made (world:addJoint), in order: `joints` past the scene's.
    var scriptJoints: [JointSpec] = []
    /// The scene's joints as built, in file order (out of the space once a body of theirs is removed), then the script's.
    internal(set) var joints: [Joint] = [] { didSet { jointIndexCache = nil } }
    /// Each joint's index in `joints`, made when first asked for after `joints` changed.
    private var jointIndexCache: [ObjectIdentifier: Int]?
    /// The walls' shapes, once asked for (they change only when the world is built).
    var wallCache: [ShapeGeometry]?
    /// Steps since the world was made (a reset does not restart the count).
    public internal(set) var stepCount = 0
    /// The last tilt applied, if any.
    public internal(set) var tilt: Vector?
    private let gravityLength: Double
    internal(set) var grab: Grab?
    /// Kinematic bodies that follow an animation, by index into `bodies`.
    var animated: [(index: Int, animation: AnimationSpec)] = []
    /// Steps since the world was last built: the animations' clock (a reset restarts them).
    public internal(set) var stepsSinceBuild = 0
    /// The scene's joints that broke (breakable joints over their force), by
    /// index into `scene.joints`, with the step they broke at (since the last build).
    public internal(set) var brokenJoints: [(joint: Int, step: Int)] = []
    /// The scene's script, running (nil: the scene has none).
    var script: ScriptHost?
    /// What the last world:reset(keep) kept for this build's script, as plain-data bytes (its global `kept`; nil: none).
    var kept: [UInt8]?
    /// The scene's keys and buttons that are down (`controls`), in the order
    /// they went down; a reset keeps them (section 14.3 of the scene format).
    public internal(set) var held: [ControlTrigger] = []
    /// Where the pointer is for the script (a scripted scene's `pointer` and
    /// `click` events; a reset keeps it), and whether a click waits for the coming step.
    public internal(set) var pointer = Vector(0, 0)
    var clickPending = false
    /// The key and mouse events of a scene with a script, in the order they
    /// were applied, waiting for its input functions before the coming step (16.13).
    var inputs: [ScriptInput] = []
    /// The bodies the scene's servos move, in the order of their first servo binding.
    let servoBodies: [Int]
    /// What the steps sounded like, while the world is listening (World+Hearing.swift).
    var hearing: Hearing?
    /// What the script printed, while someone reads it (World+Printing.swift).
    var printLog: PrintLog? = PrintLog()

    /// Builds the scene in the normative order of `cratebox/scene@1`. Throws only for a scene the validator would refuse.
    public convenience init(scene: Scene) throws(SimulationError) {
        try self.init(scene: scene, resetAtStep: 0)
    }

    deinit {
        // The space may go first: its teardown must find no script to call. A script
        // a world read back took from this one has moved on to its own space: left alone.
        script?.vm.leave(space.chipmunkSpace)
    }

    /// A world read back from its exact state (World+Snapshot.swift): nothing is built.
    init(scene: Scene, restored: RestoredWorld) {
        self.scene = scene
        gravityLength = scene.gravity.length
        servoBodies = World.servoBodies(of: scene)
        space = restored.space
        restored.apply(to: self)
    }

    /// The world exactly as a reset at step `step` leaves it: a reset rebuilds
    /// everything but the step count, so this is an exact starting point.
    public convenience init(scene: Scene, resetAtStep step: Int) throws(SimulationError) {
        try self.init(scene: scene, resetAtStep: step, kept: nil)
    }

    /// As a reset at `step` leaves it, its script given `kept` (world:reset(keep), 16.9).
    init(scene: Scene, resetAtStep step: Int, kept: [UInt8]?) throws(SimulationError) {
        self.scene = scene
        self.kept = kept
        gravityLength = scene.gravity.length
        servoBodies = World.servoBodies(of: scene)
        space = Space()
        stepCount = step  // before the build: the script's top level sees the reset's step
        try build()
    }

    // MARK: Events

    /// Applies an input. Call between steps only (the world is never inside one here).
    public func apply(_ event: Event) throws(WorldError) {
        if let input = event.sandboxInput, !scene.sandbox[input] {
            throw WorldError("the scene turns the sandbox's \(input.rawValue) off (its \"sandbox\", scene-format.md 16.14)")
        }
        switch event {
        case .tilt(let x, let y):
            guard x.isFinite, y.isFinite, abs(x) <= 100, abs(y) <= 100 else {
                throw WorldError("tilt must be two finite readings in g of at most 100, got \(x), \(y)")
            }
            tilt = Vector(x, y)
            space.gravity = Vector(gravityLength * x, gravityLength * y)
        case .spawn(let x, let y):
            let point = try checkedPoint(x, y, "spawn position")
            guard liveBodyCount < World.maxBodies else {
                throw WorldError("the world already has \(liveBodyCount) bodies; the limit is \(World.maxBodies)")
            }
            guard bodies.count <= World.maxBodyIndex else {
                throw WorldError("this session has made \(bodies.count) bodies; construction indices end at \(World.maxBodyIndex)")
            }
            if let crowd = crowding(scene.spawn, at: point) { throw WorldError("cannot spawn: \(crowd)") }
            do {
                try addBody(scene.spawn, at: point)
            } catch {
                throw WorldError("cannot spawn: \(error)")
            }
        case .grab(let index, let x, let y):
            try grab(index, at: try checkedPoint(x, y, "grab point"))
        case .drag(let x, let y):
            let point = try checkedPoint(x, y, "drag point")
            grab?.target = point
        case .release:
            releaseGrab()
        case .remove(let index):
            try removeBody(index)
        case .reset:
            kept = nil  // a reset event starts afresh: only world:reset(keep) keeps
            do {
                try build()
            } catch {
                throw WorldError("cannot rebuild the scene: \(error)")
            }
            reapplyHeldMotors()
        case .key(let trigger, let down):
            try press(trigger, down: down)
        case .slice(let a, let b):
            try slice(from: try checkedPoint(a.x, a.y, "slice start"), to: try checkedPoint(b.x, b.y, "slice end"))
        case .explode(let x, let y, let radius, let impulse):
            try explode(at: try checkedPoint(x, y, "explosion point"), radius: radius, impulse: impulse)
        case .pointer(let x, let y):
            try point(at: try checkedPoint(x, y, "pointer"), click: false)
        case .click(let x, let y, let button, let down):
            let at = try checkedPoint(x, y, "click")
            try point(at: at, click: button == .right && down)
            inputs.append(.mouse(at, button: button, down: down))
        }
    }

    /// The `remove` event: lets go of it if held, takes its joints, shapes and body out of the space.
    func removeBody(_ index: Int) throws(WorldError) {
        let entry = try liveBody(index)
        if grab?.index == index { releaseGrab() }
        do {
            try space.remove(entry.body)
        } catch {
            throw WorldError("cannot remove body \(index): \(error)")
        }
        table.clear(at: index)
    }

    /// Takes hold of a dynamic body at a point on it (see docs/replay-format.md).
    private func grab(_ index: Int, at point: Vector) throws(WorldError) {
        let body = try liveBody(index).body
        let anchor = try Grab.anchor(on: body, index, at: point)
        releaseGrab()  // before the new hand is added: the space's order is the state's
        grab = try Grab(index, body: body, anchor: anchor, at: point, gravity: gravityLength, in: space)
    }

    func checkedPoint(_ x: Double, _ y: Double, _ what: String) throws(WorldError) -> Vector {
        guard x.isFinite, y.isFinite, abs(x) <= Limits.coordinate, abs(y) <= Limits.coordinate else {
            throw WorldError("\(what) must be finite and within ±\(Int(Limits.coordinate)), got \(x), \(y)")
        }
        return Vector(x, y)
    }

    func liveBody(_ index: Int) throws(WorldError) -> WorldBody {
        guard bodies.indices.contains(index) else {
            throw WorldError("there is no body \(index) (the world has \(bodies.count), removed ones included)")
        }
        guard let entry = bodies[index] else { throw WorldError("body \(index) was removed") }
        return entry
    }

    func releaseGrab() {
        grab?.release(from: space)
        grab = nil
    }

    /// The index of the body being held, if any.
    public var grabbedBody: Int? { grab?.index }
    /// Where the hand holding it is going.
    public var grabTarget: Vector? { grab?.target }

    // MARK: Stepping

    /// Advances exactly one step of 1/120 s.
    public func step() throws(SimulationError) {
        grab?.moveHand(rules: scene.rules, stepDuration: World.stepDuration)
        animate()
        driveControls()
        pushBodies()
        try script?.step()
        do { try space.step(World.stepDuration) } catch { throw .physics(error) }
        try script?.finishStep()
        clickPending = false
        collectPrinted()  // as printed in this step, before its count goes up
        stepCount += 1
        stepsSinceBuild += 1
        let broken = space.takeBrokenJoints()
        for joint in broken {
            // A broken joint is part of the step: gone for good, until a reset.
            if let index = index(of: joint) { brokenJoints.append((index, stepCount)) }
        }
        hearStep(broken: broken)
        try resetIfTheScriptAsked()
    }

    /// The normative rule: before each step, each animated body gets the
    /// velocity that brings it to its animated pose at the end of the step.
    private func animate() {
        guard !animated.isEmpty else { return }
        let endOfStep = Double(stepsSinceBuild + 1) * World.stepDuration
        for (index, animation) in animated {
            guard let body = bodies[index]?.body else { continue }
            switch animation {
            case .position(let track):
                let target = track.value(at: endOfStep), p = body.position
                body.velocity = Vector((target.x - p.x) / World.stepDuration, (target.y - p.y) / World.stepDuration)
            case .angle(let track):
                body.angularVelocity = (track.value(at: endOfStep) - body.angle) / World.stepDuration
            }
        }
    }

    /// Runs `count` steps of exactly 1/120 s.
    public func step(_ count: Int) throws(SimulationError) {
        for _ in 0..<count { try step() }
    }

    // MARK: Reading

    /// The normative state hash of the world as it is now.
    public var stateHash: UInt64 {
        var hash = StateHash()
        for case let entry? in bodies where entry.body.kind == .dynamic {
            let body = entry.body, p = body.position, v = body.velocity
            hash.add(p.x)
            hash.add(p.y)
            hash.add(body.angle)
            hash.add(v.x)
            hash.add(v.y)
            hash.add(body.angularVelocity)
        }
        return hash.value
    }

    /// The world as it is now, as a scene (SavedScene.swift).
    public func currentScene() -> Scene { SavedScene.of(self) }

    /// The dynamic bodies still in the world, in construction order (the ones the hash covers).
    public var dynamicWorldBodies: [WorldBody] { bodies.compactMap { $0?.body.kind == .dynamic ? $0 : nil } }

    /// Each body's pose now, by construction index (a removed body's: the origin).
    public var poses: [Pose] {
        if posesCache?.revision != bodiesRevision {
            posesCache = (bodiesRevision, BodyPoses(bodies.map { $0?.body }))
        }
        return posesCache!.reader.read()
    }

    /// The index of the body under a world point (within `tolerance`), if any.
    public func body(at point: Vector, tolerance: Double = 0) -> Int? {
        hit(at: point, tolerance: tolerance)?.index
    }

    /// The body under a world point (within `tolerance`), and the point on it:
    /// the point itself when it is inside a shape, else the nearest on one.
    public func hit(at point: Vector, tolerance: Double = 0) -> (index: Int, point: Vector)? {
        guard point.isFinite, let hit = space.nearestShape(to: point, within: max(0, tolerance)),
              let index = index(of: hit.shape.body) else { return nil }
        return (index, hit.distance <= 0 ? point : hit.point)
    }
}

// Lookups by identity, without scanning (a world of 20,000 bodies and joints).
extension World {
    /// The construction index of a live body of the world.
    func index(of body: Body) -> Int? {
        table.index(of: body)
    }

    /// A new body's entry, at the next construction index.
    func appendBody(_ entry: WorldBody?) {
        table.append(entry)
    }

    /// Every entry at once: a state's, read back.
    func replaceBodies(_ entries: [WorldBody?]) {
        table.replace(with: entries)
    }

    /// The body at `index` was made by the scene's script (it is saved with it).
    func markMadeByScript(_ index: Int) {
        table.markMadeByScript(index)
    }

    /// Joint `index`'s spec: the scene's, or the script's past them.
    func jointSpec(_ index: Int) -> JointSpec {
        index < scene.joints.count ? scene.joints[index] : scriptJoints[index - scene.joints.count]
    }

    /// A joint's index among the scene's joints.
    func index(of joint: Joint) -> Int? {
        if jointIndexCache == nil {
            var index: [ObjectIdentifier: Int] = [:]
            for (i, j) in joints.enumerated() { index[ObjectIdentifier(j)] = i }
            jointIndexCache = index
        }
        return jointIndexCache![ObjectIdentifier(joint)]
    }
}
