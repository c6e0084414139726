import Foundation
import TestSupport
import Testing
@testable import cratebox

// Helpers the suites of this target share (free functions, not borrowed from one suite).

/// Scripted sessions covering every event kind, with their final hashes.
let goldenJournals: [(String, String, Int, Int)] = [
    ("crates-every-event.jsonl", "c6dbf9189b573e48", 720, 6),
    ("bridge-drag-and-cut.jsonl", "c4fcd62d7cbb74a2", 480, 4),
    ("pyramid-tilted.jsonl", "e2fc851b10cff2bc", 480, 4),
    ("car-drive.jsonl", "28b84fb2b0002738", 720, 6),
    // Scenes/hoop.json's script counts balls dropped through its hoop, before and after a reset.
    ("hoop-drops.jsonl", "a47a1316f67b25d3", 720, 6),
    // The contraptions (Scenes/): a door a plate opens, a factory that makes and destroys, a platformer level, a domino run.
    ("door-opens.jsonl", "55ee1305b4b0f6d8", 720, 6),
    ("factory-runs.jsonl", "fe03947b4acaa852", 720, 6),
    ("platformer-run.jsonl", "8510e73245b02837", 720, 6),
    ("dominoes-fall.jsonl", "14f5a9da8399fa30", 1440, 12),
    // Scenes/bounce.json's ball bounces on the floor: each landing after a flight is a contact that begins (SoundtrackTests).
    ("bounce-lands.jsonl", "deaabd4ca3e77b8b", 480, 4),
    // Scenes/pinball.json, a game with the sandbox off: flippers on key taps and clicks, three balls, game over, N (16.13, 16.14).
    ("pinball-game.jsonl", "e24bdea6a8b2c48b", 3600, 30),
    // Scenes/catch.json, the guide's thirty-line game: a timer drops the balls, rounds kept by world:reset(keep).
    ("catch-rounds.jsonl", "22ab5385ac57348e", 2400, 20),
]

/// The message and exit status a mistake on the command line gets, found in
/// this process as `main` finds it: the first word checked, the arguments
/// parsed and validated, and with `running`, the command run (for a usage
/// error only the run finds, before it writes anything). Nil: no mistake.
func refusal(_ arguments: [String], running: Bool = false) -> (message: String, status: Int32)? {
    do {
        try Cratebox.checkFirstWord(arguments)
        var command = try Cratebox.parseAsRoot(arguments)
        if running { try command.run() }
        return nil
    } catch let failure as Failure {
        return (failure.message, failure.status.rawValue)
    } catch {
        return (Cratebox.message(for: error), Cratebox.exitCode(for: error).rawValue)
    }
}
