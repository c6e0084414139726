import CChipmunk
import ChipmunkSurface
import CrateboxGeometry

/// A rigid body.
public final class Body {
    /// How a body moves: pushed by forces and collisions, moved only by its velocity, or fixed. (`cpBodyType`)
    public typealias Kind = BodyKind

    let raw: OpaquePointer
    /// The Chipmunk body, for C code that acts on it between steps (a scene
    /// script's sandbox); never freed or added elsewhere.
    package var chipmunkBody: OpaquePointer { raw }
    /// The body's type: set when it is made, changed only by `setKind` (Body+Kind.swift).
    /// The corresponding C function is `cpBodyGetType`.
    public internal(set) var kind: Kind
    /// Set only for a space's own static body, whose memory lives in the
    /// `cpSpace`: keeping the handle keeps that memory alive.
    let ownerHandle: SpaceHandle?
    /// The space this body is in (weak: the space owns its bodies).
    public internal(set) weak var space: Space?

    /// A new body with no mass; dynamic bodies get theirs from their shapes.
    /// The corresponding C functions are `cpBodyNew`, `cpBodyNewKinematic`, `cpBodyNewStatic`.
    public init(kind: Kind) {
        self.kind = kind
        switch kind {
        case .dynamic: raw = cpBodyNew(0, 0)
        case .kinematic: raw = cpBodyNewKinematic()
        case .static: raw = cpBodyNewStatic()
        }
        ownerHandle = nil
    }

    /// A dynamic body with its mass and moment given (`moment` may be
    /// infinite: it never turns); its shapes then get no mass of their own.
    /// This is how Chipmunk's demos make bodies. The corresponding C function is `cpBodyNew`.
    public init(mass: Double, moment: Double) {
        precondition(mass > 0 && mass.isFinite, "a body's mass must be finite and above 0")
        precondition(moment > 0 && !moment.isNaN, "a body's moment must be above 0 (it may be infinite)")
        kind = .dynamic
        raw = cpBodyNew(mass, moment)
        ownerHandle = nil
    }

    /// Takes over a body made in C (an exact copy read back).
    init(adopting raw: OpaquePointer) {
        self.raw = raw
        kind = switch cpBodyGetType(raw) {
        case CP_BODY_TYPE_KINEMATIC: .kinematic
        case CP_BODY_TYPE_STATIC: .static
        default: .dynamic
        }
        ownerHandle = nil
    }

    init(staticBodyOf handle: SpaceHandle) {
        kind = .static
        raw = cpSpaceGetStaticBody(handle.raw)
        ownerHandle = handle
    }

    deinit {
        if ownerHandle == nil { cpBodyFree(raw) }
    }

    /// The corresponding C function is `cpBodySetPosition` (through the checked surface).
    public var position: Vector {
        get { Vector(cpBodyGetPosition(raw)) }
        set {
            surfaced(surface_body_set_position(raw, anyBody, newValue.x, newValue.y, 0), "position must be finite")
            if kind == .static, let space { cpSpaceReindexShapesForBody(space.raw, raw) }
        }
    }

    /// Radians, counter-clockwise. The corresponding C function is `cpBodySetAngle` (through the checked surface).
    public var angle: Double {
        get { cpBodyGetAngle(raw) }
        set {
            surfaced(surface_body_set_angle(raw, anyBody, newValue), "angle must be finite")
            if kind == .static, let space { cpSpaceReindexShapesForBody(space.raw, raw) }
        }
    }

    /// The corresponding C function is `cpBodySetVelocity` (through the checked surface).
    public var velocity: Vector {
        get { Vector(cpBodyGetVelocity(raw)) }
        set { surfaced(surface_body_set_velocity(raw, anyBody, newValue.x, newValue.y), "velocity must be finite") }
    }

    /// The corresponding C function is `cpBodySetAngularVelocity` (through the checked surface).
    public var angularVelocity: Double {
        get { cpBodyGetAngularVelocity(raw) }
        set { surfaced(surface_body_set_angular_velocity(raw, anyBody, newValue), "angular velocity must be finite") }
    }

    /// The corresponding C function is `cpBodyGetMass`.
    public var mass: Double { cpBodyGetMass(raw) }
    /// The corresponding C function is `cpBodyGetMoment`.
    public var moment: Double { cpBodyGetMoment(raw) }
    /// The centre of gravity, in body coordinates.
    /// The corresponding C function is `cpBodyGetCenterOfGravity`.
    public var centerOfGravity: Vector { Vector(cpBodyGetCenterOfGravity(raw)) }
    /// The corresponding C function is `cpBodyIsSleeping`.
    public var isSleeping: Bool { cpBodyIsSleeping(raw) != 0 }

    /// A world point in body-local coordinates.
    /// The corresponding C function is `cpBodyWorldToLocal`.
    public func worldToLocal(_ point: Vector) -> Vector { Vector(cpBodyWorldToLocal(raw, point.cp)) }
    /// A body-local point in world coordinates.
    /// The corresponding C function is `cpBodyLocalToWorld`.
    public func localToWorld(_ point: Vector) -> Vector { Vector(cpBodyLocalToWorld(raw, point.cp)) }

    /// The body's rotation as a unit vector (cos, sin of its angle), exactly as Chipmunk keeps it.
    /// The corresponding C function is `cpBodyGetRotation`.
    public var rotation: Vector { Vector(cpBodyGetRotation(raw)) }

    /// Pushes the body for the next step with `force`, in its own axes, at
    /// `point` on it (body coordinates); Chipmunk clears forces each step.
    /// The corresponding C function is `cpBodyApplyForceAtLocalPoint`.
    public func applyForce(_ force: Vector, atLocalPoint point: Vector) {
        precondition(force.isFinite && point.isFinite, "a force and its point must be finite")
        cpBodyApplyForceAtLocalPoint(raw, force.cp, point.cp)
    }
}
