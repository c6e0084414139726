#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import JSONText

/// Small line graphs stacked in the bottom-right corner (F3): each with its
/// label, its latest value and its largest, scaled from zero to that largest.
public enum Graphs {
    public struct Series: Sendable {
        public var label: String
        public var values: [Double]
        public var digits: Int
        /// A second line in the same box (asleep beside awake), in another colour.
        public var second: [Double]?
        public var secondLabel: String?

        public init(label: String, values: [Double], digits: Int, second: [Double]? = nil, secondLabel: String? = nil) {
            self.label = label
            self.values = values
            self.digits = digits
            self.second = second
            self.secondLabel = secondLabel
        }
    }

    /// The column the graphs take along the right edge, in pixels (the box is fitted beside it).
    public static func columnWidth(scale: Double) -> Double { 320 * scale }

    /// Where the graph boxes go in a `width` x `height` picture.
    public static func boxes(count: Int, width: Int32, height: Int32, scale: Double) -> [SDL_Rect] {
        let w = Int32(300 * scale), h = Int32(54 * scale), gap = Int32(6 * scale), margin = Int32(10 * scale)
        return (0..<Int32(count)).map { i in
            SDL_Rect(x: width - w - margin, y: height - margin - (Int32(count) - i) * (h + gap) + gap, w: w, h: h)
        }
    }

    public static func draw(_ series: [Series], width: Int32, height: Int32, scale: Double, text: Text, renderer: OpaquePointer) {
        let boxes = boxes(count: series.count, width: width, height: height, scale: scale)
        for (s, box) in zip(series, boxes) {
            var backdrop = box
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
            SDL_RenderFillRect(renderer, &backdrop)
            let top = (s.values + (s.second ?? [])).max() ?? 0
            let plot = SDL_Rect(x: box.x + 4, y: box.y + text.lineHeight + 2, w: box.w - 8, h: box.h - text.lineHeight - 6)
            line(s.values, top: top, in: plot, color: Palette.joint, renderer: renderer)
            if let second = s.second { line(second, top: top, in: plot, color: Palette.text, renderer: renderer) }
            let now = s.values.last.map { Graphs.shown($0, s.digits) } ?? "-"
            var caption = "\(s.label) \(now)"
            if let second = s.second, let label = s.secondLabel { caption += ", \(label) \(second.last.map { NumberText.fixed($0, 0) } ?? "-")" }
            text.draw([(caption, Palette.text)], x: box.x + 4, y: box.y + 1)
            let peak = "max " + Graphs.shown(top, s.digits)
            text.draw([(peak, Palette.text)], x: box.x + box.w - text.width([peak]) - 4, y: box.y + 1)
        }
    }

    /// A figure with `digits` decimals, or as many as show it when it is
    /// smaller than that shows (a kinetic energy of 0.004 read "0" over a
    /// line that was all spikes): three significant digits then, and past
    /// four zeros after the point, with its power of ten ("1.72e-23").
    public static func shown(_ x: Double, _ digits: Int) -> String {
        let plain = NumberText.fixed(x, digits)
        guard x != 0, x.isFinite, abs(x) < pow(10, -Double(digits)) * 10 else { return plain }
        let needed = Int((-log10(abs(x))).rounded(.up)) + 2
        if needed <= 6 { return NumberText.trimmed(x, max(needed, digits)) }
        // Smaller still (a pile settling: 1.7e-23): three significant digits and its power of ten.
        let power = Int(log10(abs(x)).rounded(.down))
        return NumberText.trimmed(x / pow(10, Double(power)), 2) + "e" + String(power)
    }

    /// A line through `values` across `rect`, 0 at the bottom, `top` at the top.
    static func line(_ values: [Double], top: Double, in rect: SDL_Rect, color: SDL_Color, renderer: OpaquePointer) {
        guard values.count >= 2 else { return }
        let k = top > 0 ? Double(rect.h) / top : 0
        let points = values.enumerated().map { i, v in
            SDL_FPoint(x: Float(Double(rect.x) + Double(i) / Double(values.count - 1) * Double(rect.w)),
                       y: Float(Double(rect.y + rect.h) - max(0, v) * k))
        }
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderDrawLinesF(renderer, points, Int32(points.count))
    }
}
