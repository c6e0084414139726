import CrateboxPhysics

/// Why a world could not be built or go on stepping: the physics layer refused
/// what Chipmunk would abort on, or the scene's script stopped. (The physics
/// layer knows nothing of scripts: a script's stop is the world's to say.)
public enum SimulationError: Error, Equatable, CustomStringConvertible {
    /// The physics layer refused (a mass of zero, a body past the spatial hash's cells...).
    case physics(PhysicsError)
    /// The scene's script stopped: `NAME.lua:LINE: what (step N)`.
    case script(String)

    /// One line saying why.
    public var description: String {
        switch self {
        case .physics(let error): error.description
        case .script(let message): message
        }
    }
}
