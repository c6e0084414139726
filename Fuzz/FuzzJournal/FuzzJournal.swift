// libFuzzer target: the journal reader (as a recording and as a script), and
// replaying what it reads, for journals short enough to replay quickly.
import FuzzDriver
import CrateboxReplay
import SceneFormat
import Simulation

@main struct Main {
    static func main() { runFuzzer(fuzzJournal) }
}

/// One input; libFuzzer calls this as often as it can.
func fuzzJournal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? Journal.parse(bytes, file: "fuzz.jsonl", requireHeader: false)
    guard let journal = try? Journal.parse(bytes, file: "fuzz.jsonl"),
          let replay = try? Replay(journal: journal, file: "fuzz.jsonl"),
          replay.scene.bodies.count <= 200, replay.lastStep <= 1_000 else { return 0 }
    _ = replay.verify()
    return 0
}
