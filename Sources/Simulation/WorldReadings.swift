import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

// What World+Queries.swift reads out of a world for drawing and the HUD.

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
