import CChipmunk
import ChipmunkSurface
import ChipmunkCallbacks
import CrateboxGeometry

/// A constraint between two bodies.
public final class Joint {
    let raw: OpaquePointer
    /// The bodies the joint acts on; the joint keeps them alive (the C joint points at them).
    public let a: Body
    /// The second body (`a` is the first); for a joint to the world, the space's static body.
    public let b: Body
    /// Which constraint this is, with the anchors and figures it was made with.
    public let kind: Kind
    public internal(set) weak var space: Space?

    /// What a joint is (CrateboxGeometry's `JointKind`: one enum for the format and the physics).
    public typealias Kind = JointKind

    /// The corresponding C functions are `cpPivotJointNew`, `cpPivotJointNew2`,
    /// `cpPinJointNew`, `cpSlideJointNew`, `cpDampedSpringNew`,
    /// `cpSimpleMotorNew`, `cpGrooveJointNew`, `cpDampedRotarySpringNew`,
    /// `cpRotaryLimitJointNew`, `cpRatchetJointNew` and `cpGearJointNew`.
    public init(_ kind: Kind, a: Body, b: Body) {
        precondition(a !== b, "a joint needs two different bodies")
        self.a = a
        self.b = b
        self.kind = kind
        switch kind {
        case .pivot(let anchor):
            raw = cpPivotJointNew(a.raw, b.raw, anchor.cp)
        case .pivotAnchors(let anchorA, let anchorB):
            raw = cpPivotJointNew2(a.raw, b.raw, anchorA.cp, anchorB.cp)
        case .pin(let anchorA, let anchorB, let distance):
            raw = cpPinJointNew(a.raw, b.raw, anchorA.cp, anchorB.cp)
            if let distance {
                precondition(distance >= 0 && distance.isFinite, "a pin's distance must be finite and >= 0")
                cpPinJointSetDist(raw, distance)
            }
        case .slide(let anchorA, let anchorB, let min, let max):
            raw = cpSlideJointNew(a.raw, b.raw, anchorA.cp, anchorB.cp, min, max)
        case .spring(let anchorA, let anchorB, let restLength, let stiffness, let damping):
            raw = cpDampedSpringNew(a.raw, b.raw, anchorA.cp, anchorB.cp, restLength, stiffness, damping)
        case .motor(let rate):
            raw = cpSimpleMotorNew(a.raw, b.raw, rate)
        case .groove(let grooveA, let grooveB, let anchorB):
            raw = cpGrooveJointNew(a.raw, b.raw, grooveA.cp, grooveB.cp, anchorB.cp)
        case .rotarySpring(let restAngle, let stiffness, let damping):
            raw = cpDampedRotarySpringNew(a.raw, b.raw, restAngle, stiffness, damping)
        case .rotaryLimit(let min, let max):
            raw = cpRotaryLimitJointNew(a.raw, b.raw, min, max)
        case .ratchet(let phase, let ratchet):
            precondition(ratchet != 0 && ratchet.isFinite, "a ratchet's clicks must be a finite angle other than 0")
            raw = cpRatchetJointNew(a.raw, b.raw, phase, ratchet)
        case .gear(let phase, let ratio):
            precondition(ratio != 0 && ratio.isFinite, "a gear's ratio must be finite and not 0")
            raw = cpGearJointNew(a.raw, b.raw, phase, ratio)
        }
        tag = cratebox_joint_tag_new(nil)!
        tag.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        cpConstraintSetUserData(raw, UnsafeMutableRawPointer(tag))
    }

    /// Takes over a joint made in C (an exact copy read back), with the tag it carries.
    init(adopting raw: OpaquePointer, kind: Kind, a: Body, b: Body) {
        self.raw = raw
        self.kind = kind
        self.a = a
        self.b = b
        if let data = cpConstraintGetUserData(raw) {
            tag = data.assumingMemoryBound(to: cratebox_joint_tag.self)
        } else {
            tag = cratebox_joint_tag_new(nil)!
            cpConstraintSetUserData(raw, UnsafeMutableRawPointer(tag))
        }
        tag.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    /// What the C callbacks read of this joint (`cratebox_joint_tag`).
    private let tag: UnsafeMutablePointer<cratebox_joint_tag>

    deinit {
        cpConstraintFree(raw)
        cratebox_joint_tag_free(tag)
    }

    static func from(_ raw: OpaquePointer) -> Joint? {
        guard let data = cpConstraintGetUserData(raw) else { return nil }
        let tag = data.assumingMemoryBound(to: cratebox_joint_tag.self)
        guard let owner = tag.pointee.owner else { return nil }
        return Unmanaged<Joint>.fromOpaque(owner).takeUnretainedValue()
    }

    /// Makes the joint break (leave its space for good) once the force it
    /// applies goes over `force`, as Chipmunk's Chains demo breaks its links;
    /// `Space.step` reports the joints that broke.
    /// The corresponding C functions are `cpConstraintSetPostSolveFunc`, `cpConstraintGetImpulse` and `cpSpaceAddPostStepCallback`.
    public func breaks(above force: Double) {
        precondition(force > 0 && !force.isNaN, "a break force must be above 0")
        cratebox_make_breakable(raw, force)
    }

    /// The force above which the joint breaks; nil when it does not break.
    public var breakForce: Double? { tag.pointee.breakForce > 0 ? tag.pointee.breakForce : nil }

    /// The most speed the joint may correct its error at (infinite by default).
    /// The corresponding C function is `cpConstraintSetMaxBias`.
    public var maxBias: Double {
        get { cpConstraintGetMaxBias(raw) }
        set {
            precondition(newValue >= 0 && !newValue.isNaN, "maxBias must be >= 0")
            cpConstraintSetMaxBias(raw, newValue)
        }
    }

    /// A motor's rate, in radians per second. The corresponding C functions are `cpSimpleMotorGetRate` and `cpSimpleMotorSetRate`.
    public var motorRate: Double? {
        get {
            guard case .motor = kind else { return nil }
            return cpSimpleMotorGetRate(raw)
        }
        set {
            guard case .motor = kind, let newValue else { preconditionFailure("only a motor has a rate") }
            precondition(newValue.isFinite, "a motor's rate must be finite")
            cpSimpleMotorSetRate(raw, newValue)
        }
    }

    /// Whether the joint holds its bodies at points (motors, gears, ratchets
    /// and rotary joints act on their angles only).
    public var hasAnchors: Bool {
        switch kind {
        case .pivot, .pivotAnchors, .pin, .slide, .spring, .groove: true
        case .motor, .rotarySpring, .rotaryLimit, .ratchet, .gear: false
        }
    }

    /// The largest force the joint may apply (infinite by default).
    /// The corresponding C function is `cpConstraintSetMaxForce`.
    public var maxForce: Double {
        get { cpConstraintGetMaxForce(raw) }
        set { surfaced(surface_joint_set_max_force(raw, newValue), "maxForce must be >= 0") }
    }

    /// Fraction of the joint's error left after one second (Chipmunk's default
    /// pow(0.9, 60)). The corresponding C function is `cpConstraintSetErrorBias`.
    public var errorBias: Double {
        get { cpConstraintGetErrorBias(raw) }
        set {
            precondition(newValue >= 0 && newValue.isFinite, "errorBias must be >= 0")
            cpConstraintSetErrorBias(raw, newValue)
        }
    }

    /// The joint's anchors in world coordinates (for drawing).
    public var worldAnchors: (a: Vector, b: Vector) {
        switch kind {
        case .pivot, .pivotAnchors:
            let anchorA = Vector(cpPivotJointGetAnchorA(raw)), anchorB = Vector(cpPivotJointGetAnchorB(raw))
            return (a.localToWorld(anchorA), b.localToWorld(anchorB))
        case .pin(let anchorA, let anchorB, _), .slide(let anchorA, let anchorB, _, _), .spring(let anchorA, let anchorB, _, _, _):
            return (a.localToWorld(anchorA), b.localToWorld(anchorB))
        case .groove:
            // The point of the groove nearest the pin, and the pin.
            let pin = b.localToWorld(Vector(cpGrooveJointGetAnchorB(raw)))
            let ga = a.localToWorld(Vector(cpGrooveJointGetGrooveA(raw))), gb = a.localToWorld(Vector(cpGrooveJointGetGrooveB(raw)))
            let d = gb - ga, l2 = d.dot(d)
            let t = l2 > 0 ? min(max((pin - ga).dot(d) / l2, 0), 1) : 0
            return (ga + d * t, pin)
        case .motor, .rotarySpring, .rotaryLimit, .ratchet, .gear:
            return (a.position, b.position)
        }
    }

    /// A pin joint's length: the distance it keeps its anchors at (at first,
    /// their distance when the joint was made). Nil for other kinds.
    /// The corresponding C functions are `cpPinJointGetDist` and `cpPinJointSetDist`.
    public var pinDistance: Double? {
        guard case .pin = kind else { return nil }
        return cpPinJointGetDist(raw)
    }

    /// A slide joint's longest distance (a rope's length), which a winch changes.
    /// Nil for other kinds. The corresponding C functions are `cpSlideJointGetMax` and `cpSlideJointSetMax`.
    public var slideMax: Double? {
        get {
            guard case .slide = kind else { return nil }
            return cpSlideJointGetMax(raw)
        }
        set {
            guard case .slide = kind, let newValue else { preconditionFailure("only a slide joint has a max") }
            precondition(newValue >= 0 && newValue.isFinite, "a slide joint's max must be finite and >= 0")
            cpSlideJointSetMax(raw, newValue)
        }
    }

    /// Sets a pin joint's length. The corresponding C function is `cpPinJointSetDist`.
    public func setPinDistance(_ distance: Double) {
        guard case .pin = kind else { preconditionFailure("only a pin joint has a distance") }
        precondition(distance >= 0 && distance.isFinite, "a pin's distance must be finite and >= 0")
        cpPinJointSetDist(raw, distance)
    }

    /// The anchors on each body, in body coordinates, exactly as Chipmunk holds
    /// them (for a pivot made from a world point, where that point was on each
    /// body when it was made). A motor has none: (0, 0) on both.
    /// The corresponding C functions are `cpPivotJointGetAnchorA`, `cpPinJointGetAnchorA`, ... and their `B`s.
    public var localAnchors: (a: Vector, b: Vector) {
        switch kind {
        case .pivot, .pivotAnchors: (Vector(cpPivotJointGetAnchorA(raw)), Vector(cpPivotJointGetAnchorB(raw)))
        case .pin: (Vector(cpPinJointGetAnchorA(raw)), Vector(cpPinJointGetAnchorB(raw)))
        case .slide: (Vector(cpSlideJointGetAnchorA(raw)), Vector(cpSlideJointGetAnchorB(raw)))
        case .spring: (Vector(cpDampedSpringGetAnchorA(raw)), Vector(cpDampedSpringGetAnchorB(raw)))
        case .groove: (.zero, Vector(cpGrooveJointGetAnchorB(raw)))
        case .motor, .rotarySpring, .rotaryLimit, .ratchet, .gear: (.zero, .zero)
        }
    }

    /// Whether the two bodies collide with each other.
    /// The corresponding C function is `cpConstraintSetCollideBodies`.
    public var collideBodies: Bool {
        get { cpConstraintGetCollideBodies(raw) != 0 }
        set { cpConstraintSetCollideBodies(raw, newValue ? 1 : 0) }
    }

}

extension Joint {
    /// The end whose springs' load this spring, made and not yet added, would raise over 1
    /// (docs/scene-format.md 16.11.1); nil when it fits or is no spring.
    package var overloadedEnd: Body? {
        let result = surface_spring_fits(raw)
        guard result.refusal == SURFACE_TOO_STIFF, let loaded = result.loaded else { return nil }
        return a.raw == loaded ? a : b
    }
}
