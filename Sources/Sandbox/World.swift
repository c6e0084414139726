import Physics

/// A body of the world and what the sandbox knows about it.
public struct WorldBody {
    public let id: String?
    public let body: Body
    public let shapes: [Shape]
    public let look: Look
}

/// A running scene: builds a Space from a Scene in the normative construction
/// order (shared/scene-format.md), applies events between steps, steps at
/// exactly 1/120 s and computes the state hash.
public final class World {
    /// Every step is exactly this long; time enters the simulation only as a step count.
    public static let stepDuration = 1.0 / 120.0
    /// The most bodies spawning may bring the world to.
    public static let maxBodies = 20_000

    public let scene: Scene
    public let space: Space
    /// File order, then spawned bodies in spawn order.
    public private(set) var bodies: [WorldBody] = []
    /// The dynamic ones of `bodies`, in the same order: what the hash covers.
    private var dynamicBodies: [Body] = []
    public private(set) var stepCount = 0
    /// The last tilt applied, if any.
    public private(set) var tilt: Vector?
    private let gravityLength: Double

    public init(scene: Scene) throws(PhysicsError) {
        self.scene = scene
        // 1. The space.
        space = Space()
        space.iterations = scene.iterations
        space.gravity = scene.gravity
        space.damping = scene.damping
        if let sleep = scene.sleepTime { space.sleepTimeThreshold = sleep }
        if let hash = scene.spatialHash { space.useSpatialHash(cellSize: hash.cellSize, cells: hash.cells) }
        gravityLength = scene.gravity.length

        // 2. Walls on the space's static body: bottom, right, top, left.
        if let walls = scene.walls {
            let w = scene.width, h = scene.height
            let corners = [Vector(0, 0), Vector(w, 0), Vector(w, h), Vector(0, h), Vector(0, 0)]
            for i in 0..<4 {
                let wall = Shape(body: space.staticBody, geometry: .segment(a: corners[i], b: corners[i + 1], radius: walls.radius))
                wall.friction = walls.friction
                wall.elasticity = walls.elasticity
                try space.add(wall)
            }
        }

        // 3. Bodies in file order.
        for spec in scene.bodies {
            try addBody(spec, at: spec.position)
        }

        // 4. Joints in file order.
        for spec in scene.joints {
            let joint = Joint(spec.kind, a: resolve(spec.a), b: resolve(spec.b))
            joint.maxForce = spec.maxForce
            joint.collideBodies = spec.collide
            try space.add(joint)
        }
    }

    private func resolve(_ ref: BodyRef) -> Body {
        switch ref {
        case .world: space.staticBody
        case .body(let i): bodies[i].body
        }
    }

    private func addBody(_ spec: BodySpec, at position: Vector) throws(PhysicsError) {
        let body = Body(kind: spec.type)
        body.position = position
        body.angle = spec.angle
        try space.add(body)

        // Several shapes share `mass` by area; the split is normative.
        var totalArea = 0.0
        if spec.type == .dynamic, case .mass = spec.mass, spec.shapes.count > 1 {
            for shape in spec.shapes { totalArea += shape.geometry.area }
        }
        var shapes: [Shape] = []
        for shapeSpec in spec.shapes {
            let shape = Shape(body: body, geometry: shapeSpec.geometry)
            shape.friction = shapeSpec.friction
            shape.elasticity = shapeSpec.elasticity
            if shapeSpec.sensor { shape.isSensor = true }
            if spec.type == .dynamic {
                switch spec.mass {
                case .mass(let m)?:
                    shape.mass = spec.shapes.count == 1 ? m : m * shapeSpec.geometry.area / totalArea
                case .density(let d)?:
                    shape.density = d
                case nil:
                    break
                }
            }
            try space.add(shape)
            shapes.append(shape)
        }
        body.velocity = spec.velocity
        body.angularVelocity = spec.angularVelocity

        bodies.append(WorldBody(id: spec.id, body: body, shapes: shapes, look: spec.look))
        if spec.type == .dynamic { dynamicBodies.append(body) }
    }

    /// Applies an input. Call between steps only (the world is never inside one here).
    public func apply(_ event: Event) throws(WorldError) {
        switch event {
        case .tilt(let x, let y):
            guard x.isFinite, y.isFinite, abs(x) <= 100, abs(y) <= 100 else {
                throw WorldError("tilt must be two finite readings in g of at most 100, got \(x), \(y)")
            }
            tilt = Vector(x, y)
            space.gravity = Vector(gravityLength * x, gravityLength * y)
        case .spawn(let x, let y):
            guard x.isFinite, y.isFinite, abs(x) <= Limits.coordinate, abs(y) <= Limits.coordinate else {
                throw WorldError("spawn position must be finite and within ±\(Int(Limits.coordinate)), got \(x), \(y)")
            }
            guard bodies.count < World.maxBodies else {
                throw WorldError("the world already has \(bodies.count) bodies; the limit is \(World.maxBodies)")
            }
            do {
                try addBody(scene.spawn, at: Vector(x, y))
            } catch {
                throw WorldError("cannot spawn: \(error)")
            }
        }
    }

    /// Advances exactly one step of 1/120 s.
    public func step() throws(PhysicsError) {
        try space.step(World.stepDuration)
        stepCount += 1
    }

    public func step(_ count: Int) throws(PhysicsError) {
        for _ in 0..<count { try step() }
    }

    /// The normative state hash of the world as it is now.
    public var stateHash: UInt64 {
        var hash = StateHash()
        for body in dynamicBodies {
            let p = body.position, v = body.velocity
            hash.add(p.x)
            hash.add(p.y)
            hash.add(body.angle)
            hash.add(v.x)
            hash.add(v.y)
            hash.add(body.angularVelocity)
        }
        return hash.value
    }

    /// The dynamic bodies in construction order (the ones the hash covers).
    public var dynamicWorldBodies: [WorldBody] { bodies.filter { $0.body.kind == .dynamic } }
}
