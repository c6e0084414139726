#if canImport(Glibc)
import Glibc
#endif
import Animation
import CSDL2

/// The seed's splash screen as the way a scene appears: the scene is seen
/// through a crate-shaped hole (a rounded rectangle) whose bounds follow a
/// animation track, 100 x 80, then 80 x 64, then 2000 x 2000, at key times 0,
/// 0.3 and 1 of one second, eased in and out, then out: it shrinks a little,
/// then springs open past the window's edges, and is gone.
public enum Splash {
    /// The seed's keys, in points (2000 x 2000 covered a phone's screen).
    public static let seedSizes = [Point2(100, 80), Point2(80, 64), Point2(2000, 2000)]
    public static let keyTimes = [0, 0.3, 1.0]
    public static let timingFunctions: [TimingFunction] = [.easeInEaseOut, .easeOut]
    public static let duration = 1.0
    /// Corner radius over the shorter side: a crate's rounded silhouette.
    static let cornerRatio = 0.18

    /// The track for a `width` x `height` pixel window at `scale` pixels per
    /// point: the seed's sizes in pixels, all grown alike when needed so that
    /// the last key covers the whole window, corners included.
    public static func track(width: Int, height: Int, scale: Double) -> AnimationTrack<Point2> {
        let last = seedSizes[2].x * scale
        // A rounded square of side s covers a w x h rectangle when s - 2r(1 - 1/sqrt 2) >= the larger side, and more.
        let needed = Double(max(width, height)) / (1 - 2 * cornerRatio * (1 - 1 / 2.0.squareRoot())) * 1.05
        let k = scale * max(1, needed / last)
        let values = seedSizes.map { Point2($0.x * k, $0.y * k) }
        do {
            return try AnimationTrack(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, duration: duration)
        } catch {
            preconditionFailure("the splash track is fixed and valid: \(error)")
        }
    }

    /// The hole of size `size` (pixels) centred in the picture, as a rectangle.
    public static func hole(_ size: Point2, width: Int32, height: Int32) -> SDL_FRect {
        SDL_FRect(x: Float((Double(width) - size.x) / 2), y: Float((Double(height) - size.y) / 2), w: Float(size.x), h: Float(size.y))
    }

    /// Covers everything outside the hole with the background colour.
    public static func draw(_ size: Point2, width: Int32, height: Int32, renderer: OpaquePointer) {
        let hole = hole(size, width: width, height: height)
        let c = Palette.background
        let color = SDL_Color(r: c.r, g: c.g, b: c.b, a: 255)
        var vertices: [SDL_Vertex] = [], indices: [Int32] = []
        func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
            guard x1 > x0 && y1 > y0 else { return }
            let base = Int32(vertices.count)
            for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: x, y: y), color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        let (w, h) = (Float(width), Float(height))
        let (x0, y0, x1, y1) = (hole.x, hole.y, hole.x + hole.w, hole.y + hole.h)
        quad(0, 0, w, max(0, y0))            // above
        quad(0, min(h, y1), w, h)            // below
        quad(0, max(0, y0), max(0, x0), min(h, y1))  // left
        quad(min(w, x1), max(0, y0), w, min(h, y1))  // right
        // The rounded corners: each corner square minus its quarter disc.
        let r = Float(cornerRatio * min(size.x, size.y))
        let corners: [(cx: Float, cy: Float, from: Float)] = [
            (x0 + r, y0 + r, .pi), (x1 - r, y0 + r, 1.5 * .pi), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 0.5 * .pi),
        ]
        let steps = 8
        for corner in corners {
            // A fan from the rectangle's corner point over the arc from one side to the other.
            let sx: Float = cos(corner.from + .pi / 4) < 0 ? -1 : 1, sy: Float = sin(corner.from + .pi / 4) < 0 ? -1 : 1
            let outer = SDL_FPoint(x: corner.cx + sx * r, y: corner.cy + sy * r)
            let base = Int32(vertices.count)
            vertices.append(SDL_Vertex(position: outer, color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
            for k in 0...steps {
                let a = corner.from + Float(k) / Float(steps) * .pi / 2
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: corner.cx + r * cos(a), y: corner.cy + r * sin(a)),
                                           color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
            for k in 0..<Int32(steps) { indices += [base, base + 1 + k, base + 2 + k] }
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }
}
