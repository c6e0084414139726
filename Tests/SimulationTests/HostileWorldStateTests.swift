import Foundation
import CrateboxGeometry
import Testing
@testable import CrateboxPhysics
@testable import Simulation
import SceneFormat
import SnapshotTamper
import TestSupport

/// A world's exact state from a stranger (docs/state-format.md, "A state
/// from a stranger"): what the world keeps beside the space is checked as
/// events could have made it, and the space is its scene's.
@Suite(.tags(.memory)) struct HostileWorldStateTests {
    static func world(_ path: String, steps: Int = 60) throws -> World {
        let world = try World(scene: try loadSceneFile(path))
        for _ in 0..<steps { try world.step() }
        return world
    }

    static func refusal(_ scene: Scene, _ bytes: [UInt8]) -> String? {
        do {
            _ = try World(scene: scene, snapshot: bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A step count near Int64.max overflowed the next step; it is refused.
    @Test func aStepCountPastTheLimitIsRefused() throws {
        let world = try Self.world("Scenes/crates.json")
        var bytes = try world.snapshot()
        let at = 4 + "cratebox world 2".utf8.count + 16  // the version string, the body and joint counts
        #expect(bytes[at..<(at + 8)].elementsEqual(withUnsafeBytes(of: Int64(60).littleEndian, Array.init)))
        bytes.replaceSubrange(at..<(at + 8), with: withUnsafeBytes(of: (Int64.max - 5).littleEndian, Array.init))
        let refused = try #require(Self.refusal(world.scene, bytes))
        #expect(refused.contains("the step counts are impossible"), "\(refused)")
    }

    /// A spatial hash of cells far smaller than the scene's (a step then visits
    /// millions of cells for each shape) is not the scene's, and is refused.
    @Test func aSpatialHashOtherThanTheScenesIsRefused() throws {
        let world = try Self.world("Tests/Fixtures/valid/spatial-hash.json")
        let good = try world.snapshot()
        let cellSize = try #require(world.scene.spatialHash?.cellSize)
        for (size, reason) in [(0.001, "spans more than 256 spatial hash cells"), (cellSize * 1.5, "the space's spatial index is not its scene's")] {
            snapshot_tamper_cell_size(world.space.raw, size)
            let bytes = try world.snapshot()
            let refused = try #require(Self.refusal(world.scene, bytes))
            #expect(refused.contains(reason), "\(refused)")
        }
        snapshot_tamper_cell_size(world.space.raw, cellSize)
        #expect(Self.refusal(world.scene, good) == nil)
        #expect(Self.refusal(world.scene, try world.snapshot()) == nil)
    }

    /// Chipmunk's spatial hash numbers its cells as ints: a body the next
    /// step would carry past 2^30 cells (found by FuzzState: a force of 1e29
    /// on a crate) made its rehash loop over two billion cells. The step is
    /// refused instead, and the world is left as it was.
    @Test func aStepCarryingABodyPastTheSpatialHashIsRefused() throws {
        let world = try Self.world("Tests/Fixtures/valid/spatial-hash.json")
        let crate = try #require(world.bodies.firstIndex { $0?.kind == .dynamic })
        let body = try #require(world.bodies[crate]?.body)
        let cellSize = try #require(world.scene.spatialHash?.cellSize)
        body.velocity = Vector(0, -Double(1 << 31) * cellSize * 120)
        let before = world.stateHash
        #expect(throws: SimulationError.physics(.beyondSpatialHash("body \(world.space.bodies.firstIndex { $0 === body }!)"))) { try world.step() }
        #expect(world.stateHash == before && world.stepCount == 60)
        body.velocity = .zero
        try world.step()
    }

    /// A shape no entry of the world holds (here a circle added to the space
    /// behind the world's back) is refused: the world could never remove it.
    @Test func aShapeTheWorldDoesNotHoldIsRefused() throws {
        let world = try Self.world("Scenes/crates.json")
        try world.space.add(Shape(body: world.space.staticBody, geometry: .circle(radius: 3, offset: Vector(100, 100))))
        let refused = try #require(Self.refusal(world.scene, try world.snapshot()))
        #expect(refused.contains("the shapes no body of the world holds are not the scene's walls"), "\(refused)")
    }
}
