// libFuzzer target: the JSON reader, the scene decoder and the validator, and
// for a scene that passes, building its World and stepping it: whatever the
// validator accepts must not make Chipmunk assert (scripts/fuzz).
import FuzzDriver
import CrateboxReplay
import SceneFormat
import Simulation

@main struct Main {
    static func main() { runFuzzer(fuzzScene) }
}

/// One input; libFuzzer calls this as often as it can.
func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let scene = try? Scene.decode(bytes, file: "fuzz.json") else { return 0 }
    // Big scenes are valid but slow; a few steps of a small one find the asserts.
    guard scene.bodies.count <= 200, let world = try? World(scene: scene) else { return 0 }
    for _ in 0..<4 { try? world.step() }
    _ = world.currentScene().json()
    return 0
}
