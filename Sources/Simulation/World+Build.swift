import Animation
import CrateboxGeometry
import CrateboxPhysics
import Scripting
import SceneFormat

/// The normative construction order (docs/scene-format.md, "Construction
/// order"): the space, the walls, the bodies with their shapes, the joints.
extension World {
    /// The normative construction order: steps 1 to 4 (the space, the walls,
    /// the bodies, the joints), then the script's top level (16.5).
    func build() throws(SimulationError) {
        do { try buildSpace() } catch { throw .physics(error) }
        // 5. The script's top level (section 16.5).
        script = try ScriptHost.start(in: self)
    }

    /// Steps 1 to 4 of the normative construction order.
    private func buildSpace() throws(PhysicsError) {
        // 1. The space (the script's handlers leave the old one first: 16.7).
        script?.vm.leave(space.chipmunkSpace)
        space = Space()
        table.replace(with: [], reserving: scene.bodies.count)
        wallCache = nil
        grab = nil
        tilt = nil
        animated = []
        stepsSinceBuild = 0
        brokenJoints = []
        hearing?.rebuilt()
        Self.configure(space, for: scene)

        // 2. Walls on the space's static body.
        if let walls = scene.walls {
            for geometry in Self.wallGeometries(scene) {
                let wall = Shape(body: space.staticBody, geometry: geometry)
                wall.friction = walls.friction
                wall.elasticity = walls.elasticity
                try space.add(wall)
            }
            // Rules 2: each wall's backing, so that what moves fast stays in the box.
            for box in Self.wallBackings(scene) {
                let backing = Shape(body: space.staticBody, left: box.left, bottom: box.bottom, right: box.right, top: box.top)
                backing.friction = walls.friction
                backing.elasticity = walls.elasticity
                try space.add(backing)
            }
        }

        // 3. Bodies in file order.
        for spec in scene.bodies {
            try addBody(spec, at: spec.position)
        }

        // 4. Joints in file order.
        joints = []
        scriptJoints = []
        for spec in scene.joints { try addJoint(spec) }
    }

    /// The space's settings from the scene (construction order, step 1).
    static func configure(_ space: Space, for scene: Scene) {
        space.iterations = scene.iterations
        space.gravity = scene.gravity
        space.damping = scene.damping
        if let sleep = scene.sleepTime { space.sleepTimeThreshold = sleep }
        if let hash = scene.spatialHash { space.useSpatialHash(cellSize: hash.cellSize, cells: hash.cells) }
        if let v = scene.collisionSlop { space.collisionSlop = v }
        if let v = scene.collisionBias { space.collisionBias = v }
        if let v = scene.collisionPersistence { space.collisionPersistence = v }
        if let v = scene.idleSpeedThreshold { space.idleSpeedThreshold = v }
        if scene.hasOneWayPlatforms { space.enableOneWayPlatforms() }
    }

    /// The walls' segments (construction order, step 2): bottom, right, top,
    /// left, each far coordinate one addition (ox + w, oy + h); none without walls.
    static func wallGeometries(_ scene: Scene) -> [ShapeGeometry] {
        guard let walls = scene.walls else { return [] }
        let (x0, y0) = (scene.origin.x, scene.origin.y)
        let (x1, y1) = (x0 + scene.width, y0 + scene.height)
        let corners = [Vector(x0, y0), Vector(x1, y0), Vector(x1, y1), Vector(x0, y1), Vector(x0, y0)]
        return (0..<4).map { .segment(a: corners[$0], b: corners[$0 + 1], radius: walls.radius) }
    }

    /// The walls' backings under rules 2 (construction order, step 2, after the
    /// walls): bottom, right, top, left, static boxes outside the walls, their
    /// inner faces on the walls' outer surfaces; none under rules 1 or without walls.
    static func wallBackings(_ scene: Scene) -> [(left: Double, bottom: Double, right: Double, top: Double)] {
        guard scene.rules >= 2, let walls = scene.walls else { return [] }
        let t = Limits.wallBackingThickness, r = walls.radius, w = scene.width, h = scene.height
        let a = -t - r, b = w + t + r, c = h + t + r
        let boxes = [(a, a, b, -r), (w + r, a, b, c), (a, h + r, b, c), (a, a, -r, c)]
        let (ox, oy) = (scene.origin.x, scene.origin.y)
        return boxes.map { (ox + $0.0, oy + $0.1, ox + $0.2, oy + $0.3) }
    }

    /// A joint (step 4, or a script's world:addJoint): made, set up and added to the space.
    /// `checkingLoads`: a script's joint, held to the springs' loads of its bodies as they are
    /// now (16.11.1); a scene's is held to section 8 by the scene's checks.
    func addJoint(_ spec: JointSpec, checkingLoads: Bool = false) throws(PhysicsError) {
        let joint = Joint(spec.kind, a: resolve(spec.a), b: resolve(spec.b))  // a pin's distance set as it is made
        if checkingLoads, let loaded = joint.overloadedEnd {
            throw .tooStiff("body \(table.index(of: loaded).map(String.init) ?? "?")")
        }
        joint.maxForce = spec.maxForce
        // The world's body holds the walls: a body joined to it keeps hitting them.
        joint.collideBodies = spec.collide || spec.a == .world || spec.b == .world
        if let v = spec.maxBias { joint.maxBias = v }
        if let v = spec.errorBias { joint.errorBias = v }
        if let force = spec.breakForce { joint.breaks(above: force) }
        ScriptHost.giveFunctions(spec, to: joint)
        try space.add(joint)
        joints.append(joint)
    }

    private func resolve(_ ref: BodyRef) -> Body {
        switch ref {
        case .world: space.staticBody
        case .body(let i): bodies[i]!.body  // a scene joint names a file body, built just before; a script's, a live one
        }
    }

    /// A body of the scene (or the spawn body at `position`), step 3: the body,
    /// its shapes, then its velocities (with `moment`: the velocities right
    /// after the body, before its shapes, which get no mass).
    func addBody(_ spec: BodySpec, at position: Vector) throws(PhysicsError) {
        let moment = spec.type == .dynamic ? spec.moment : nil
        let body: Body
        if let moment, case .mass(let m)? = spec.mass {
            body = Body(mass: m, moment: moment.value)
        } else {
            body = Body(kind: spec.type)
        }
        body.position = position
        body.angle = spec.angle
        try space.add(body)
        if moment != nil {
            body.velocity = spec.velocity
            body.angularVelocity = spec.angularVelocity
        }

        // Section 9's mass calls (several shapes share `mass` by area; the split is normative).
        let massCalls = spec.massCalls
        var shapes: [Shape] = []
        for (shapeSpec, massCall) in zip(spec.shapes, massCalls) {
            let shape = Shape(body: body, geometry: shapeSpec.geometry)
            shape.friction = shapeSpec.friction
            shape.elasticity = shapeSpec.elasticity
            if shapeSpec.sensor { shape.isSensor = true }
            if let f = shapeSpec.filter { shape.setFilter(group: f.group, categories: f.categories, mask: f.mask) }
            if let v = shapeSpec.surfaceVelocity { shape.surfaceVelocity = v }
            if let n = shapeSpec.oneWay { shape.makeOneWay(n) }
            if let name = shapeSpec.collisionType { shape.collisionType = ScriptVM.collisionType(name) }
            switch massCall {
            case .mass(let m)?: shape.mass = m
            case .density(let d)?: shape.density = d
            case nil: break
            }
            try space.add(shape)
            shapes.append(shape)
        }
        if moment == nil {
            body.velocity = spec.velocity
            body.angularVelocity = spec.angularVelocity
        }

        if spec.velocityFunction != nil || spec.positionFunction != nil {
            body.useScriptFunctions(velocity: spec.velocityFunction != nil, position: spec.positionFunction != nil)
        }
        if let animation = spec.animation { animated.append((bodies.count, animation)) }
        appendBody(WorldBody(id: spec.id, spec: spec, body: body, shapes: shapes))
    }
}
