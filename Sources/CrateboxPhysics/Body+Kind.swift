import CChipmunk
import ChipmunkSurface

/// Why a body's kind was not changed (`Body.setKind`).
public enum KindChangeRefusal {
    /// Chipmunk is stepping: a kind changes only between steps.
    case inStep
    /// The mass (number 0) or the moment (number 1) is outside its range.
    case outOfRange(number: Int)
    /// A mass and moment were given for a kind that is not dynamic.
    case massForNotDynamic
    /// Turned dynamic, its shapes would give it no mass or no moment, and none was given.
    case noMass
    /// Turned dynamic, it would have this many shapes, more than a dynamic body may.
    case tooManyShapes(Int)
    /// This joint would be left with no dynamic end (or, turning, with no end that turns).
    case unsolvable(Joint)
    /// The springs on this body would be too stiff for their bodies (docs/scene-format.md 16.11.1).
    case tooStiff(Body)
}

extension Body {
    /// The most shapes a dynamic body may have (a scene's limit).
    public static let maxDynamicShapes = Int(SURFACE_MAX_DYNAMIC_SHAPES)

    /// Changes the body's kind between steps (`cpBodySetType`, through the checked surface:
    /// chipmunk_surface.h says what it refuses and what it wakes). Turned dynamic, its mass
    /// and moment are its shapes', or `mass` and `moment` when given (both or neither).
    /// `lettingGo` is a joint the caller removes right after, before any step (a grab's): it is
    /// not checked. Nil when it was changed; else why not, and nothing changed. `work` counts
    /// the springs' loads figured (docs/scene-format.md 16.11.1), changed or not.
    package func setKind(_ kind: Kind, mass: Double? = nil, moment: Double? = nil, lettingGo: Joint? = nil,
                         work: inout Int) -> KindChangeRefusal? {
        precondition((mass == nil) == (moment == nil), "a mass and a moment go together")
        let code = switch kind {
        case .dynamic: Int32(SURFACE_DYNAMIC)
        case .kinematic: Int32(SURFACE_KINEMATIC)
        case .static: Int32(SURFACE_STATIC_TOO)
        }
        let result: surface_result
        if let mass, let moment {
            let numbers = [mass, moment]
            result = numbers.withUnsafeBufferPointer { surface_body_set_type(raw, code, $0.baseAddress, lettingGo?.raw) }
        } else {
            result = surface_body_set_type(raw, code, nil, lettingGo?.raw)
        }
        work += Int(result.work)
        switch result.refusal {
        case SURFACE_DONE:
            self.kind = kind
            return nil
        case SURFACE_IN_STEP: return .inStep
        case SURFACE_OUT_OF_RANGE: return .outOfRange(number: Int(result.number))
        case SURFACE_NOT_DYNAMIC: return .massForNotDynamic
        case SURFACE_NO_MASS: return .noMass
        case SURFACE_TOO_MANY_SHAPES: return .tooManyShapes(Int(result.number))
        case SURFACE_JOINED:
            // Every joint a World's body holds is one of its space's.
            guard let named = result.joint, let joint = space?.joints.first(where: { $0.raw == named }) else {
                preconditionFailure("a joint that is in no space")
            }
            return .unsolvable(joint)
        case SURFACE_TOO_STIFF:
            guard let loaded = result.loaded, let body = space?.bodies.first(where: { $0.raw == loaded }) else {
                preconditionFailure("a body that is in no space")
            }
            return .tooStiff(body)
        default: preconditionFailure("a refusal setKind does not make: \(result.refusal.rawValue)")
        }
    }
}
