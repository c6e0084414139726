#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import WindowModel
import CrateboxGeometry
import Simulation

/// Joints in the normal view, as the parts they stand for: a spring as a coil
/// whose turns stretch and squeeze, a pin joint as a rod, a slide joint as a
/// rope that sags (along gravity, as tilted) when slack and is straight when
/// taut, a pivot as a bolt head, a motor as an axle mark that turns with its
/// body, and anchors on a static body as small mounts (the rest of Chipmunk's
/// joints: Painter+Parts). Sizes are in world units, with a floor in pixels so
/// that they stay legible zoomed out.
extension Painter {
    /// Turns of a spring's coil.
    static let coilTurns = 8

    func addJoints(_ world: DrawnWorld, camera: Camera) {
        let down = world.tilt.map { $0.length > 1e-9 ? $0 * (1 / $0.length) : Vector(0, -1) } ?? Vector(0, -1)
        // A world size in pixels, but never below `least` pixels.
        func px(_ size: Double, least: Double) -> Double { max(size * camera.scale, least) }
        for joint in world.joints {
            let a = camera.toScreen(joint.a), b = camera.toScreen(joint.b)
            switch joint.kind {
            case .pin:
                addBar(a, b, half: px(1, least: 1.5), Palette.rod)
            case .spring:
                addCoil(a, b, amplitude: px(4, least: 3), half: px(0.6, least: 1), Palette.spring)
            case .slide(_, let max):
                let points = Painter.ropePoints(joint.a, joint.b, length: max, down: down).map { camera.toScreen($0) }
                for (p, q) in zip(points, points.dropFirst()) { addBar(p, q, half: px(0.7, least: 1), Palette.rope) }
            case .pivot:
                addDisc(a, radius: px(3.5, least: 3), sides: 6, Palette.bolt)
                addDisc(a, radius: px(1.5, least: 1.2), sides: 10, Palette.rod)
            case .motor:
                let r = px(6, least: 5)
                addDisc(a, radius: r, sides: 16, Palette.bolt)
                let tip = (x: a.x + cos(joint.angle) * r, y: a.y - sin(joint.angle) * r)
                addBar(a, tip, half: px(1, least: 1.5), Palette.joint)
            default:
                addPart(joint, camera: camera)
            }
            if joint.hasAnchors {
                if joint.aFixed { addMount(a, size: px(4, least: 4)) }
                if joint.bFixed { addMount(b, size: px(4, least: 4)) }
            }
        }
    }

    /// The rope between two anchors: straight when taut, else a parabola that
    /// sags along `down` with about the rope's length (`length`): 17 points.
    static func ropePoints(_ a: Vector, _ b: Vector, length: Double, down: Vector) -> [Vector] {
        let d = (b - a).length
        let slack = length - d
        // A shallow parabola of span d and sag s is about d + 8 s² / (3 d) long.
        let sag = slack <= 1e-6 ? 0 : min((3 * d * slack / 8).squareRoot(), length / 2)  // at most folded in two
        return (0...16).map { k in
            let t = Double(k) / 16
            return a + (b - a) * t + down * (4 * sag * t * (1 - t))
        }
    }

    /// The zigzag of a coil from `a` to `b` in pixels: straight ends, then `coilTurns` turns.
    static func coilPoints(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), amplitude: Double) -> [(x: Double, y: Double)] {
        let dx = b.x - a.x, dy = b.y - a.y, length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let nx = -dy / length * amplitude, ny = dx / length * amplitude
        var points = [a, (a.x + dx * 0.1, a.y + dy * 0.1)]
        let peaks = 2 * coilTurns
        for k in 0..<peaks {
            let t = 0.1 + 0.8 * (Double(k) + 0.5) / Double(peaks), side = k % 2 == 0 ? 1.0 : -1.0
            points.append((a.x + dx * t + nx * side, a.y + dy * t + ny * side))
        }
        points += [(a.x + dx * 0.9, a.y + dy * 0.9), b]
        return points
    }

    private func addCoil(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), amplitude: Double, half: Double, _ color: SDL_Color) {
        let points = Painter.coilPoints(a, b, amplitude: amplitude)
        for (p, q) in zip(points, points.dropFirst()) { addBar(p, q, half: half, color) }
    }

    /// A straight bar `half` pixels either side of the line from `p` to `q`.
    func addBar(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), half: Double, _ color: SDL_Color) {
        let dx = q.x - p.x, dy = q.y - p.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9 else { return }
        let nx = -dy / length * half, ny = dx / length * half
        addFan([(p.x + nx, p.y + ny), (q.x + nx, q.y + ny), (q.x - nx, q.y - ny), (p.x - nx, p.y - ny)], color)
    }

    func addDisc(_ c: (x: Double, y: Double), radius: Double, sides: Int, _ color: SDL_Color) {
        addFan((0..<sides).map { k in
            let angle = Double(k) / Double(sides) * 2 * Double.pi
            return (c.x + cos(angle) * radius, c.y + sin(angle) * radius)
        }, color)
    }

    /// A small mount under an anchor on a static body: a plate and the anchor's pin.
    private func addMount(_ c: (x: Double, y: Double), size: Double) {
        addFan([(c.x - size, c.y + size * 0.9), (c.x + size, c.y + size * 0.9), (c.x + size * 0.45, c.y), (c.x - size * 0.45, c.y)], Palette.bolt)
        addDisc(c, radius: size * 0.35, sides: 8, Palette.rod)
    }
}
