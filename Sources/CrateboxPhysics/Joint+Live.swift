import CChipmunk
import CrateboxGeometry

extension Joint {
    /// `kind` (the scene's word for this joint) with the numbers a scene's
    /// script may set as Chipmunk holds them now (docs/scene-format.md 16.10: a
    /// spring's, a rotary spring's, a slide's and a rotary limit's, a groove's
    /// ends, a gear's), so that drawing and a saved scene follow them. The rest,
    /// and what controls drive (a motor's rate, a winch's rope), as given.
    public func live(_ kind: Kind) -> Kind {
        switch kind {
        case .slide(let a, let b, _, let hi) where cpConstraintIsSlideJoint(raw) != 0:
            return .slide(anchorA: a, anchorB: b, min: cpSlideJointGetMin(raw), max: hi)
        case .spring(let a, let b, _, _, _) where cpConstraintIsDampedSpring(raw) != 0:
            return .spring(anchorA: a, anchorB: b, restLength: cpDampedSpringGetRestLength(raw),
                           stiffness: cpDampedSpringGetStiffness(raw), damping: cpDampedSpringGetDamping(raw))
        case .groove(_, _, let anchor) where cpConstraintIsGrooveJoint(raw) != 0:
            return .groove(grooveA: Vector(cpGrooveJointGetGrooveA(raw)), grooveB: Vector(cpGrooveJointGetGrooveB(raw)), anchorB: anchor)
        case .rotarySpring where cpConstraintIsDampedRotarySpring(raw) != 0:
            return .rotarySpring(restAngle: cpDampedRotarySpringGetRestAngle(raw), stiffness: cpDampedRotarySpringGetStiffness(raw),
                                 damping: cpDampedRotarySpringGetDamping(raw))
        case .rotaryLimit where cpConstraintIsRotaryLimitJoint(raw) != 0:
            return .rotaryLimit(min: cpRotaryLimitJointGetMin(raw), max: cpRotaryLimitJointGetMax(raw))
        case .gear where cpConstraintIsGearJoint(raw) != 0:
            return .gear(phase: cpGearJointGetPhase(raw), ratio: cpGearJointGetRatio(raw))
        default:
            return kind
        }
    }
}
