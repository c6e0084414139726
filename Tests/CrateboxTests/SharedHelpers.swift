import Foundation
import TestSupport
import Testing

// Helpers the suites of this target share (free functions, not borrowed from one suite).

/// Scripted sessions covering every event kind, with their final hashes.
let goldenJournals: [(String, String, Int, Int)] = [
    ("crates-every-event.jsonl", "c6dbf9189b573e48", 720, 6),
    ("bridge-drag-and-cut.jsonl", "3a3092b3e90dba56", 480, 4),
    ("pyramid-tilted.jsonl", "ebe760923c1094f8", 480, 4),
    ("car-drive.jsonl", "d53fa64d49294dd4", 720, 6),
    // Scenes/hoop.json's script counts balls dropped through its hoop, before and after a reset.
    ("hoop-drops.jsonl", "a47a1316f67b25d3", 720, 6),
    // The contraptions (Scenes/): a door a plate opens, a factory that makes and destroys, a platformer level, a domino run.
    ("door-opens.jsonl", "d4e9b826e35bbfe8", 720, 6),
    ("factory-runs.jsonl", "51a554935274081a", 720, 6),
    ("platformer-run.jsonl", "8510e73245b02837", 720, 6),
    ("dominoes-fall.jsonl", "f6a89a689cb58003", 1440, 12),
    // Scenes/bounce.json's ball bounces on the floor: each landing after a flight is a contact that begins (SoundtrackTests).
    ("bounce-lands.jsonl", "deaabd4ca3e77b8b", 480, 4),
]
