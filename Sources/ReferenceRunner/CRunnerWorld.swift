import CRunner
import CrateboxGeometry
import SceneFormat

/// A world built and stepped by the plain C runner (Sources/CRunner) from the
/// same Scene: the reference World is checked and benchmarked against.
public final class CRunnerWorld {
    private let raw: OpaquePointer

    /// Whether the C runner can run the scene: it does not animate bodies
    /// (the timing functions live in Swift).
    /// Whether the plain C runner can build the scene: no animations, and
    /// none of the rest of Chipmunk 7 the format has added (the demos' own C
    /// reference, `DemoReference`, checks those).
    public static func supports(_ scene: Scene) -> Bool {
        let plainShapes = (scene.bodies + [scene.spawn]).allSatisfy { body in
            body.moment == nil && body.shapes.allSatisfy { $0.filter == nil && $0.surfaceVelocity == nil && $0.oneWay == nil && $0.collisionType == nil && $0.mass == nil }
        }
        let plainJoints = scene.joints.allSatisfy { joint in
            guard joint.maxBias == nil, joint.errorBias == nil, joint.breakForce == nil else { return false }
            switch joint.kind {
            case .pivot, .pivotAnchors, .pin, .slide, .spring, .motor: return true
            case .groove, .rotarySpring, .rotaryLimit, .ratchet, .gear: return false
            }
        }
        return scene.bodies.allSatisfy { $0.animation == nil } && plainShapes && plainJoints && scene.origin == .zero
            && scene.fluids.isEmpty && scene.attractors.isEmpty && scene.script == nil
            && scene.collisionSlop == nil && scene.collisionBias == nil && scene.collisionPersistence == nil && scene.idleSpeedThreshold == nil
    }

    public init(scene: Scene) {
        precondition(CRunnerWorld.supports(scene), "the C runner builds scenes without animations or the additions")
        // Flatten the scene into the C structs. The C runner reads them only
        // while it builds, so they live in buffers freed right after.
        var buffers = Buffers()
        defer { buffers.free() }

        let bodies = scene.bodies.map { CRunnerWorld.body($0, &buffers) }

        let joints: [cr_joint] = scene.joints.map { spec in
            var j = cr_joint()
            j.a = CRunnerWorld.index(spec.a)
            j.b = CRunnerWorld.index(spec.b)
            j.maxForce = spec.maxForce
            j.collide = spec.collide ? 1 : 0
            switch spec.kind {
            case .pivot(let p): j.kind = CR_PIVOT; j.p = (p.x, p.y, 0, 0, 0, 0, 0)
            case .pivotAnchors(let a, let b): j.kind = CR_PIVOT2; j.p = (a.x, a.y, b.x, b.y, 0, 0, 0)
            case .pin(let a, let b, let d): j.kind = CR_PIN; j.p = (a.x, a.y, b.x, b.y, d ?? 0, d == nil ? 0 : 1, 0)
            case .slide(let a, let b, let lo, let hi): j.kind = CR_SLIDE; j.p = (a.x, a.y, b.x, b.y, lo, hi, 0)
            case .spring(let a, let b, let rest, let k, let d): j.kind = CR_SPRING; j.p = (a.x, a.y, b.x, b.y, rest, k, d)
            case .motor(let rate): j.kind = CR_MOTOR; j.p = (rate, 0, 0, 0, 0, 0, 0)
            case .groove, .rotarySpring, .rotaryLimit, .ratchet, .gear: preconditionFailure("not a plain C runner joint")
            }
            return j
        }

        var s = cr_scene()
        s.width = scene.width; s.height = scene.height
        s.gravityX = scene.gravity.x; s.gravityY = scene.gravity.y
        if let walls = scene.walls {
            s.walls = 1; s.wallRadius = walls.radius
            s.wallBacking = scene.rules >= 2 ? 1 : 0
            s.wallFriction = walls.friction; s.wallElasticity = walls.elasticity
        }
        s.iterations = Int32(scene.iterations)
        s.damping = scene.damping
        if let sleep = scene.sleepTime { s.hasSleepTime = 1; s.sleepTime = sleep }
        if let hash = scene.spatialHash { s.hasSpatialHash = 1; s.cellSize = hash.cellSize; s.cells = Int32(hash.cells) }
        s.bodies = UnsafePointer(buffers.copy(bodies))
        s.bodyCount = Int32(bodies.count)
        s.joints = UnsafePointer(buffers.copy(joints))
        s.jointCount = Int32(joints.count)
        guard let world = cr_world_new(&s) else { fatalError("out of memory building the C runner's world") }
        raw = world
    }

    deinit { cr_world_free(raw) }

    /// The C runner's world, for plain C code that steps it (plain C's window in `bench --window`).
    public var pointer: OpaquePointer { raw }

    /// A body as the C runner takes it; polygon vertices and shapes go in `buffers`.
    private static func body(_ spec: BodySpec, _ buffers: inout Buffers) -> cr_body {
        var shapes: [cr_shape] = []
        for shapeSpec in spec.shapes {
            var s = cr_shape()
            s.friction = shapeSpec.friction
            s.elasticity = shapeSpec.elasticity
            s.sensor = shapeSpec.sensor ? 1 : 0
            switch shapeSpec.geometry {
            case .box(let w, let h, let r):
                s.kind = CR_BOX; s.p = (w, h, 0, 0); s.radius = r
            case .circle(let r, let offset):
                s.kind = CR_CIRCLE; s.p = (r, offset.x, offset.y, 0)
            case .polygon(let vertices, let r):
                s.kind = CR_POLYGON; s.radius = r; s.count = Int32(vertices.count)
                s.verts = UnsafePointer(buffers.copy(vertices.flatMap { [$0.x, $0.y] }))
            case .segment(let a, let b, let r):
                s.kind = CR_SEGMENT; s.p = (a.x, a.y, b.x, b.y); s.radius = r
            }
            shapes.append(s)
        }
        var b = cr_body()
        switch spec.type {
        case .dynamic: b.type = CR_DYNAMIC
        case .kinematic: b.type = CR_KINEMATIC
        case .static: b.type = CR_STATIC
        }
        b.px = spec.position.x; b.py = spec.position.y; b.angle = spec.angle
        b.vx = spec.velocity.x; b.vy = spec.velocity.y; b.w = spec.angularVelocity
        switch spec.mass {
        case .mass(let m)?: b.massKind = CR_MASS; b.massValue = m
        case .density(let d)?: b.massKind = CR_DENSITY; b.massValue = d
        case nil: b.massKind = CR_NO_MASS
        }
        b.shapes = UnsafePointer(buffers.copy(shapes))
        b.shapeCount = Int32(shapes.count)
        return b
    }

    private static func index(_ ref: BodyRef) -> Int32 {
        switch ref {
        case .world: -1
        case .body(let i): Int32(i)
        }
    }

    public func tilt(x: Double, y: Double) { cr_world_tilt(raw, x, y) }
    public func step(_ count: Int) { cr_world_step(raw, Int32(count)) }
    public var stateHash: UInt64 { cr_world_hash(raw) }
}

/// C buffers that outlive Swift's array scopes for the duration of one call.
private struct Buffers {
    private var pointers: [UnsafeMutableRawPointer] = []

    mutating func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: Swift.max(1, array.count))
        p.initialize(from: array, count: array.count)
        pointers.append(UnsafeMutableRawPointer(p))
        return p
    }

    func free() {
        for p in pointers { p.deallocate() }
    }
}
