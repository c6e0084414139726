#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat

// Water, planets, tracers' trails and the knife's line.
extension Painter {
    /// Each fluid region as translucent water over the bodies in it, with a
    /// brighter band along its surface (two pixels at least).
    func addFluids(_ scene: Scene, camera: Camera) {
        for fluid in scene.fluids {
            let a = camera.toScreen(Vector(fluid.min.x, fluid.min.y)), b = camera.toScreen(Vector(fluid.max.x, fluid.max.y))
            addFan([(a.x, b.y), (b.x, b.y), (b.x, a.y), (a.x, a.y)], Palette.water)
            addFan([(a.x, b.y - 1), (b.x, b.y - 1), (b.x, b.y + 2), (a.x, b.y + 2)], Palette.waterSurface)
        }
    }

    /// Each attractor as a soft glow: three discs, widest faintest, the
    /// smallest at least its radius.
    func addAttractors(_ scene: Scene, camera: Camera) {
        for attractor in scene.attractors {
            let core = max(attractor.radius, 6 / camera.scale)
            for k in [4.0, 2.5, 1.5] {
                var points: [(x: Double, y: Double)] = []
                for i in 0..<32 {
                    let t = Double(i) / 32 * 2 * Double.pi
                    points.append(camera.toScreen(attractor.position + Vector(cos(t), sin(t)) * (core * k)))
                }
                addFan(points, Palette.attractor)
            }
        }
    }

    /// A polygon of crate wood (a piece the knife cut from a crate): the wood
    /// inside a dark frame along every edge, as the crate's own frame, so that
    /// where it was cut shows (two pieces side by side are not one plank).
    func addWoodPiece(_ vertices: [Vector], pose: Pose, camera: Camera, color: SDL_Color) {
        let points = vertices.map { camera.toScreen(world($0, pose)) }
        addFan(points, Palette.darker(color))
        addFan(Painter.inset(points, by: 2), color)
    }

    /// A convex polygon's outline moved `d` pixels inwards (each corner where
    /// its two edges, moved in, meet); the corners themselves when it is too small.
    static func inset(_ p: [(x: Double, y: Double)], by d: Double) -> [(x: Double, y: Double)] {
        let n = p.count
        guard n >= 3 else { return p }
        var area = 0.0
        for i in 0..<n { area += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y }
        let turn = area > 0 ? 1.0 : -1.0
        // The inward unit normal of the edge from corner i to corner i + 1.
        func normal(_ i: Int) -> (x: Double, y: Double)? {
            let a = p[i], b = p[(i + 1) % n], dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            return length > 1e-9 ? (-dy / length * turn, dx / length * turn) : nil
        }
        var out: [(x: Double, y: Double)] = []
        for i in 0..<n {
            guard let n1 = normal((i + n - 1) % n), let n2 = normal(i) else { return p }
            let k = 1 + n1.x * n2.x + n1.y * n2.y
            // A corner sharper than about 8 degrees (1 - cos < 0.01) would move far: keep the polygon as it is.
            guard k > 0.01 else { return p }
            out.append((p[i].x + d * (n1.x + n2.x) / k, p[i].y + d * (n1.y + n2.y) / k))
        }
        // Smaller than its frame: the moved outline turns inside out (an edge points back).
        for i in 0..<n {
            let j = (i + 1) % n
            if (out[j].x - out[i].x) * (p[j].x - p[i].x) + (out[j].y - out[i].y) * (p[j].y - p[i].y) <= 0 { return p }
        }
        return out
    }

    /// The traced bodies' paths, each point fading with its age (`Trails`).
    public func drawTrails(_ trails: Trails, camera: Camera) {
        for path in trails.paths where path.count >= 2 {
            for k in 1..<path.count {
                var color = Palette.trail
                color.a = UInt8(max(0, min(255, 255 * path[k].freshness)))
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                let a = camera.toScreen(path[k - 1].point), b = camera.toScreen(path[k].point)
                // Two pixels wide.
                SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
                SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y + 1), Float(b.x), Float(b.y + 1))
            }
        }
    }

    /// The knife's line from where the right button went down to the pointer.
    /// How long an explosion's ring is drawn, in seconds.
    public static let blastSeconds = 0.6

    /// An explosion `age` seconds ago: a ring growing to its radius in the
    /// first half of `blastSeconds` and fading out over all of it (an
    /// explosion showed nothing but what it pushed).
    public func drawBlast(at point: Vector, radius: Double, age: Double, camera: Camera) {
        guard age >= 0 && age < Painter.blastSeconds else { return }
        let grown = radius * min(0.25 + 0.75 * age / (Painter.blastSeconds / 2), 1)
        let alpha = UInt8(230 * (1 - age / Painter.blastSeconds))
        let c = Palette.warning
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, alpha)
        let centre = camera.toScreen(point), r = grown * camera.scale
        for width in 0..<3 {
            let rr = r - Double(width)
            guard rr > 0 else { continue }
            let ring = (0...48).map { k -> SDL_FPoint in
                let a = Double(k) / 48 * 2 * Double.pi
                return SDL_FPoint(x: Float(centre.x + cos(a) * rr), y: Float(centre.y + sin(a) * rr))
            }
            SDL_RenderDrawLinesF(renderer, ring, Int32(ring.count))
        }
    }

    public func drawKnife(from a: Vector, to b: Vector, camera: Camera) {
        let c = Palette.knife
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        let p = camera.toScreen(a), q = camera.toScreen(b)
        SDL_RenderDrawLineF(renderer, Float(p.x), Float(p.y), Float(q.x), Float(q.y))
        SDL_RenderDrawLineF(renderer, Float(p.x), Float(p.y + 1), Float(q.x), Float(q.y + 1))
    }
}
