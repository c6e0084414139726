import CSDL2

/// `docs/bench.png`: milliseconds per step against crates, one line per
/// series (World and plain C), with the 1/120 s budget drawn across; on the
/// offscreen canvas the curves picture uses.
public enum BenchPicture {
    public struct Series {
        public var title: String
        /// (crates, milliseconds per step), in any order.
        public var points: [(crates: Int, ms: Double)]
        public var color: SDL_Color
        public init(title: String, points: [(crates: Int, ms: Double)], color: SDL_Color) {
            self.title = title
            self.points = points
            self.color = color
        }
    }

    public static let budgetColor = SDL_Color(r: 200, g: 60, b: 50, a: 255)

    /// The plot's frame in pixels, and the scales: a point's pixel position.
    struct Plot {
        var left: Double, right: Double, top: Double, bottom: Double, maxCrates: Double, maxMs: Double
        func x(_ crates: Double) -> Double { left + crates / maxCrates * (right - left) }
        func y(_ ms: Double) -> Double { bottom - ms / maxMs * (bottom - top) }
    }

    static func plot(_ series: [Series], budgetMs: Double, width: Int, height: Int) -> Plot {
        let all = series.flatMap(\.points)
        let maxCrates = Double(all.map(\.crates).max() ?? 1) * 1.05
        let maxMs = max(all.map(\.ms).max() ?? 1, budgetMs) * 1.1
        return Plot(left: 70, right: Double(width) - 30, top: 50, bottom: Double(height) - 50, maxCrates: maxCrates, maxMs: maxMs)
    }

    public static func render(_ series: [Series], budgetMs: Double, title: String, width: Int, height: Int, to path: String) throws(WindowError) {
        try Offscreen.withCanvas(width: width, height: height, minimum: 200) { surface, renderer throws(WindowError) in
            draw(series, budgetMs: budgetMs, title: title, width: width, height: height, renderer: renderer)
            try savePNG(surface, to: path)
        }
    }

    public static func pixels(_ series: [Series], budgetMs: Double, width: Int, height: Int) throws(WindowError) -> [UInt8] {
        try Offscreen.withCanvas(width: width, height: height, minimum: 200) { surface, renderer in
            draw(series, budgetMs: budgetMs, title: "", width: width, height: height, renderer: renderer)
            return Offscreen.copyPixels(surface, width: width, height: height)
        }
    }

    static func draw(_ series: [Series], budgetMs: Double, title: String, width: Int, height: Int, renderer: OpaquePointer) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 250, 250, 247, 255)
        SDL_RenderClear(renderer)
        let p = plot(series, budgetMs: budgetMs, width: width, height: height)
        let text = Text(renderer: renderer, pointSize: 14)
        let ink = SDL_Color(r: 30, g: 30, b: 30, a: 255)
        // Axes, with a tick and label every 1,000 crates and every 2 ms.
        SDL_SetRenderDrawColor(renderer, 60, 60, 60, 255)
        SDL_RenderDrawLineF(renderer, Float(p.left), Float(p.bottom), Float(p.right), Float(p.bottom))
        SDL_RenderDrawLineF(renderer, Float(p.left), Float(p.bottom), Float(p.left), Float(p.top))
        for crates in stride(from: 0, through: Int(p.maxCrates), by: 1000) {
            let x = p.x(Double(crates))
            SDL_RenderDrawLineF(renderer, Float(x), Float(p.bottom), Float(x), Float(p.bottom + 5))
            text.draw([("\(crates)", ink)], x: Int32(x) - 12, y: Int32(p.bottom) + 8)
        }
        for ms in stride(from: 0, through: Int(p.maxMs), by: 2) {
            let y = p.y(Double(ms))
            SDL_RenderDrawLineF(renderer, Float(p.left - 5), Float(y), Float(p.left), Float(y))
            text.draw([("\(ms) ms", ink)], x: 18, y: Int32(y) - 8)
        }
        text.draw([("crates (awake 16 x 16 pile)", ink)], x: Int32(p.right) - 190, y: Int32(p.bottom) + 26)
        text.draw([(title, ink)], x: Int32(p.left), y: 12)
        // The budget: one step of 1/120 s of real time.
        SDL_SetRenderDrawColor(renderer, budgetColor.r, budgetColor.g, budgetColor.b, 255)
        let budgetY = Float(p.y(budgetMs))
        for dy: Float in [-0.5, 0.5] { SDL_RenderDrawLineF(renderer, Float(p.left), budgetY + dy, Float(p.right), budgetY + dy) }
        text.draw([("1/120 s", budgetColor)], x: Int32(p.right) - 60, y: Int32(budgetY) - 20)
        for (i, s) in series.enumerated() {
            let points = s.points.sorted { $0.crates < $1.crates }.map { SDL_FPoint(x: Float(p.x(Double($0.crates))), y: Float(p.y($0.ms))) }
            SDL_SetRenderDrawColor(renderer, s.color.r, s.color.g, s.color.b, 255)
            for dy: Float in [-0.5, 0, 0.5] {
                let shifted = points.map { SDL_FPoint(x: $0.x, y: $0.y + dy) }
                SDL_RenderDrawLinesF(renderer, shifted, Int32(shifted.count))
            }
            var dots = points.map { SDL_FRect(x: $0.x - 3, y: $0.y - 3, w: 7, h: 7) }
            SDL_RenderFillRectsF(renderer, &dots, Int32(dots.count))
            text.draw([("● " + s.title, s.color)], x: Int32(p.left) + 20, y: Int32(p.top) + 10 + Int32(i) * 20)
        }
        SDL_RenderPresent(renderer)
    }
}
