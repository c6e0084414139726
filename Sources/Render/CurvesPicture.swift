import Animation
import CSDL2
import CrateboxGeometry
import SceneFormat
import Simulation

/// A picture of timing functions, drawn as the seed's chapter draws them: each
/// curve in its unit square (time across, progress up), with its two control
/// points and the handles from the ends to them.
public enum CurvesPicture {
    public struct Curve {
        public var title: String
        public var function: (Double) -> Double
        /// The Bezier's control points, when it is one.
        public var controlPoints: (Double, Double, Double, Double)?

        public init(title: String, function: @escaping (Double) -> Double, controlPoints: (Double, Double, Double, Double)? = nil) {
            self.title = title
            self.function = function
            self.controlPoints = controlPoints
        }

        public static func bezier(_ f: TimingFunction) -> Curve {
            Curve(title: f.name ?? "[\(f.x1), \(f.y1), \(f.x2), \(f.y2)]", function: { f($0) }, controlPoints: (f.x1, f.y1, f.x2, f.y2))
        }
    }

    /// Every named timing function, then the seed's closed forms, then `extra`.
    public static func standardCurves(extra: [TimingFunction] = []) -> [Curve] {
        TimingFunction.named.map(Curve.bezier)
            + [Curve(title: "quadratic ease-in-out", function: Easing.quadraticEaseInOut),
               Curve(title: "bounce ease-out", function: Easing.bounceEaseOut)]
            + extra.map(Curve.bezier)
    }

    /// Where each curve's unit square is drawn: its left and bottom edges and side, in pixels.
    public struct Cell: Sendable {
        public var left: Double, bottom: Double, side: Double, titleX: Double, titleY: Double
        /// A point of the curve's plane (time across, progress up) in pixels.
        public func point(_ t: Double, _ v: Double) -> (x: Double, y: Double) { (left + t * side, bottom - v * side) }
    }

    public static func cells(for curves: [Curve], width: Int, height: Int) -> [Cell] {
        let columns = min(4, max(1, curves.count))
        let rows = (curves.count + columns - 1) / columns
        let cellW = Double(width) / Double(columns), cellH = Double(height) / Double(max(rows, 1))
        return curves.enumerated().map { i, curve in
            let cx = Double(i % columns) * cellW, cy = Double(i / columns) * cellH
            // The unit square, shrunk so that overshoot (of the curve or its
            // control points) stays inside the cell, below the title.
            var low = 0.0, high = 1.0
            for k in 0...400 {
                let v = curve.function(Double(k) / 400)
                low = min(low, v); high = max(high, v)
            }
            if let (_, y1, _, y2) = curve.controlPoints { low = min(low, y1, y2); high = max(high, y1, y2) }
            let usable = cellH * 0.72
            let side = min(cellW * 0.62, usable / (high - low))
            let bottom = cy + cellH * 0.18 + high * side + (usable - (high - low) * side) / 2
            return Cell(left: cx + (cellW - side) / 2, bottom: bottom, side: side, titleX: cx + cellW / 2, titleY: cy + cellH * 0.05)
        }
    }

    public static func render(_ curves: [Curve], width: Int, height: Int, to path: String) throws(WindowError) {
        try Offscreen.withCanvas(width: width, height: height, minimum: 64) { surface, renderer throws(WindowError) in
            draw(curves, width: width, height: height, renderer: renderer)
            try savePNG(surface, to: path)
        }
    }

    /// The picture's pixels, RGBA from the top row (for tests).
    public static func pixels(_ curves: [Curve], width: Int, height: Int) throws(WindowError) -> [UInt8] {
        try Offscreen.withCanvas(width: width, height: height, minimum: 64) { surface, renderer in
            draw(curves, width: width, height: height, renderer: renderer)
            return Offscreen.copyPixels(surface, width: width, height: height)
        }
    }

    static func draw(_ curves: [Curve], width: Int, height: Int, renderer: OpaquePointer) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 250, 250, 247, 255)
        SDL_RenderClear(renderer)
        let cells = cells(for: curves, width: width, height: height)
        let fontSize = cells.first.map { Int32(max(10, $0.side / 11)) } ?? 12
        let text = Text(renderer: renderer, pointSize: fontSize)
        for (curve, cell) in zip(curves, cells) {
            let left = cell.left, bottom = cell.bottom, side = cell.side
            func point(_ t: Double, _ v: Double) -> SDL_FPoint {
                let p = cell.point(t, v)
                return SDL_FPoint(x: Float(p.x), y: Float(p.y))
            }
            // Axes and the unit square.
            SDL_SetRenderDrawColor(renderer, 205, 205, 200, 255)
            var square = SDL_FRect(x: Float(left), y: Float(bottom - side), w: Float(side), h: Float(side))
            SDL_RenderDrawRectF(renderer, &square)
            SDL_SetRenderDrawColor(renderer, 60, 60, 60, 255)
            SDL_RenderDrawLineF(renderer, Float(left), Float(bottom), Float(left + side * 1.05), Float(bottom))
            SDL_RenderDrawLineF(renderer, Float(left), Float(bottom), Float(left), Float(bottom - side * 1.05))
            // Handles and control points.
            if let (x1, y1, x2, y2) = curve.controlPoints {
                SDL_SetRenderDrawColor(renderer, 200, 90, 60, 255)
                let p0 = point(0, 0), p1 = point(x1, y1), p2 = point(x2, y2), p3 = point(1, 1)
                SDL_RenderDrawLineF(renderer, p0.x, p0.y, p1.x, p1.y)
                SDL_RenderDrawLineF(renderer, p3.x, p3.y, p2.x, p2.y)
                var dots = [p1, p2].map { SDL_FRect(x: $0.x - 3, y: $0.y - 3, w: 7, h: 7) }
                SDL_RenderFillRectsF(renderer, &dots, 2)
            }
            // The curve, thickened by drawing it three times a pixel apart.
            var samples: [SDL_FPoint] = []
            for k in 0...400 {
                let t = Double(k) / 400
                samples.append(point(t, curve.function(t)))
            }
            SDL_SetRenderDrawColor(renderer, 30, 80, 160, 255)
            for dy: Float in [-0.5, 0, 0.5] {
                let shifted = samples.map { SDL_FPoint(x: $0.x, y: $0.y + dy) }
                SDL_RenderDrawLinesF(renderer, shifted, Int32(shifted.count))
            }
            let titleWidth = text.width([curve.title])
            text.draw([(curve.title, SDL_Color(r: 30, g: 30, b: 30, a: 255))],
                      x: Int32(cell.titleX) - titleWidth / 2, y: Int32(cell.titleY))
        }
        SDL_RenderPresent(renderer)
    }
}
