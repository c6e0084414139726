#if canImport(Glibc)
import Glibc
#endif
import WindowModel
import CrateboxGeometry
import SceneFormat

// A held thruster is seen to fire: a flame out of the point it pushes at,
// the other way from its force, as long as the force is (a few points at
// least), flickering with the step.
extension Painter {
    func addThrusterFlames(_ world: DrawnWorld, camera: Camera, alpha: Double) {
        guard !world.held.isEmpty else { return }
        for binding in world.scene.controls where world.held.contains(binding.trigger) {
            guard case .thruster(let index, let force, let at) = binding.action, force != .zero,
                  world.bodies.indices.contains(index), world.bodies[index] != nil else { continue }
            let pose = world.pose(of: index, alpha: alpha)
            let c = cos(pose.angle), s = sin(pose.angle)
            func turned(_ v: Vector) -> Vector { Vector(v.x * c - v.y * s, v.x * s + v.y * c) }
            let base = pose.position + turned(at)
            let back = turned(force) * (-1 / force.length)
            let side = Vector(-back.y, back.x)
            // Longer for a stronger thruster, within a readable range of pixels.
            let flicker = 0.85 + 0.15 * Double((world.stepCount * 7) % 5) / 4
            let length = min(max(log10(force.length) * 8, 14), 40) * flicker / camera.scale
            let width = length * 0.3
            let outer = [base + side * width, base + back * length, base - side * width]
            let inner = [base + side * (width * 0.5), base + back * (length * 0.6), base - side * (width * 0.5)]
            addFan(outer.map { camera.toScreen($0) }, Palette.flame)
            addFan(inner.map { camera.toScreen($0) }, Palette.flameCore)
        }
    }
}
