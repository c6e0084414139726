/// A misuse of the Physics API that Chipmunk would abort on. The wrappers check
/// for these before calling Chipmunk, so a mistake is an error, never an abort.
public enum PhysicsError: Error, Equatable, CustomStringConvertible {
    /// The body, shape or joint (named) is in a space already.
    case alreadyInSpace(String)
    /// The body, shape or joint (named) is not in this space.
    case notInSpace(String)
    /// A shape or joint (named) whose body is not in the space yet.
    case bodyNotInSpace(String)
    /// A joint or shape on the static body of another space.
    case staticBodyOfAnotherSpace
    /// A dynamic body (named) with no mass or no moment of inertia: Chipmunk would divide by zero in the step.
    case massless(String)
    /// A joint between two bodies that are not dynamic: it would have nothing to move.
    case jointWithoutDynamicBody
    /// An exact copy of a space could not be made or read back (why, in a line).
    case snapshot(String)
    /// A spring or rotary spring would make the springs on a body (named) too stiff for their
    /// bodies at 1/120 s steps (docs/scene-format.md 16.11.1): Chipmunk's explicit spring
    /// force would gain energy every step until it aborts.
    case tooStiff(String)
    /// A body (named) the next step would carry past the spatial hash's
    /// cells, whose numbers Chipmunk keeps as ints: the step would take hours.
    case beyondSpatialHash(String)

    /// One line saying what was misused and how.
    public var description: String {
        switch self {
        case .alreadyInSpace(let what): "the \(what) is already in a space; remove it first"
        case .notInSpace(let what): "the \(what) is not in this space"
        case .bodyNotInSpace(let what): "the \(what)'s body must be added to the space first"
        case .staticBodyOfAnotherSpace: "the shape is on the static body of another space"
        case .snapshot(let why): why
        case .beyondSpatialHash(let what): "\(what) is going farther than 2^30 cells of the spatial hash from the origin, past where Chipmunk can number its cells; the simulation stops here"
        case .jointWithoutDynamicBody: "a joint needs at least one dynamic body; between two bodies of infinite mass Chipmunk cannot solve it"
        case .tooStiff(let what): "the springs on \(what) would be too stiff for their bodies at 1/120 s steps (section 8): make them softer or the bodies heavier"
        case .massless(let what): "\(what): a dynamic body needs positive mass and moment before the space steps; give its shapes a mass or density"
        }
    }
}
