// libFuzzer target: event application. The first byte picks a scene (the
// shipped ones but the 1,000-crate pile, and the valid fixtures), the rest is read as a list of
// events and runs of steps, so that any sequence a journal can hold (with
// any numbers, in range or not) is tried against Chipmunk's assertions.
import FuzzDriver
import CrateboxReplay
import SceneFormat
import Simulation

/// The scenes, embedded at build time by scripts/fuzz (FuzzScenes.swift).
let scenes: [Scene] = fuzzSceneTexts.compactMap { entry in
    try? Scene.decode(Array(entry.scene.utf8), file: "scene") { _ in entry.script }
}

struct Reader {
    var bytes: [UInt8]
    var index = 0
    var atEnd: Bool { index >= bytes.count }
    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }
    /// Mostly a point inside the scene; sometimes any double at all.
    mutating func number(_ span: Double) -> Double {
        let kind = byte()
        if kind & 0xC0 == 0xC0 {
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        }
        return (Double(kind) / 63 - 0.1) * span + Double(byte()) / 256
    }
}

@main struct Main {
    static func main() { runFuzzer(fuzzEvents) }
}

/// One input; libFuzzer calls this as often as it can.
func fuzzEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    var input = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    guard !scenes.isEmpty else { fatalError("no scenes embedded") }
    let scene = scenes[Int(input.byte()) % scenes.count]
    guard let world = try? World(scene: scene) else { fatalError("a shipped scene does not build") }
    let w = scene.width, h = scene.height
    var events = 0
    while !input.atEnd && events < 400 {
        events += 1
        let op = input.byte()
        let event: Event
        switch op % 10 {
        case 0: event = .tilt(x: input.number(4) - 2, y: input.number(4) - 2)
        case 1: event = .spawn(x: input.number(w), y: input.number(h))
        case 2: event = .grab(body: Int(input.byte()) % (world.bodies.count + 2), x: input.number(w), y: input.number(h))
        case 3: event = .drag(x: input.number(w), y: input.number(h))
        case 4: event = .release
        case 5: event = .remove(body: Int(input.byte()) % (world.bodies.count + 2))
        case 6: event = .reset
        case 7:
            // A key of the scene's controls going down or up (or one it does not bind, refused).
            let down = input.byte() & 1 == 1
            let pick = Int(input.byte())
            event = .key(scene.controls.isEmpty ? .key("Right") : scene.controls[pick % scene.controls.count].trigger, down: down)
        default:
            for _ in 0..<(1 + Int(input.byte() % 16)) { try? world.step() }
            continue
        }
        try? world.apply(event)  // refused events are fine; asserts are not
    }
    try? world.step()
    _ = world.stateHash
    return 0
}
