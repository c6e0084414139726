import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

extension World {
    /// The walls' shapes (on the space's static body, in world coordinates),
    /// without their backings (rules 2: boxes behind them, never drawn).
    public var wallShapes: [ShapeGeometry] {
        if let wallCache { return wallCache }
        let walls = space.shapes.filter { $0.body === space.staticBody }.map(\.geometry).filter {
            if case .segment = $0 { true } else { false }
        }
        wallCache = walls
        return walls
    }

    /// Every shape in the world now, walls and the hand included.
    public var outlines: [ShapeOutline] {
        // Construction indices by body, for the bodies drawn between steps.
        var indexOf: [ObjectIdentifier: Int] = [:]  // lookups only; never iterated
        for (i, entry) in bodies.enumerated() { if let entry { indexOf[ObjectIdentifier(entry.body)] = i } }
        return space.shapes.map { shape in
            let body = shape.body
            let fixed = body === space.staticBody || body.kind == .static
            let index = indexOf[ObjectIdentifier(body)]
            let pose = Pose(position: body.position, angle: body.angle)
            return ShapeOutline(geometry: shape.geometry, pose: pose, state: fixed ? .fixed : body.isSleeping ? .sleeping : .awake,
                                boundingBox: shape.boundingBox, bodyIndex: index)
        }
    }

    /// Each joint's two anchors in world coordinates (the grab's too); motors,
    /// gears, ratchets and rotary joints, which have no anchors, are left out.
    public var jointAnchors: [(a: Vector, b: Vector)] {
        space.joints.compactMap { $0.hasAnchors ? $0.worldAnchors : nil }
    }

    /// The scene's joints whose bodies are still in the world, in file order,
    /// broken ones included, then those the script made that are in the space
    /// (the grab's is not one of them). A rope is drawn as long as it is now (a winch changes it).
    public var jointStates: [JointState] {
        let broken = Dictionary(brokenJoints.map { ($0.joint, $0.step) }, uniquingKeysWith: { a, _ in a })  // lookups only
        return zip(joints.indices, joints).compactMap { index, joint in
            let brokenAt = broken[index]
            guard joint.space != nil || brokenAt != nil, joint.a.space != nil || joint.a === space.staticBody,
                  joint.b.space != nil || joint.b === space.staticBody else { return nil }
            let (a, b) = joint.worldAnchors
            func state(_ body: Body) -> (kind: BodyKind, pose: Pose) { (body.kind, Pose(position: body.position, angle: body.angle)) }
            let spec = jointSpec(index)
            // As Chipmunk holds it now: what a script set (16.10), and a rope as long as a winch made it.
            var kind = joint.live(spec.kind)
            if case .slide(let anchorA, let anchorB, let lo, _) = kind, let now = joint.slideMax { kind = .slide(anchorA: anchorA, anchorB: anchorB, min: lo, max: now) }
            return JointState(kind: kind, a: a, b: b, bodyA: state(joint.a), bodyB: state(joint.b), brokenAt: brokenAt,
                              isFriction: spec.maxBias == 0)
        }
    }

    /// Where bodies touch now.
    public var contactPoints: [Vector] { space.contactPoints() }

    /// Figures for graphs and `simulate --stats`: energy, bodies awake and asleep, contacts.
    public var stats: WorldStats {
        var s = WorldStats()
        for case let body? in bodies where body.kind == .dynamic {
            // A sleeping body does not move: Chipmunk keeps the velocity it fell
            // asleep with for when it wakes, but it is not energy in motion.
            if body.isSleeping { s.sleeping += 1; continue }
            s.awake += 1
            let v = body.velocity, w = body.angularVelocity
            // A body that never turns (an infinite moment) has no energy of turning, not infinity times 0.
            let turning = w == 0 ? 0 : 0.5 * body.body.moment * w * w
            s.kineticEnergy += 0.5 * body.mass * (v.x * v.x + v.y * v.y) + turning
        }
        s.contacts = space.contactCount()
        return s
    }
}
