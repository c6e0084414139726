import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// Spawns into a crowd (docs/replay-format.md, `spawn`), and what Chipmunk warned.
extension World {
    /// The most shapes of moving bodies a spawned body's bounding box may meet
    /// (docs/replay-format.md, `spawn`): thousands of bodies spawned into one
    /// spot give Chipmunk millions of pairs, and gigabytes of contacts.
    static let spawnCrowd = 64

    /// Why a body of `spec` may not be spawned at `position`: its bounding box
    /// meets more than `spawnCrowd` shapes of moving bodies; nil when it may.
    func crowding(_ spec: BodySpec, at position: Vector) -> String? {
        guard spec.type != .static else { return nil }
        let box = ShapeGeometry.bounds(of: spec.shapes.map(\.geometry), at: position, angle: spec.angle)
        guard box.min.x <= box.max.x else { return nil }
        let met = space.movingShapeCount(meeting: box.min.x, box.min.y, box.max.x, box.max.y)
        guard met > World.spawnCrowd else { return nil }
        return "the body would overlap \(met) shapes of moving bodies (at most \(World.spawnCrowd)): Chipmunk would take very long to push them apart"
    }
}

/// The warnings Chipmunk gave so far in this process, a kind each with how
/// many times it came (at most eight kinds): a command says them once it ends
/// well, never before a refusal.
public var physicsWarnings: [(text: String, times: Int)] { chipmunkWarnings }
