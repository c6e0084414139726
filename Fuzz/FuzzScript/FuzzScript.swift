// libFuzzer target: the script sandbox (docs/scene-format.md section 16).
// Any text is run as a script with small limits and its `step` called a few
// times; text whose top level runs is then the script of one of the scripted
// fixture scenes (the first byte picks it), stepped with spawns and removals,
// written as an exact state and read back: the copy must go on as the
// original does. Inputs that begin with 0xFF are calls instead (FuzzCalls.swift).
// Nothing may crash, leak, hang past the budget or take the memory.
import FuzzDriver
import SceneFormat
import Scripting
import Simulation

/// The scripted fixtures, embedded at build time by scripts/fuzz (FuzzScenes.swift), with the
/// modules they require. (Each input's script takes the place of the fixture's own.)
let scenes: [Scene] = fuzzSceneTexts.compactMap { entry in
    try? Scene.decode(Array(entry.scene.utf8), file: "scene", script: { _ in entry.script }, modules: { fuzzModuleTexts[$0] })
}

@main struct Main {
    static func main() { runFuzzer(fuzzScript) }
}

/// One input; libFuzzer calls this as often as it can.
func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size <= 16_384 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // A first byte of 0xFF: the bytes describe API calls with hostile values, in every place a script runs (FuzzCalls.swift).
    if size > 0 && bytes[0] == 0xFF {
        runHostileCalls(bytes)
        return 0
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let vm = try? ScriptVM(memoryLimit: 8 << 20, instructions: 200_000) else { return 0 }
    vm.seed(UInt64(size))
    do { try vm.run(text, name: "fuzz.lua") } catch { return 0 }
    for _ in 0..<3 {
        do { try vm.call("step") } catch { break }
    }
    guard !scenes.isEmpty, size > 0 else { return 0 }
    var scene = scenes[Int(bytes[0]) % scenes.count]
    if let name = scene.script { scene.useScript(name, text: text) }
    runInWorld(scene, bytes)
    return 0
}

/// The script in a world: steps with spawns and removals, then an exact
/// state read back, which must step as the original does.
func runInWorld(_ scene: Scene, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let world = try? World(scene: scene) else { return }
    for k in 0..<24 {
        let b = Int(bytes[k % bytes.count])
        if b % 7 == 0 { try? world.apply(.spawn(x: scene.width * 0.5, y: scene.height * 0.8)) }
        if b % 11 == 0 { try? world.apply(.remove(body: b % (world.bodies.count + 1))) }
        // Keys and buttons for the input functions (16.13), a key held into the exact state sometimes.
        if b % 5 == 0 { try? world.apply(.key(.key(["Space", "K", "Up"][b % 3]), down: !world.held.contains(.key(["Space", "K", "Up"][b % 3])))) }
        if b % 13 == 0 { try? world.apply(.click(x: Double(b), y: Double(k), button: [.left, .right, .middle][b % 3], down: b % 2 == 0)) }
        do { try world.step() } catch { return }
    }
    guard let state = try? world.snapshot() else { return }
    guard let copy = try? World(scene: scene, snapshot: state) else { fatalError("an exact state of a scripted world does not read back") }
    for _ in 0..<8 {
        let a: Bool, b: Bool
        do { try world.step(); a = true } catch { a = false }
        do { try copy.step(); b = true } catch { b = false }
        guard a == b else { fatalError("a scripted world read back stops where the original does not (or goes on where it stops)") }
        if !a { return }
    }
    guard world.stateHash == copy.stateHash, (try? world.snapshot()) == (try? copy.snapshot()) else {
        fatalError("a scripted world read back does not go on as the original")
    }
}
