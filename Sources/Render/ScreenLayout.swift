import CSDL2

/// Where each overlay goes in a window, and the rectangle they leave for the
/// box: the HUD is a band along the top (its figures, then what is happening,
/// then the scene's keys), the time machine's bar is the band's last row, the
/// bubble level sits at the band's right end, and side panels (build mode's
/// properties, the F3 graphs) and the build toolbar take their edges. The box
/// is fitted into what is left, so no overlay covers the scene.
public struct ScreenLayout: Equatable, Sendable {
    /// The HUD's band (zero height when the HUD is hidden).
    public var strip: SDL_Rect
    /// What is left for the box.
    public var world: SDL_Rect
    /// The time machine's bar, in the band's last row (or along the top edge with the HUD hidden).
    public var timeline: SDL_Rect
    /// The bubble level's centre and radius, at the band's right end; nil when not shown.
    public var level: (x: Double, y: Double, r: Double)?

    public static func == (a: ScreenLayout, b: ScreenLayout) -> Bool {
        func same(_ p: SDL_Rect, _ q: SDL_Rect) -> Bool { p.x == q.x && p.y == q.y && p.w == q.w && p.h == q.h }
        return same(a.strip, b.strip) && same(a.world, b.world) && same(a.timeline, b.timeline)
            && a.level.map { [$0.x, $0.y, $0.r] } == b.level.map { [$0.x, $0.y, $0.r] }
    }

    /// The height of one text line and the padding, in pixels, for `lines` lines.
    public static func stripHeight(lines: Int, lineHeight: Int32, scale: Double, timeline: Bool = true) -> Int32 {
        lines == 0 ? 0 : Int32(lines) * lineHeight + Int32(8 * scale) + (timeline ? timelineRow(scale) : 0)
    }

    /// The row at the band's bottom that the time machine's bar is drawn in.
    static func timelineRow(_ scale: Double) -> Int32 { Int32(14 * scale) }

    /// - Parameters:
    ///   - stripLines: the HUD's lines (0: hidden).
    ///   - textWidth: the widest of the HUD's lines, in pixels (the level goes right of it, or is not shown).
    ///   - showLevel: whether the scene has gravity to show.
    ///   - right, bottom: pixels taken by a side panel and a bottom toolbar.
    ///   - timelineRow: whether the band keeps a row for the time machine's bar (not in build mode).
    public init(width: Int32, height: Int32, scale: Double, stripLines: Int, lineHeight: Int32, textWidth: Int32,
                showLevel: Bool, right: Double = 0, bottom: Double = 0, timelineRow: Bool = true) {
        let top = Self.stripHeight(lines: stripLines, lineHeight: lineHeight, scale: scale, timeline: timelineRow)
        strip = SDL_Rect(x: 0, y: 0, w: width, h: top)
        let margin = Int32(16 * scale), barHeight = Int32(8 * scale)
        let barY = top > 0 ? top - Self.timelineRow(scale) + (Self.timelineRow(scale) - barHeight) / 2 : Int32(4 * scale)
        // The level: a circle as tall as the band, right of the widest line (when it fits).
        let r = Double(max(top, Int32(40 * scale))) / 2 - 4 * scale
        let levelLeft = Double(width) - 2 * r - 10 * scale
        level = showLevel && top > 0 && Double(textWidth) + 16 * scale <= levelLeft ? (Double(width) - r - 10 * scale, 4 * scale + r, r) : nil
        let barRight = level.map { Int32($0.x - $0.r) - margin } ?? width - margin
        timeline = SDL_Rect(x: margin, y: barY, w: max(barRight - margin, 1), h: barHeight)
        // A level taller than the band reaches below it: the box starts below the level then.
        let levelBottom = level.map { Int32($0.y + $0.r) } ?? 0
        let worldTop = max(top, levelBottom)
        world = SDL_Rect(x: 0, y: worldTop, w: max(width - Int32(right), 1), h: max(height - worldTop - Int32(bottom), 1))
    }
}
