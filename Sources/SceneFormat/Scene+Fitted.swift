#if canImport(Glibc)
import Glibc
#endif
import CrateboxGeometry

/// What the window and `render` fit into the picture (scene-format.md 15.6):
/// the box, grown to hold the world's bodies (their shapes at their poses),
/// but at most four times the box's larger side past it. Chipmunk's Plink
/// drops its pentagons from above its bounds and has pegs past its sides:
/// fitting the bounds alone hid them under the HUD and cut them off (issue
/// 46). Drawing only.
extension Scene {
    /// The box grown to hold the file's bodies as built (build mode, and before a world is drawn).
    public var fitted: (origin: Vector, width: Double, height: Double) {
        fitted(holding: bodies.map { ($0.shapes, Pose(position: $0.position, angle: $0.angle)) })
    }

    /// The box grown to hold `bodies` (each one's shapes at its pose); with
    /// `clamped` false, however far they are (F, to show bodies that got out).
    public func fitted(holding bodies: [(shapes: [ShapeSpec], pose: Pose)], clamped: Bool = true) -> (origin: Vector, width: Double, height: Double) {
        var lo = origin, hi = Vector(origin.x + width, origin.y + height)
        for (shapes, pose) in bodies {
            let c = Math.cos(pose.angle), s = Math.sin(pose.angle)
            func grow(_ p: Vector, _ r: Double) {
                let q = Vector(pose.position.x + p.x * c - p.y * s, pose.position.y + p.x * s + p.y * c)
                guard q.x.isFinite && q.y.isFinite else { return }
                lo = Vector(min(lo.x, q.x - r), min(lo.y, q.y - r))
                hi = Vector(max(hi.x, q.x + r), max(hi.y, q.y + r))
            }
            for shape in shapes {
                for (p, r) in shape.geometry.boundingPoints { grow(p, r) }
            }
        }
        if clamped {
            // A body far out (a lander's sky, a stray value) never shrinks the box to a speck.
            let most = 4 * max(width, height)
            lo = Vector(max(lo.x, origin.x - most), max(lo.y, origin.y - most))
            hi = Vector(min(hi.x, origin.x + width + most), min(hi.y, origin.y + height + most))
        }
        return (lo, hi.x - lo.x, hi.y - lo.y)
    }
}
