import Replay
import Simulation

/// What the window shows: a live session (which can be recorded), or a
/// replay being watched (inputs that would change the world are refused).
/// Later modes (building a scene) join here. It belongs to the physics thread.
enum PhysicsMode {
    case live(Session)
    case watching(Watching)

    var world: World {
        switch self {
        case .live(let session): session.world
        case .watching(let watching): watching.replay.world
        }
    }

    /// The text and file name of the scene the world was built from.
    var sceneSource: (text: String, file: String) {
        switch self {
        case .live(let session): (session.sceneText, session.sceneFile)
        case .watching(let watching): (watching.replay.journal.header?.sceneText ?? "", watching.replay.journal.header?.sceneFile ?? "")
        }
    }

    var session: Session? {
        if case .live(let session) = self { return session }
        return nil
    }

    var watching: Watching? {
        if case .watching(let watching) = self { return watching }
        return nil
    }
}

/// Watching a replay: the player, and what it has reported.
final class Watching {
    let replay: Replay
    /// A divergence, once the replay found one.
    var problem: String?
    var endShown = false
    var refusalShown = false
    /// The steps of the journal's checkpoints (ticks on the timeline).
    lazy var checkpointSteps = replay.journal.checkpoints.map(\.step)

    init(_ replay: Replay) { self.replay = replay }
}
