import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let c = cos(spec.angle), s = sin(spec.angle)
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for shape in spec.shapes {
            for (p, r) in shape.geometry.boundingPoints {
                let x = position.x + p.x * c - p.y * s, y = position.y + p.x * s + p.y * c
                (minX, maxX, minY, maxY) = (min(minX, x - r), max(maxX, x + r), min(minY, y - r), max(maxY, y + r))
            }
        }
        guard minX <= maxX else { return nil }
        let met = space.movingShapeCount(meeting: minX, minY, maxX, maxY)
        guard met > World.spawnCrowd else { return nil }
        return "the body would overlap \(met) shapes of moving bodies (at most \(World.spawnCrowd)): Chipmunk would take very long to push them apart"
    }
}

/// The warnings Chipmunk gave so far in this process, a kind each with how
/// many times it came (at most eight kinds): a command says them once it ends
/// well, never before a refusal.
public var physicsWarnings: [(text: String, times: Int)] { chipmunkWarnings }
