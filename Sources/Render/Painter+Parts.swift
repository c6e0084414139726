#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat

/// The rest of Chipmunk's joints as parts: a groove as a slot with its pin, a
/// gear as two toothed wheels turning in ratio, a ratchet as teeth and a pawl,
/// a rotary spring as a spiral, a rotary limit as an arc between two stops
/// with a needle, and a joint that just broke as two snapped ends. Sizes in
/// world units with a floor in pixels, as the other parts.
extension Painter {
    func addPart(_ joint: DrawnJoint, camera: Camera) {
        func px(_ size: Double, least: Double) -> Double { max(size * camera.scale, least) }
        let a = camera.toScreen(joint.a), b = camera.toScreen(joint.b)
        switch joint.kind {
        case .groove(let slotA, let slotB):
            let p = camera.toScreen(slotA), q = camera.toScreen(slotB)
            addBar(p, q, half: px(2.5, least: 3), Palette.bolt)
            addBar(p, q, half: px(1, least: 1.2), Palette.background)
            addDisc(b, radius: px(2.5, least: 2.5), sides: 10, Palette.rod)
        case .gear(let ratio, let angleA, let angleB, let wheelA):
            let r = px(9, least: 7), rb = r * min(max(abs(ratio), 0.25), 4)
            if wheelA { addGearWheel(a, radius: r, angle: angleA, teeth: 10) }
            addGearWheel(b, radius: rb, angle: angleB, teeth: max(4, min(40, Int((10 * abs(ratio)).rounded()))))
        case .ratchet(let ratchet, let phase, let angleA, let angleB):
            let r = px(8, least: 6)
            addDisc(a, radius: r, sides: 20, Palette.bolt)
            // A tooth every `ratchet` radians from the phase, turning with the first body.
            let teeth = min(36, max(3, Int((2 * Double.pi / max(abs(ratchet), 1e-3)).rounded())))
            for k in 0..<teeth {
                let t = angleA + phase + Double(k) * 2 * Double.pi / Double(teeth)
                addBar(point(a, r, t), point(a, r * 1.35, t), half: px(0.8, least: 1), Palette.rod)
            }
            addBar(a, point(a, r * 1.5, angleB), half: px(1.2, least: 1.5), Palette.joint)  // the pawl
        case .rotarySpring(let relative, let rest):
            // A spiral of three turns, wound tighter the further the angle is from rest.
            let r = px(9, least: 7), wind = max(-1.5, min(1.5, relative - rest))
            let points = (0...48).map { k -> (x: Double, y: Double) in
                let t = Double(k) / 48
                return point(a, r * (0.2 + 0.8 * t), t * 6 * Double.pi * (1 + wind / 6) + relative)
            }
            for (p, q) in zip(points, points.dropFirst()) { addBar(p, q, half: px(0.6, least: 1), Palette.spring) }
        case .rotaryLimit(let relative, let lo, let hi, let base):
            let r = px(10, least: 8), steps = 24
            let arc = (0...steps).map { k in point(a, r, base + lo + (hi - lo) * Double(k) / Double(steps)) }
            for (p, q) in zip(arc, arc.dropFirst()) { addBar(p, q, half: px(0.8, least: 1), Palette.rod) }
            for stop in [lo, hi] { addBar(point(a, r * 0.7, base + stop), point(a, r * 1.3, base + stop), half: px(1.2, least: 1.5), Palette.bolt) }
            addBar(a, point(a, r, base + relative), half: px(0.9, least: 1.2), Palette.joint)
        case .snapped(let age):
            // Each end a short jagged stub, fading out.
            let fade = 1 - Double(age) / Double(DrawnJoint.snappedSteps)
            var color = Palette.warning
            color.a = UInt8(max(0, min(255, 255 * fade)))
            let d = (x: b.x - a.x, y: b.y - a.y), length = max((d.x * d.x + d.y * d.y).squareRoot(), 1e-9)
            let stub = min(px(5, least: 5), length / 2), u = (x: d.x / length * stub, y: d.y / length * stub)
            for (end, sign) in [(a, 1.0), (b, -1.0)] {
                let mid = (x: end.x + sign * u.x * 0.6 - u.y * 0.3, y: end.y + sign * u.y * 0.6 + u.x * 0.3)
                addBar(end, mid, half: px(0.8, least: 1.2), color)
                addBar(mid, (x: end.x + sign * u.x, y: end.y + sign * u.y), half: px(0.8, least: 1.2), color)
            }
        case .pivot, .pin, .motor, .slide, .spring:
            break  // Painter+Joints
        }
    }

    /// The pixel at `radius` from `c` in the direction of world angle `angle` (y is down on screen).
    private func point(_ c: (x: Double, y: Double), _ radius: Double, _ angle: Double) -> (x: Double, y: Double) {
        (c.x + cos(angle) * radius, c.y - sin(angle) * radius)
    }

    private func addGearWheel(_ c: (x: Double, y: Double), radius: Double, angle: Double, teeth: Int) {
        addDisc(c, radius: radius, sides: 24, Palette.bolt)
        for k in 0..<teeth {
            let t = angle + Double(k) * 2 * Double.pi / Double(teeth)
            addBar(point(c, radius * 0.9, t), point(c, radius * 1.25, t), half: max(radius * 0.12, 1), Palette.rod)
        }
        addBar(c, point(c, radius * 0.8, angle), half: max(radius * 0.1, 1), Palette.joint)
    }

    /// A conveyor's chevrons, moving along its surface with its surface
    /// velocity, and a one-way platform's arrows, pointing the way bodies pass.
    func addSurfaceMarks(_ shape: ShapeSpec, pose: Pose, camera: Camera, step: Int) {
        // The surface: a segment, or a box's top edge, in body coordinates.
        let (p, q): (Vector, Vector)
        switch shape.geometry {
        case .segment(let a, let b, _): (p, q) = (a, b)
        case .box(let w, let h, _): (p, q) = (Vector(-w / 2, h / 2), Vector(w / 2, h / 2))
        default: return
        }
        let wp = pose.position + p.rotated(by: pose.angle), wq = pose.position + q.rotated(by: pose.angle)
        let along = wq - wp, length = along.length
        guard length > 1e-9 else { return }
        let t = along * (1 / length)
        let size = max(4 / camera.scale, 3.0), spacing = 4 * size
        if let v = shape.surfaceVelocity {
            // Bodies on it are dragged against the surface velocity (Chipmunk's sign), so the marks move that way.
            let speed = -v.dot(t), shift = (Double(step) / 120 * speed).truncatingRemainder(dividingBy: spacing)
            let forward = speed >= 0 ? t : t * -1, side = Vector(-t.y, t.x) * (size * 0.6)
            var s = (shift + spacing).truncatingRemainder(dividingBy: spacing)
            while s < length {
                let c = wp + t * s
                addChevron(c, forward * size, side, camera: camera, Palette.joint)
                s += spacing
            }
        }
        if let n = shape.oneWay, n.length > 0 {
            let u = n * (1 / n.length), side = Vector(-u.y, u.x) * size
            var s = spacing / 2
            while s < length {
                addChevron(wp + t * s, u * (size * 1.4), side, camera: camera, Palette.outline)
                s += spacing * 1.5
            }
        }
    }

    /// A chevron at `c` pointing along `forward`, `side` wide either way (world units).
    private func addChevron(_ c: Vector, _ forward: Vector, _ side: Vector, camera: Camera, _ color: SDL_Color) {
        let tip = camera.toScreen(c + forward), l = camera.toScreen(c + side), r = camera.toScreen(c - side)
        addBar(l, tip, half: 1, color)
        addBar(r, tip, half: 1, color)
    }
}
