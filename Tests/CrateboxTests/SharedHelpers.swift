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
]
