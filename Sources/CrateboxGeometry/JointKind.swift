/// The constraints of Chipmunk 7 that the sandbox uses, spelled as a
/// scene's joint types are (`JointSpec.Kind` is this type: one enum for
/// the format and the physics); anchors in body coordinates unless said
/// otherwise. The grab's two-anchor pivot is a `pivotAnchors`.
public enum JointKind: Equatable, Sendable {
    /// Two bodies pinned at a world point (`anchor`: each body's anchor is
    /// where that point is on it when the joint is made).
    case pivot(anchor: Vector)
    /// Two bodies pinned by a point on each (`anchorA`, `anchorB`, body-local):
    /// how a running pivot is saved, its anchors exactly as Chipmunk holds them.
    case pivotAnchors(anchorA: Vector, anchorB: Vector)
    /// A rod: the anchors keep their distance (`distance`; nil: the distance
    /// they had when the joint was made) (`cpPinJoint`).
    case pin(anchorA: Vector, anchorB: Vector, distance: Double? = nil)
    /// A rope: the anchors' distance stays within `min`...`max` points (`cpSlideJoint`).
    case slide(anchorA: Vector, anchorB: Vector, min: Double, max: Double)
    /// A spring pulling the anchors towards `restLength` points apart, with `stiffness` (force per point) and `damping` (`cpDampedSpring`).
    case spring(anchorA: Vector, anchorB: Vector, restLength: Double, stiffness: Double, damping: Double)
    /// Keeps the bodies' relative angular velocity at `rate` radians per second (`cpSimpleMotor`).
    case motor(rate: Double)
    /// A pin on `b` (`anchorB`) that slides along the groove from `grooveA` to `grooveB` on `a` (`cpGrooveJoint`).
    case groove(grooveA: Vector, grooveB: Vector, anchorB: Vector)
    /// Pulls a's angle minus b's towards `restAngle` (Chipmunk's sign; the
    /// rotary limit and ratchet measure b's minus a's) (`cpDampedRotarySpring`).
    case rotarySpring(restAngle: Double, stiffness: Double, damping: Double)
    /// Keeps the bodies' relative angle within `min`...`max` radians (`cpRotaryLimitJoint`).
    case rotaryLimit(min: Double, max: Double)
    /// Lets the relative angle turn one way only, in clicks of `ratchet` radians from `phase` (`cpRatchetJoint`).
    case ratchet(phase: Double, ratchet: Double)
    /// Keeps the bodies' angular velocities in `ratio`, offset by `phase` (`cpGearJoint`).
    case gear(phase: Double, ratio: Double)

    /// The kind as the exact state records it: a pin's distance left out
    /// (the constraint itself holds it), everything else as it is.
    public var recorded: JointKind {
        if case .pin(let a, let b, _) = self { return .pin(anchorA: a, anchorB: b) }
        return self
    }
}

extension JointKind {
    /// Whether the joint acts on its bodies' angles only (a gear, a ratchet, a rotary limit or
    /// spring, a motor): it needs a body that turns, a dynamic one with a finite moment.
    public var turnsBodies: Bool {
        switch self {
        case .rotarySpring, .rotaryLimit, .ratchet, .gear, .motor: true
        default: false
        }
    }
}
