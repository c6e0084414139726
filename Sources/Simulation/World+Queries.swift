import Geometry
import Physics
import SceneFormat

/// A shape as debug drawing shows it: where it is, what state its body is in,
/// and its bounding box.
public struct ShapeOutline: Sendable {
    /// What a shape's body is doing: static or kinematic (fixed), asleep, or awake.
    public enum State: Sendable { case fixed, sleeping, awake }
    /// The shape's form in body coordinates.
    public let geometry: ShapeGeometry
    /// Its body's pose after the last step.
    public let pose: Pose
    /// What its body is doing.
    public let state: State
    /// Its axis-aligned bounding box in world coordinates, as Chipmunk keeps it.
    public let boundingBox: (min: Vector, max: Vector)
    /// The construction index of its body (nil for walls and the grab's hand).
    public let bodyIndex: Int?
}

/// A joint as the normal view draws it: the part it stands for, where its
/// anchors are now, and which of them sit on a static body (drawn as mounts).
public struct DrawnJoint: Sendable {
    /// The part a joint is drawn as.
    public enum Kind: Sendable, Equatable {
        /// A bolt (pivot), a rod (pin joint), an axle mark (motor).
        case pivot, pin, motor
        /// A rope: straight when taut (at `max`), sagging when slack.
        case slide(min: Double, max: Double)
        /// A coil whose turns stretch and squeeze with its length.
        case spring(restLength: Double)
    }
    /// The part it is drawn as.
    public let kind: Kind
    /// The anchors in world coordinates (a motor: the two bodies' centres).
    public let a: Vector, b: Vector
    /// Whether each anchor is on a static body (drawn as a mount).
    public let aFixed: Bool, bFixed: Bool
    /// A motor: the angle of the body it turns (the dynamic one), for the axle mark.
    public let angle: Double
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
    /// The walls' shapes (on the space's static body, in world coordinates).
    public var wallShapes: [ShapeGeometry] {
        if let wallCache { return wallCache }
        let walls = space.shapes.filter { $0.body === space.staticBody }.map(\.geometry)
        wallCache = walls
        return walls
    }

    /// Every shape in the world, walls and the hand included, `alpha` of the way through the last step.
    public func outlines(alpha: Double) -> [ShapeOutline] {
        // Construction indices by body, for the bodies drawn between steps.
        var indexOf: [ObjectIdentifier: Int] = [:]  // lookups only; never iterated
        for (i, entry) in bodies.enumerated() { if let entry { indexOf[ObjectIdentifier(entry.body)] = i } }
        return space.shapes.map { shape in
            let body = shape.body
            let fixed = body === space.staticBody || body.kind == .static
            let index = indexOf[ObjectIdentifier(body)]
            let pose = fixed || index == nil ? Pose(position: body.position, angle: body.angle) : pose(of: index!, alpha: alpha)
            return ShapeOutline(geometry: shape.geometry, pose: pose, state: fixed ? .fixed : body.isSleeping ? .sleeping : .awake,
                                boundingBox: shape.boundingBox, bodyIndex: index)
        }
    }

    /// Each joint's two anchors in world coordinates (the grab's too); motors,
    /// which have no anchors, are left out.
    public var jointAnchors: [(a: Vector, b: Vector)] {
        space.joints.compactMap { joint in
            if case .simpleMotor = joint.kind { return nil }
            return joint.worldAnchors
        }
    }

    /// The scene's joints as the normal view draws them (the grab's hand is drawn apart).
    public var drawnJoints: [DrawnJoint] {
        space.joints.compactMap { joint in
            if let grab, joint === grab.joint { return nil }
            let aFixed = joint.a.kind != .dynamic, bFixed = joint.b.kind != .dynamic
            let kind: DrawnJoint.Kind
            switch joint.kind {
            case .pivot, .pivotAnchors: kind = .pivot
            case .pin: kind = .pin
            case .slide(_, _, let lo, let hi): kind = .slide(min: lo, max: hi)
            case .dampedSpring(_, _, let rest, _, _): kind = .spring(restLength: rest)
            case .simpleMotor:
                let turned = bFixed ? joint.a : joint.b
                return DrawnJoint(kind: .motor, a: turned.position, b: turned.position, aFixed: false, bFixed: false, angle: turned.angle)
            }
            let (a, b) = joint.worldAnchors
            return DrawnJoint(kind: kind, a: a, b: b, aFixed: aFixed, bFixed: bFixed, angle: 0)
        }
    }

    /// Where bodies touch now.
    public var contactPoints: [Vector] { space.contactPoints() }

    /// Figures for graphs and `simulate --stats`: energy, bodies awake and asleep, contacts.
    public var stats: WorldStats {
        var s = WorldStats()
        for case let body? in bodies where body.kind == .dynamic {
            let v = body.velocity, w = body.angularVelocity
            s.kineticEnergy += 0.5 * body.mass * (v.x * v.x + v.y * v.y) + 0.5 * body.body.moment * w * w
            if body.isSleeping { s.sleeping += 1 } else { s.awake += 1 }
        }
        s.contacts = space.contactCount()
        return s
    }
}
