/// A misuse of the Physics API that Chipmunk would abort on. The wrappers check
/// for these before calling Chipmunk, so a mistake is an error, never an abort.
public enum PhysicsError: Error, Equatable, CustomStringConvertible {
    case alreadyInSpace(String)
    case notInSpace(String)
    case bodyNotInSpace(String)
    case staticBodyOfAnotherSpace
    case massless(String)
    case jointWithoutDynamicBody

    public var description: String {
        switch self {
        case .alreadyInSpace(let what): "the \(what) is already in a space; remove it first"
        case .notInSpace(let what): "the \(what) is not in this space"
        case .bodyNotInSpace(let what): "the \(what)'s body must be added to the space first"
        case .staticBodyOfAnotherSpace: "the shape is on the static body of another space"
        case .jointWithoutDynamicBody: "a joint needs at least one dynamic body; between two bodies of infinite mass Chipmunk cannot solve it"
        case .massless(let what): "\(what): a dynamic body needs positive mass and moment before the space steps; give its shapes a mass or density"
        }
    }
}
