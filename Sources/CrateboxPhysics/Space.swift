import CChipmunk
import ChipmunkCallbacks
import ChipmunkPrivate
import CrateboxGeometry

/// Owns the `cpSpace` memory. It is separate from `Space` because the space's
/// static body lives inside the `cpSpace` struct: a `Body` wrapping it keeps this
/// handle (not the `Space`) alive, so there is no reference cycle, and the C
/// memory outlives every wrapper that points into it.
final class SpaceHandle {
    let raw: OpaquePointer

    init() {
        silenceChipmunkBanner()
        raw = cpSpaceNew()
    }

    /// Takes over a space made in C (an exact copy read back).
    init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    deinit {
        // `Space.deinit` has destroyed the space (cpSpaceDestroy); what is left
        // is its memory, which held the static body until now.
        cratebox_space_release(raw)
    }
}

/// A Chipmunk space and everything added to it.
///
/// Ownership follows pymunk: the space keeps strong references to its bodies,
/// shapes and joints; they keep only a weak one back. A shape keeps its body alive
/// and a joint its two bodies, so Chipmunk never sees a dangling pointer whatever
/// order the caller drops things in. When the space goes, it destroys the C
/// space while everything in it is still alive (in time linear in its size),
/// then leaves each survivor as clean as a new object, free to join another space.
public final class Space {
    let handle: SpaceHandle
    var raw: OpaquePointer { handle.raw }
    /// The Chipmunk space, for C code that sets handlers on it before the
    /// first step or reads it between steps (a scene script's sandbox); never freed elsewhere.
    package var chipmunkSpace: OpaquePointer { raw }

    /// The space's own static body (`cpSpaceGetStaticBody`): walls go on it.
    public let staticBody: Body

    /// What the space holds (it keeps them alive), each in the order added.
    private let bodyMembers = Members<Body>(), shapeMembers = Members<Shape>(), jointMembers = Members<Joint>()

    /// The bodies in the space, in the order they were added (the space keeps them alive).
    public var bodies: [Body] { bodyMembers.elements }
    /// The shapes in the space, in the order they were added.
    public var shapes: [Shape] { shapeMembers.elements }
    /// The joints in the space, in the order they were added.
    public var joints: [Joint] { jointMembers.elements }
    /// How many joints the space holds, in constant time.
    public var jointCount: Int { jointMembers.count }

    /// A body's place in `bodies` (nil: not in the space), in constant time.
    public func index(of body: Body) -> Int? { bodyMembers.index(of: body) }
    /// A shape's place in `shapes` (nil: not in the space), in constant time.
    public func index(of shape: Shape) -> Int? { shapeMembers.index(of: shape) }
    /// A joint's place in `joints` (nil: not in the space), in constant time.
    public func index(of joint: Joint) -> Int? { jointMembers.index(of: joint) }
    /// How many shapes of dynamic or kinematic bodies have bounding boxes that
    /// meet the box (edges included), every shape counted once.
    /// The corresponding C function is `cpSpaceBBQuery`.
    public func movingShapeCount(meeting minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> Int {
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            let all = cpShapeFilterNew(cpGroup(0), cpBitmask(UInt32.max), cpBitmask(UInt32.max))
            cpSpaceBBQuery(raw, cpBBNew(minX, minY, maxX, maxY), all, { shape, data in
                guard let shape, let data, cpBodyGetType(cpShapeGetBody(shape)) != CP_BODY_TYPE_STATIC else { return }
                data.assumingMemoryBound(to: Int.self).pointee += 1
            }, counter)
        }
        return count
    }

    /// Whether the body is in the space, in constant time (no compaction after removals, as `index(of:)` may do).
    public func contains(_ body: Body) -> Bool { bodyMembers.contains(body) }
    /// Whether the joint is in the space, in constant time.
    public func contains(_ joint: Joint) -> Bool { jointMembers.contains(joint) }

    /// Set whenever mass may have changed; `step` then checks every dynamic body,
    /// because Chipmunk aborts on stepping a body with no mass.
    private var massNeedsCheck = false

    /// The corresponding C function is `cpSpaceNew`.
    public init() {
        handle = SpaceHandle()
        staticBody = Body(staticBodyOf: handle)
        staticBody.space = self
    }

    /// A space read back from its exact bytes, with the objects made for it
    /// (they are already in the C space, linked as the original's were).
    init(adopting handle: SpaceHandle, bodies: [Body], shapes: [Shape], joints: [Joint], staticBody: Body) {
        self.handle = handle
        self.staticBody = staticBody
        staticBody.space = self
        for body in bodies { bodyMembers.append(body) }
        for shape in shapes { shapeMembers.append(shape) }
        for joint in joints { jointMembers.append(joint) }
        for body in bodies { body.space = self }
        for shape in shapes { shape.space = self }
        for joint in joints { joint.space = self }
        massNeedsCheck = true
    }

    deinit {
        // Not remove-then-free: cpSpaceRemoveShape filters every cached contact
        // for each shape, so that costs shapes x contacts (two seconds for a
        // 10,000-crate stack). cpSpaceDestroy is linear; it wakes every body,
        // so it runs while this space still holds them all. Sleeping bodies
        // are woken first, one by one: cpSpaceDestroy wakes them inside its
        // own iteration, whose array each wake-up shrinks, so some sleeping
        // groups were skipped and their saved contacts leaked.
        for body in bodies where body.kind == .dynamic { cpBodyActivate(body.raw) }
        cratebox_space_callbacks_free(raw)
        cpSpaceDestroy(raw)
        for joint in joints {
            cratebox_constraint_detach(joint.raw)
            joint.space = nil
        }
        for shape in shapes {
            cratebox_shape_detach(shape.raw)
            shape.space = nil
        }
        for body in bodies {
            cratebox_body_detach(body.raw)
            body.space = nil
        }
        cratebox_body_detach(staticBody.raw)  // its memory lives on with the handle, for shapes that outlive the space
    }

    // MARK: Settings

    /// The corresponding C function is `cpSpaceSetIterations`.
    public var iterations: Int {
        get { Int(cpSpaceGetIterations(raw)) }
        set {
            precondition(newValue >= 1 && newValue <= 100_000, "iterations must be 1...100000")
            cpSpaceSetIterations(raw, Int32(newValue))
        }
    }

    /// The length of the last step (0 before the first).
    /// The corresponding C function is `cpSpaceGetCurrentTimeStep`.
    public var lastStepDuration: Double { cpSpaceGetCurrentTimeStep(raw) }

    /// The corresponding C function is `cpSpaceSetGravity`.
    public var gravity: Vector {
        get { Vector(cpSpaceGetGravity(raw)) }
        set {
            precondition(newValue.isFinite, "gravity must be finite")
            cpSpaceSetGravity(raw, newValue.cp)
        }
    }

    /// Fraction of velocity kept per second. The corresponding C function is `cpSpaceSetDamping`.
    public var damping: Double {
        get { cpSpaceGetDamping(raw) }
        set {
            precondition(newValue > 0 && newValue <= 1, "damping must be in (0, 1]")
            cpSpaceSetDamping(raw, newValue)
        }
    }

    /// Seconds idle before a body sleeps; `.infinity` (the default) disables sleeping.
    /// The corresponding C function is `cpSpaceSetSleepTimeThreshold`.
    public var sleepTimeThreshold: Double {
        get { cpSpaceGetSleepTimeThreshold(raw) }
        set {
            precondition(newValue >= 0 && !newValue.isNaN, "sleep time must be >= 0")
            cpSpaceSetSleepTimeThreshold(raw, newValue)
        }
    }

    /// Switches the broadphase to a spatial hash.
    /// The corresponding C function is `cpSpaceUseSpatialHash`.
    public func useSpatialHash(cellSize: Double, cells: Int) {
        precondition(cellSize > 0 && cellSize.isFinite && cells >= 1 && cells <= Int(Int32.max))
        cpSpaceUseSpatialHash(raw, cellSize, Int32(cells))
    }

    /// How far shapes may overlap before Chipmunk pushes them apart (Chipmunk's default 0.1).
    /// The corresponding C function is `cpSpaceSetCollisionSlop`.
    public var collisionSlop: Double {
        get { cpSpaceGetCollisionSlop(raw) }
        set {
            precondition(newValue >= 0 && newValue.isFinite, "collision slop must be >= 0")
            cpSpaceSetCollisionSlop(raw, newValue)
        }
    }

    /// The fraction of overlap left after a second, in (0, 1).
    /// The corresponding C function is `cpSpaceSetCollisionBias`.
    public var collisionBias: Double {
        get { cpSpaceGetCollisionBias(raw) }
        set {
            precondition(newValue > 0 && newValue < 1, "collision bias must be in (0, 1)")
            cpSpaceSetCollisionBias(raw, newValue)
        }
    }

    /// Steps a contact's impulses are kept after the shapes part (Chipmunk's default 3).
    /// The corresponding C function is `cpSpaceSetCollisionPersistence`.
    public var collisionPersistence: Int {
        get { Int(cpSpaceGetCollisionPersistence(raw)) }
        set {
            precondition(newValue >= 1 && newValue <= 1_000_000, "collision persistence must be 1...1000000")
            cpSpaceSetCollisionPersistence(raw, cpTimestamp(newValue))
        }
    }

    /// The speed below which a body counts as idle for sleeping (0: Chipmunk works it out from gravity).
    /// The corresponding C function is `cpSpaceSetIdleSpeedThreshold`.
    public var idleSpeedThreshold: Double {
        get { cpSpaceGetIdleSpeedThreshold(raw) }
        set {
            precondition(newValue >= 0 && newValue.isFinite, "idle speed threshold must be >= 0")
            cpSpaceSetIdleSpeedThreshold(raw, newValue)
        }
    }

    /// Turns on one-way platforms: shapes made one-way (`Shape.makeOneWay`)
    /// let bodies through going along their direction. Call once, before any step.
    /// The corresponding C function is `cpSpaceAddWildcardHandler` (collision type 1, a pre-solve in C).
    public func enableOneWayPlatforms() {
        cratebox_add_one_way_handler(raw)
    }

    // MARK: Adding and removing

    /// Adds a body (Chipmunk 7 keeps static bodies apart and does not move them).
    /// The corresponding C function is `cpSpaceAddBody`.
    public func add(_ body: Body) throws(PhysicsError) {
        guard body.space == nil, body.ownerHandle == nil else { throw .alreadyInSpace("body") }
        cpSpaceAddBody(raw, body.raw)
        body.space = self
        bodyMembers.append(body)
        massNeedsCheck = true
    }

    /// Adds a shape; its body must already be in this space.
    /// The corresponding C function is `cpSpaceAddShape`.
    public func add(_ shape: Shape) throws(PhysicsError) {
        guard shape.space == nil else { throw .alreadyInSpace("shape") }
        if let owner = shape.body.ownerHandle {
            guard owner === handle else { throw .staticBodyOfAnotherSpace }
        } else {
            guard shape.body.space === self else { throw .bodyNotInSpace("shape") }
        }
        cpSpaceAddShape(raw, shape.raw)
        shape.space = self
        shapeMembers.append(shape)
        massNeedsCheck = true
    }

    /// Adds a joint; both its bodies must already be in this space.
    /// The corresponding C function is `cpSpaceAddConstraint`.
    public func add(_ joint: Joint) throws(PhysicsError) {
        guard joint.space == nil else { throw .alreadyInSpace("joint") }
        guard joint.a.kind == .dynamic || joint.b.kind == .dynamic else { throw .jointWithoutDynamicBody }
        for body in [joint.a, joint.b] where body !== staticBody {
            guard body.space === self else { throw .bodyNotInSpace("joint") }
        }
        cpSpaceAddConstraint(raw, joint.raw)
        joint.space = self
        jointMembers.append(joint)
    }

    /// Removes a shape. The corresponding C function is `cpSpaceRemoveShape`.
    public func remove(_ shape: Shape) throws(PhysicsError) {
        guard shape.space === self, shapeMembers.contains(shape) else { throw .notInSpace("shape") }
        cpSpaceRemoveShape(raw, shape.raw)
        shape.space = nil
        shapeMembers.remove(shape)
        massNeedsCheck = true
    }

    /// Removes a joint. The corresponding C function is `cpSpaceRemoveConstraint`.
    public func remove(_ joint: Joint) throws(PhysicsError) {
        guard joint.space === self, jointMembers.contains(joint) else { throw .notInSpace("joint") }
        cpSpaceRemoveConstraint(raw, joint.raw)
        joint.space = nil
        jointMembers.remove(joint)
    }

    /// Removes a body together with its shapes and the joints attached to it, so
    /// the space never holds a shape or joint whose body it no longer simulates.
    /// Its joints, then its shapes, go in the order they were added to the
    /// space (the broadphase's tree, and so every later step, depends on the
    /// order); found through the body's own lists in Chipmunk, not by scanning the space.
    /// The corresponding C function is `cpSpaceRemoveBody`.
    public func remove(_ body: Body) throws(PhysicsError) {
        guard body.space === self, bodyMembers.contains(body) else { throw .notInSpace("body") }
        for joint in body.attachedJoints.filter(jointMembers.contains).sorted(by: jointMembers.precedes) {
            try remove(joint)
        }
        for shape in body.attachedShapes.filter(shapeMembers.contains).sorted(by: shapeMembers.precedes) {
            try remove(shape)
        }
        cpSpaceRemoveBody(raw, body.raw)
        body.space = nil
        bodyMembers.remove(body)
    }

    // MARK: Stepping and queries

    /// Advances the simulation by `dt` seconds. Throws, without stepping, if a
    /// dynamic body has no mass (Chipmunk would abort).
    /// The corresponding C function is `cpSpaceStep`.
    public func step(_ dt: Double) throws(PhysicsError) {
        if massNeedsCheck {
            for body in bodies where body.kind == .dynamic {
                // An infinite moment is allowed (a body that never turns); no mass or moment is not.
                let m = body.mass, i = body.moment
                guard m > 0, m.isFinite, i > 0, !i.isNaN else {
                    throw .massless("body \(bodyMembers.index(of: body) ?? -1)")
                }
            }
            massNeedsCheck = false
        }
        if let far = cratebox_hash_far_body(raw, dt) {
            let index = bodies.firstIndex { $0.raw == far } ?? -1
            throw .beyondSpatialHash("body \(index)")
        }
        cpSpaceStep(raw, dt)
        collectBrokenJoints()
    }

    /// The joints that broke during the steps since the last call (breakable
    /// joints over their force), in the order they broke; they are out of the
    /// space, as if removed.
    public private(set) var brokenJoints: [Joint] = []

    /// Empties `brokenJoints`, handing them over.
    public func takeBrokenJoints() -> [Joint] {
        defer { brokenJoints = [] }
        return brokenJoints
    }

    /// The breakable joints Chipmunk removed during the last step (a post-step
    /// callback in C), now out of `joints` too.
    private func collectBrokenJoints() {
        var buffer = [OpaquePointer?](repeating: nil, count: 64)
        while true {
            let n = Int(buffer.withUnsafeMutableBufferPointer { cratebox_take_broken(raw, $0.baseAddress, Int32($0.count)) })
            for case let raw? in buffer.prefix(n) {
                guard let joint = Joint.from(raw), jointMembers.remove(joint) else { continue }
                joint.space = nil
                brokenJoints.append(joint)
            }
            if n < buffer.count { return }
        }
    }

    /// Marks that a shape's mass changed (called by `Shape`).
    func shapeMassChanged() { massNeedsCheck = true }

    /// Every contact point between shapes, in world coordinates, as of the last step
    /// (each contact is seen from both of its bodies when both are iterated).
    /// The corresponding C functions are `cpSpaceEachBody`, `cpBodyEachArbiter`
    /// and `cpArbiterGetPointA`.
    public func contactPoints() -> [Vector] {
        var points: [Vector] = []
        eachArbiter { arbiter in
            for i in 0..<cpArbiterGetCount(arbiter) { points.append(Vector(cpArbiterGetPointA(arbiter, i))) }
        }
        return points
    }

    /// How many contact points the shapes touch at, as of the last step.
    /// The corresponding C functions are `cpSpaceEachBody`, `cpBodyEachArbiter`
    /// and `cpArbiterGetCount`.
    public func contactCount() -> Int {
        // A pair of shapes is seen from both of its bodies when both are
        // iterated: each arbiter counts once (the set is only counted, never iterated).
        var seen = Set<OpaquePointer>(), count = 0
        eachArbiter { arbiter in
            if seen.insert(arbiter).inserted { count += Int(cpArbiterGetCount(arbiter)) }
        }
        return count
    }

    /// Calls `visit` with every arbiter of every body (C callbacks cannot
    /// capture, so the closure travels through the `data` pointer).
    private func eachArbiter(_ visit: (OpaquePointer) -> Void) {
        final class Box {
            let visit: (OpaquePointer) -> Void
            init(_ visit: @escaping (OpaquePointer) -> Void) { self.visit = visit }
        }
        withoutActuallyEscaping(visit) { visit in
            let box = Box(visit)
            withExtendedLifetime(box) {
                cpSpaceEachBody(raw, { body, data in
                    cpBodyEachArbiter(body, { _, arbiter, data in
                        if let arbiter { Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().visit(arbiter) }
                    }, data)
                }, Unmanaged.passUnretained(box).toOpaque())
            }
        }
    }

    /// The nearest shape within `maxDistance` of `point` (negative distance: inside).
    /// The corresponding C function is `cpSpacePointQueryNearest`.
    public func nearestShape(to point: Vector, within maxDistance: Double) -> (shape: Shape, distance: Double, point: Vector)? {
        precondition(point.isFinite && maxDistance >= 0)
        var info = cpPointQueryInfo()
        let filter = cpShapeFilter(group: 0, categories: ~0, mask: ~0)
        guard let found = cpSpacePointQueryNearest(raw, point.cp, maxDistance, filter, &info),
              let shape = Shape.from(found) else { return nil }
        return (shape, info.distance, Vector(info.point))
    }
}
