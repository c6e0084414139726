import CrateboxReplay

/// Watching a replay: what the window has been told about it (inputs that
/// would change the world are refused). The replay itself is the timeline's.
final class Watching {
    /// A divergence, once the replay found one.
    var problem: String?
    var endShown = false
    var refusalShown = false
    /// The steps of the journal's checkpoints (ticks on the timeline).
    let checkpointSteps: [Int]

    init(_ replay: Replay) {
        checkpointSteps = replay.journal.checkpoints.map(\.step)
    }
}
