#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Controls
import Geometry
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
    public func drawKnife(from a: Vector, to b: Vector, camera: Camera) {
        let c = Palette.knife
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        let p = camera.toScreen(a), q = camera.toScreen(b)
        SDL_RenderDrawLineF(renderer, Float(p.x), Float(p.y), Float(q.x), Float(q.y))
        SDL_RenderDrawLineF(renderer, Float(p.x), Float(p.y + 1), Float(q.x), Float(q.y + 1))
    }
}
