#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import CrateboxGeometry
import Simulation
import WindowModel

/// Fonts for the labels a script shows (16.17), one per pixel size drawn
/// lately: a label's size is in world points, so zooming draws it at sizes a
/// few of which are in use at a time.
final class LabelFonts {
    private let renderer: OpaquePointer
    private var fonts: [Int32: (text: Text, lastUse: Int)] = [:]  // lookups only
    private var uses = 0
    static let kept = 8
    /// Smaller than this a label is not drawn (no one reads it); larger is drawn at this.
    static let pixels: ClosedRange<Double> = 4...400

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// A font for text `size` pixels tall: sizes above 24 are taken in steps of
    /// about 6% (a zoom moves them every frame, and each new size opens the font).
    func text(pixels size: Double) -> Text? {
        guard size >= Self.pixels.lowerBound else { return nil }
        let clamped = min(size, Self.pixels.upperBound)
        let key = Int32(clamped <= 24 ? clamped.rounded() : exp((log(clamped) * 16).rounded() / 16).rounded())
        uses += 1
        if let found = fonts[key] {
            fonts[key] = (found.text, uses)
            return found.text
        }
        if fonts.count >= Self.kept, let oldest = fonts.min(by: { $0.value.lastUse < $1.value.lastUse }) { fonts[oldest.key] = nil }
        let text = Text(renderer: renderer, pointSize: key)
        fonts[key] = (text, uses)
        return text
    }
}

extension Painter {
    /// The script's labels: the world's where the camera puts them, then the
    /// screen's from the top left of the world's room (`clip`), in the order shown.
    func drawLabels(_ world: DrawnWorld, camera: Camera, clip: SDL_Rect?) {
        guard !world.labels.isEmpty else { return }
        for screen in [false, true] {
            for label in world.labels where label.screen == screen {
                let at: (x: Double, y: Double), pixels: Double
                if screen {
                    at = (Double(clip?.x ?? 0) + label.x * pointScale, Double(clip?.y ?? 0) + label.y * pointScale)
                    pixels = label.size * pointScale
                } else {
                    at = camera.toScreen(Vector(label.x, label.y))
                    pixels = label.size * camera.scale
                }
                guard let text = labelFonts.text(pixels: pixels) else { continue }
                let color = SDL_Color(r: UInt8(label.color >> 16 & 0xFF), g: UInt8(label.color >> 8 & 0xFF), b: UInt8(label.color & 0xFF), a: 255)
                var y = at.y
                // A glyph is at most about as wide as the text is tall: a line is cut where it would pass
                // 8192 pixels (no window is wider), so a long line at a large size costs no giant texture.
                let room = max(1, Int(8192 / pixels))
                for line in Self.lines(of: label.text).map({ String($0.prefix(room)) }) {
                    let width = Double(text.width([line]))
                    let x = label.align == 0 ? at.x : label.align == 1 ? at.x - width / 2 : at.x - width
                    if x.magnitude < 1e6, y.magnitude < 1e6 { text.draw([(line, color)], x: Int32(x.rounded()), y: Int32(y.rounded())) }
                    y += Double(text.lineHeight)
                }
            }
        }
    }

    /// A label's lines as drawn: broken at each "\n" (a "\r" before one too is a
    /// control character: a space), each other control character a space.
    static func lines(of text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }
    }
}
