import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// A shape as debug drawing shows it: where it is, what state its body is in,
/// and its bounding box.
public struct ShapeOutline: Sendable {
    /// What a shape's body is doing: static or kinematic (fixed), asleep, or awake.
    public enum State: Sendable { case fixed, sleeping, awake }
    /// The shape's form in body coordinates.
    public let geometry: ShapeGeometry
    /// Its body's pose now.
    public let pose: Pose
    /// What its body is doing.
    public let state: State
    /// Its axis-aligned bounding box in world coordinates, as Chipmunk keeps it.
    public let boundingBox: (min: Vector, max: Vector)
    /// The construction index of its body (nil for walls and the grab's hand).
    public let bodyIndex: Int?
}

/// A joint of the scene as it is now: what it is (as the scene says), where
/// its anchors are, and its two bodies (for drawing it as the part it stands for).
public struct JointState: Sendable {
    /// The joint as the scene gives it.
    public let kind: JointSpec.Kind
    /// The anchors in world coordinates (a groove: the point of the groove
    /// nearest its pin, and the pin; a motor, gear, ratchet or rotary joint:
    /// the two bodies' origins).
    public let a: Vector, b: Vector
    /// Each body's kind and pose now (the world's static body: static, at the origin).
    public let bodyA: (kind: BodyKind, pose: Pose), bodyB: (kind: BodyKind, pose: Pose)
    /// The step it broke at, for a breakable joint that has broken (it no longer acts).
    public let brokenAt: Int?
    /// A joint with a max bias of 0 corrects no error, only velocity: friction
    /// (Chipmunk's demos drag boxes across a top-down floor with such pivots and gears).
    public var isFriction = false
}

/// What the live graphs (F3) and `simulate --stats` show of a world after a step.
public struct WorldStats: Sendable, Equatable {
    /// Translational and rotational, of the dynamic bodies (mass x points² / s²).
    public var kineticEnergy = 0.0
    /// Dynamic bodies awake and asleep.
    public var awake = 0, sleeping = 0
    /// Contact points between shapes.
    public var contacts = 0
    /// No energy, no bodies, no contacts.
    public init() {}
}

/// Read-only queries for drawing and picking, by construction index: the
/// world never hands out its Chipmunk space (as Box2D v3 exposes its world by ids).
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
            var kind = spec.kind
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
