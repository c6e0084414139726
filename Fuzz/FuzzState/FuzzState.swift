// libFuzzer target: the exact-state reader, past the SHA-256 a state file or a
// journal's keyframe line carries (libFuzzer could not get through it). The
// first byte picks a scene (the shipped ones but the 1,000-crate pile, the
// demos and the valid fixtures), the rest is a world's bytes, as
// `World.snapshot()` writes them and a keyframe holds them. A world that reads
// back is copied again, cut, blown up, grabbed and stepped: whatever the
// reader lets through must step without a crash or a Chipmunk assertion.
// The mutator knows the bytes hold numbers, counts and links: it writes
// special doubles and ints and copies words about, beside libFuzzer's own.
// `FuzzState --make-corpus DIR` writes the seeds: a state of every scene,
// after a session of every event, awake and asleep.
import FuzzDriver
import CrateboxGeometry
import SceneFormat
import Simulation
#if canImport(Glibc)
import Glibc
#endif

/// The scenes, embedded at build time by scripts/fuzz (FuzzScenes.swift).
let scenes: [Scene] = fuzzSceneTexts.compactMap { entry in
    try? Scene.decode(Array(entry.scene.utf8), file: "scene") { _ in entry.script }
}

@main struct Main {
    static func main() {
        if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--make-corpus" {
            makeCorpus(in: CommandLine.arguments[2])
            exit(0)
        }
        runFuzzer(fuzzState)
    }
}

/// One input; libFuzzer calls this as often as it can.
func fuzzState(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 1 else { return 0 }
    guard !scenes.isEmpty else { fatalError("no scenes embedded") }
    let scene = scenes[Int(data[0]) % scenes.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let world = try? World(scene: scene, snapshot: bytes) else { return 0 }
    _ = try? world.snapshot()
    let (w, h) = (scene.width, scene.height)
    let events: [Event] = [
        .slice(a: Vector(-10, h / 2), b: Vector(w + 10, h / 2 + 1)),
        .explode(x: w / 2, y: h / 3, radius: 200, impulse: 5000),
        .grab(body: 0, x: w / 2, y: h / 2), .drag(x: w / 3, y: h / 3),
        .spawn(x: w / 2, y: h * 0.8), .tilt(x: 0.7, y: -0.7),
    ]
    for event in events {
        try? world.apply(event)  // refused events are fine; crashes and asserts are not
        for _ in 0..<10 { try? world.step() }
    }
    _ = world.stateHash
    return 0
}

/// The seeds: each scene's state after a session of every event (a grab
/// held, spawns, a cut, a tilt), once early and once late, when piles sleep.
func makeCorpus(in folder: String) {
    for (i, scene) in scenes.enumerated() {
        guard let world = try? World(scene: scene) else { continue }
        let (w, h) = (scene.width, scene.height)
        for (k, steps) in [40, 400].enumerated() {
            try? world.apply(.spawn(x: w * 0.3, y: h * 0.7))
            try? world.apply(.grab(body: 0, x: w / 2, y: h / 2))
            for _ in 0..<(steps / 2) { try? world.step() }
            try? world.apply(.slice(a: Vector(-10, h / 4), b: Vector(w + 10, h / 4 + 3)))
            try? world.apply(.tilt(x: 0.3, y: -1))
            for _ in 0..<(steps / 2) { try? world.step() }
            guard let bytes = try? world.snapshot(), bytes.count < 1 << 20 else { continue }
            let path = "\(folder)/state-\(i)-\(k)"
            guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
            let input = [UInt8(i)] + bytes
            guard fwrite(input, 1, input.count, file) == input.count, fclose(file) == 0 else { fatalError("cannot write \(path)") }
        }
    }
}

// MARK: The mutator

@_silgen_name("LLVMFuzzerMutate")
private func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// The doubles a state's numbers go wrong with, and the ints its counts and links do.
private let doubles: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 3e9, -3e9, 0, -0.0, 1e-300, -1, 1e6, 1e31, .leastNonzeroMagnitude]
private let ints: [Int32] = [-1, 0, 1, 2, 3, 7, 255, 256, .max, .min, 1_000_000, 100_000_001]

/// A small deterministic generator (libFuzzer hands each call a seed).
private struct Mix {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(max(n, 1)))
    }
}

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var mix = Mix(state: UInt64(seed) | 1 << 40)
    guard size > 17, mix.next(4) != 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
    let body = UnsafeMutableRawPointer(data + 1)
    let span = size - 1
    for _ in 0..<(1 + mix.next(3)) {
        switch mix.next(5) {
        case 0 where span >= 8:
            body.storeBytes(of: doubles[mix.next(doubles.count)], toByteOffset: mix.next(span - 7), as: Double.self)
        case 1 where span >= 4:
            body.storeBytes(of: ints[mix.next(ints.count)], toByteOffset: mix.next(span - 3), as: Int32.self)
        case 2 where span >= 8:
            // A link moved: a word copied from elsewhere (another object's id, count or number).
            let width = mix.next(2) == 0 ? 4 : 8, from = mix.next(span - width + 1), to = mix.next(span - width + 1)
            (body + to).copyMemory(from: body + from, byteCount: width)
        case 3 where span >= 16:
            // Two words swapped: two objects' places exchanged.
            let a = mix.next(span - 7), b = mix.next(span - 7)
            let x = body.loadUnaligned(fromByteOffset: a, as: UInt64.self), y = body.loadUnaligned(fromByteOffset: b, as: UInt64.self)
            body.storeBytes(of: y, toByteOffset: a, as: UInt64.self)
            body.storeBytes(of: x, toByteOffset: b, as: UInt64.self)
        default:
            body.storeBytes(of: UInt8(mix.next(9)), toByteOffset: mix.next(span), as: UInt8.self)  // a tag or a kind
        }
    }
    return size
}
