import Bytes
import Foundation
import CrateboxGeometry
import CrateboxPhysics
import Testing
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// The exact state of a world (World+Snapshot, Physics' Space+Snapshot and
/// the C module ChipmunkPrivate): read back, a world steps bit-identically to
/// the one it was taken from, whatever happened before, for every scene.
@Suite(.tags(.memory)) struct SnapshotTests {
    /// Every shipped scene, Chipmunk's demos and every valid fixture, by path.
    static let scenes = sceneFiles(in: "Scenes", "Scenes/chipmunk", "Tests/Fixtures/valid")


    /// A seeded session's events for one step: grabs, drags, spawns,
    /// removals, resets, tilts and the scene's keys, some refused.
    static func events(for world: World, _ rng: inout SeededGenerator) -> [Event] {
        let scene = world.scene
        func point() -> (Double, Double) {
            (scene.origin.x + Double.random(in: 0...1, using: &rng) * scene.width, scene.origin.y + Double.random(in: 0...1, using: &rng) * scene.height)
        }
        var out: [Event] = []
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let n = max(world.bodies.count, 1)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<10: let (x, y) = point(); out.append(.spawn(x: x, y: y))
            case 10..<16: out.append(.remove(body: Int.random(in: 0..<n, using: &rng)))
            case 16..<30:
                // A grab on a body, at its centre (so that it is taken).
                let i = Int.random(in: 0..<n, using: &rng)
                if let p = world.bodies.indices.contains(i) ? world.bodies[i]?.pose.position : nil { out.append(.grab(body: i, x: p.x, y: p.y)) }
            case 30..<55: let (x, y) = point(); out.append(.drag(x: x, y: y))
            case 55..<62: out.append(.release)
            case 62..<72: out.append(.tilt(x: Double.random(in: -1.5...1.5, using: &rng), y: Double.random(in: -1.5...1.5, using: &rng)))
            case 72..<74: out.append(.reset)
            default:
                guard let binding = scene.controls.randomElement(using: &rng) else { continue }
                out.append(.key(binding.trigger, down: !world.held.contains(binding.trigger)))
            }
        }
        return out
    }

    /// Runs `steps` steps of seeded events on `world`, returning each step's hash.
    static func run(_ world: World, steps: Int, seed: UInt64) throws -> [UInt64] {
        var rng = SeededGenerator(seed: seed)
        var hashes: [UInt64] = []
        for _ in 0..<steps {
            for event in events(for: world, &rng) { try? world.apply(event) }
            try world.step()
            hashes.append(world.stateHash)
        }
        return hashes
    }

    @Test(arguments: scenes)
    func aRestoredWorldContinuesBitForBit(path: String) throws {
        let scene = try loadSceneFile(path)
        let world = try World(scene: scene)
        let seed = UInt64(path.utf8.reduce(7) { $0 &* 31 &+ Int($1) }.magnitude)
        let heavy = scene.bodies.count > 300
        var rng = SeededGenerator(seed: seed)
        let before = Int.random(in: (heavy ? 20 : 60)...(heavy ? 80 : 400), using: &rng)
        _ = try Self.run(world, steps: before, seed: seed)
        let bytes = try world.snapshot()
        let copy = try World(scene: scene, snapshot: bytes)
        #expect(copy.stateHash == world.stateHash && copy.stepCount == world.stepCount)
        // Snapshot after restore, and a copy of the copy: the same bytes.
        #expect(try copy.snapshot() == bytes)
        #expect(try World(scene: scene, snapshot: try copy.snapshot()).snapshot() == bytes)
        // The same events from here on: the same hash at every step.
        let after = heavy ? 60 : 300
        let expected = try Self.run(world, steps: after, seed: seed &+ 1)
        let got = try Self.run(copy, steps: after, seed: seed &+ 1)
        let diverged = got.indices.first { got[$0] != expected[$0] }
        #expect(diverged == nil, "\(path): the copy diverges at step \((diverged ?? 0) + before + 1)")
        #expect(try copy.snapshot() == world.snapshot())
    }

    @Test func sleepingBodiesAndBrokenJointsComeBackAsTheyWere() throws {
        // A pile that falls asleep, with a breakable joint that breaks.
        let scene = try loadSceneFile("Tests/Fixtures/valid/joint-breaks.json")
        let world = try World(scene: scene)
        try world.step(600)
        let bytes = try world.snapshot()
        let copy = try World(scene: scene, snapshot: bytes)
        #expect(copy.brokenJoints.map(\.joint) == world.brokenJoints.map(\.joint))
        #expect(copy.jointStates.count == world.jointStates.count)
        try world.step(240)
        try copy.step(240)
        #expect(copy.stateHash == world.stateHash)
    }

    @Test func aSleepingPileWakesAsTheOriginalDoes() throws {
        let scene = try loadSceneFile("Scenes/pyramid.json")
        let world = try World(scene: scene)
        var asleep = 0
        for _ in 0..<40 where asleep == 0 {
            try world.step(60)
            asleep = world.dynamicWorldBodies.count { $0.isSleeping }
        }
        #expect(asleep > 0, "the pile should have fallen asleep")
        let copy = try World(scene: scene, snapshot: try world.snapshot())
        #expect(copy.dynamicWorldBodies.count { $0.isSleeping } == asleep)
        for w in [world, copy] {
            try w.apply(.tilt(x: 0.7, y: -0.7))  // wakes them all
            try w.step(300)
        }
        #expect(copy.stateHash == world.stateHash)
        #expect(try copy.snapshot() == world.snapshot())
    }

    /// The 1,000-crate pile, tilted: Chipmunk's contact buffers fill and are
    /// recycled within steps, and a cached arbiter that did not touch this step
    /// may then point past its recycled buffer's count (Chipmunk reads those
    /// slots if the pair touches again). Found by a session whose keyframes
    /// stopped after 10 s; here the copy is taken after each of 60 steps.
    @Test func aPileWhoseContactBuffersAreRecycledCopiesAtEveryStep() throws {
        let scene = try loadSceneFile("Scenes/pile.json")
        let world = try World(scene: scene)
        try world.apply(.tilt(x: 0.3, y: -1))
        try world.step(1760)
        var copies: [World] = []
        for _ in 0..<60 {
            try world.step()
            copies.append(try World(scene: scene, snapshot: try world.snapshot()))
        }
        try world.step(30)
        for copy in copies {
            try copy.step(world.stepCount - copy.stepCount)
            #expect(copy.stateHash == world.stateHash)
        }
        #expect(try copies.last!.snapshot() == world.snapshot())
    }

    @Test func damagedBytesAreRefusedWithAReason() throws {
        let scene = try loadSceneFile("Scenes/bridge.json")
        let world = try World(scene: scene)
        try world.step(120)
        let bytes = try world.snapshot()
        // Cut short anywhere, or a byte changed in the ids: refused, never a crash.
        var rng = SeededGenerator(seed: 26)
        for _ in 0..<300 {
            var damaged = bytes
            if Bool.random(using: &rng) {
                damaged.removeLast(Int.random(in: 1..<damaged.count, using: &rng))
            } else {
                damaged[Int.random(in: 0..<damaged.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
            }
            if let copy = try? World(scene: scene, snapshot: damaged) {
                // A change in a number only: read back, and written again. (Stepping it is not
                // promised: a huge velocity overflows. Files and journals guard the bytes by
                // their SHA-256 and the state hash before anything steps.)
                _ = copy.stateHash
                _ = try copy.snapshot()
            }
        }
        #expect(throws: WorldError.self) { try World(scene: scene, snapshot: Array(bytes.prefix(100))) }
        let other = try loadSceneFile("Scenes/pile.json")
        #expect(throws: WorldError.self) { try World(scene: other, snapshot: bytes) }
    }

    /// The bytes of `values`, each 8 bytes little-endian, as the world's state writes its indices.
    static func le(_ values: Int...) -> [UInt8] {
        values.flatMap { v in (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(v)) >> (8 * UInt64($0))) } }
    }

    /// `bytes` with the one place that reads `old` reading `new`.
    static func replacing(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) throws -> [UInt8] {
        let at = (0...(bytes.count - old.count)).filter { bytes[$0..<$0 + old.count].elementsEqual(old) }
        try #require(at.count == 1, "the pattern is found \(at.count) times")
        var out = bytes
        out.replaceSubrange(at[0]..<at[0] + old.count, with: new)
        return out
    }

    /// Two of the world's entries holding one body (and its shape), or the
    /// grab's hand being a world body, would remove it twice: refused.
    @Test func aBodyHeldTwiceIsRefused() throws {
        let scene = try Scene.decode(Array("""
            {"format": "cratebox/scene@1", "bounds": [400, 300], "gravity": [0, -100],
             "bodies": [{"position": [100, 100], "box": [20, 20], "mass": 1}, {"position": [300, 100], "box": [20, 20], "mass": 1}]}
            """.utf8), file: "two.json")
        let world = try World(scene: scene)
        try world.step(10)
        try world.apply(.grab(body: 1, x: 300, y: 99))
        try world.step()
        let bytes = try world.snapshot()
        _ = try World(scene: scene, snapshot: bytes)
        // Each entry: present, its body, not a piece, one shape, that shape.
        let (b0, b1) = (try #require(world.space.bodies.firstIndex { $0 === world.bodies[0]!.body }), try #require(world.space.bodies.firstIndex { $0 === world.bodies[1]!.body }))
        let (s0, s1) = (try #require(world.space.shapes.firstIndex { $0 === world.bodies[0]!.shapes[0] }), try #require(world.space.shapes.firstIndex { $0 === world.bodies[1]!.shapes[0] }))
        func entry(_ b: Int, _ s: Int) -> [UInt8] { [1] + Self.le(b) + [0] + Self.le(1, s) }
        let twice = try Self.replacing(entry(b0, s0) + entry(b1, s1), with: entry(b0, s0) + entry(b0, s0), in: bytes)
        #expect(throws: WorldError.self) { try World(scene: scene, snapshot: twice) }
        do { _ = try World(scene: scene, snapshot: twice) } catch { #expect("\(error)".contains("held by two of the world's entries")) }
        // The grab's hand said to be body 0's.
        let grab = world.grab!
        let hand = try #require(world.space.bodies.firstIndex { $0 === grab.hand })
        let joint = try #require(world.space.joints.firstIndex { $0 === grab.joint })
        let handIsBody = try Self.replacing(Self.le(1, hand, joint), with: Self.le(1, b0, joint), in: bytes)
        do {
            _ = try World(scene: scene, snapshot: handIsBody)
            Issue.record("a grab whose hand is a world body was read back")
        } catch {
            #expect("\(error)".contains("body \(b0) is held by two of the world's entries"), "\(error)")
        }
    }
}

/// A block written in place (its length filled in after) is the block written from its bytes.
@Suite struct ByteBlockTests {
    @Test func aBlockWrittenInPlaceIsTheSameBytes() {
        var apart = ByteWriter(), inPlace = ByteWriter()
        apart.i64(7)
        inPlace.i64(7)
        var inner = ByteWriter()
        inner.string("space")
        inner.f64(1.5)
        apart.block(inner.bytes)
        inPlace.block { (w: inout ByteWriter) in
            w.string("space")
            w.f64(1.5)
        }
        #expect(apart.bytes == inPlace.bytes && inPlace.count == 8 + 8 + 4 + 5 + 8)
        var raw = ByteWriter()
        [UInt8]([1, 2, 3]).withUnsafeBufferPointer { raw.block($0) }
        var array = ByteWriter()
        array.block([1, 2, 3])
        #expect(raw.bytes == array.bytes)
    }
}
