#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat

/// What build mode draws over the scene: the toolbar along the bottom edge,
/// the property panel on the right, the grid, the selection and the outline
/// of what a tool is drawing. Plain functions of a renderer, like `Overlays`.
public enum BuildOverlays {
    static let highlight = SDL_Color(r: 255, g: 200, b: 60, a: 255)
    static let ghost = SDL_Color(r: 120, g: 220, b: 255, a: 255)

    /// The toolbar's buttons, centred along the bottom of a `width` x `height` picture.
    public static func toolbarButtons(count: Int, width: Int32, height: Int32, scale: Double) -> [SDL_Rect] {
        // Narrow enough for every tool in a row across a 1280-point window.
        let w = Int32(min(86, 1240 / Double(max(count, 1)) - 4) * scale), h = Int32(30 * scale), gap = Int32(4 * scale)
        let total = Int32(count) * w + Int32(count - 1) * gap
        let x0 = (width - total) / 2, y = height - h - Int32(8 * scale)
        return (0..<Int32(count)).map { SDL_Rect(x: x0 + $0 * (w + gap), y: y, w: w, h: h) }
    }

    /// The toolbar's buttons for labels this wide (pixels), each as wide as
    /// its label and a margin either side, centred along the bottom; in a
    /// window too narrow for that, all of one width (and labels cut to fit).
    public static func toolbarButtons(labelWidths: [Int32], width: Int32, height: Int32, scale: Double) -> [SDL_Rect] {
        let pad = Int32(7 * scale), gap = Int32(4 * scale), h = Int32(30 * scale)
        let widths = labelWidths.map { $0 + 2 * pad }
        let total = widths.reduce(0, +) + Int32(max(widths.count - 1, 0)) * gap
        guard total <= width - Int32(16 * scale) else { return toolbarButtons(count: labelWidths.count, width: width, height: height, scale: scale) }
        var x = (width - total) / 2
        let y = height - h - Int32(8 * scale)
        return widths.map { w in
            defer { x += w + gap }
            return SDL_Rect(x: x, y: y, w: w, h: h)
        }
    }

    /// The height the toolbar takes at the bottom, with its margins.
    public static func toolbarStrip(scale: Double) -> Double { 46 * scale }

    /// The property panel's width, on the right.
    public static func panelWidth(scale: Double) -> Double { 250 * scale }

    /// Draws the toolbar: one button per label, `selected` lit.
    public static func drawToolbar(_ labels: [String], selected: Int, buttons: [SDL_Rect], text: Text, renderer: OpaquePointer) {
        for (i, label) in labels.enumerated() {
            var box = buttons[i]
            if i == selected {
                SDL_SetRenderDrawColor(renderer, 255, 200, 60, 230)
            } else {
                SDL_SetRenderDrawColor(renderer, 20, 24, 30, 210)
            }
            SDL_RenderFillRect(renderer, &box)
            SDL_SetRenderDrawColor(renderer, 150, 160, 175, 255)
            SDL_RenderDrawRect(renderer, &box)
            let color = i == selected ? SDL_Color(r: 20, g: 20, b: 20, a: 255) : Palette.text
            let label = fitted(label, into: box.w - 8, text: text)
            let x = box.x + (box.w - text.width([label])) / 2, y = box.y + (box.h - text.lineHeight) / 2
            text.draw([(label, color)], x: x, y: y)
        }
    }

    /// The property panel's rows (a title row, then one per property), on the right below the level.
    /// Rows that would run past `bottom` (the toolbar's top) are made shorter, down to a line of text each.
    public static func propertyRows(count: Int, width: Int32, bottom: Int32? = nil, scale: Double, text: Text) -> [SDL_Rect] {
        let w = Int32(panelWidth(scale: scale)) - Int32(12 * scale)
        var h = text.lineHeight + Int32(8 * scale), gap = Int32(2 * scale)
        let x = width - w - Int32(8 * scale), y0 = Int32(96 * scale)
        if let bottom, count > 0, y0 + Int32(count) * (h + gap) > bottom - gap {
            let step = (bottom - gap - y0) / Int32(count)
            gap = min(gap, max(0, step - text.lineHeight))
            h = max(text.lineHeight, step - gap)
        }
        return (0..<Int32(count)).map { SDL_Rect(x: x, y: y0 + $0 * (h + gap), w: w, h: h) }
    }

    /// Draws the panel: `title` in the first row, then label and value per
    /// row; the row being typed into shows its text and a cursor.
    public static func drawProperties(title: String, rows: [(label: String, value: String)], typing: (row: Int, text: String)?,
                                      boxes: [SDL_Rect], text: Text, renderer: OpaquePointer) {
        guard boxes.count == rows.count + 1 else { return }
        var titleBox = boxes[0]
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
        SDL_RenderFillRect(renderer, &titleBox)
        let pad = (titleBox.h - text.lineHeight) / 2
        text.draw([(title, highlight)], x: titleBox.x + pad * 2, y: titleBox.y + pad)
        for (i, row) in rows.enumerated() {
            var box = boxes[i + 1]
            let typed = typing?.row == i
            SDL_SetRenderDrawColor(renderer, typed ? 60 : 20, typed ? 70 : 24, typed ? 90 : 30, 210)
            SDL_RenderFillRect(renderer, &box)
            let room = box.w - pad * 5 - text.width([row.label])
            let value = fitted(typed ? (typing!.text + "_") : row.value, into: room, text: text, keepingEnd: typed)
            text.draw([(row.label, Palette.text)], x: box.x + pad * 2, y: box.y + pad)
            text.draw([(value, typed ? highlight : Palette.text)], x: box.x + box.w - text.width([value]) - pad * 2, y: box.y + pad)
        }
    }

    /// `value` cut with "…" to be at most `room` pixels wide, so that it never
    /// runs over its row's label ("reverse key" was drawn over "none (click to
    /// bind)"); text being typed keeps its end, where the cursor is.
    public static func fitted(_ value: String, into room: Int32, text: Text, keepingEnd: Bool = false) -> String {
        guard text.width([value]) > room else { return value }
        var kept = value
        while !kept.isEmpty {
            kept = keepingEnd ? String(kept.dropFirst()) : String(kept.dropLast())
            let shown = keepingEnd ? "…" + kept : kept + "…"
            if text.width([shown]) <= room { return shown }
        }
        return "…"
    }

    /// Faint lines every `spacing` world units across the box.
    public static func drawGrid(spacing: Double, worldWidth: Double, worldHeight: Double, origin: Vector = .zero, camera: Camera, renderer: OpaquePointer) {
        // Lines closer than 4 pixels would be a grey wash: draw every k-th then.
        let k = max(1, Int((4 / (spacing * camera.scale)).rounded(.up)))
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 22)
        let (x0, y0) = (origin.x, origin.y)
        var x = 0.0
        while x <= worldWidth {
            let a = camera.toScreen(Vector(x0 + x, y0)), b = camera.toScreen(Vector(x0 + x, y0 + worldHeight))
            SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
            x += spacing * Double(k)
        }
        var y = 0.0
        while y <= worldHeight {
            let a = camera.toScreen(Vector(x0, y0 + y)), b = camera.toScreen(Vector(x0 + worldWidth, y0 + y))
            SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
            y += spacing * Double(k)
        }
    }

    /// A closed (or open) line through world points.
    public static func drawLine(_ points: [Vector], closed: Bool, selected: Bool, camera: Camera, renderer: OpaquePointer) {
        guard !points.isEmpty else { return }
        let c = selected ? highlight : ghost
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        var screen = points.map { p -> SDL_FPoint in
            let s = camera.toScreen(p)
            return SDL_FPoint(x: Float(s.x), y: Float(s.y))
        }
        if closed { screen.append(screen[0]) }
        // Two pixels wide, so that it reads over textures.
        SDL_RenderDrawLinesF(renderer, screen, Int32(screen.count))
        let shifted = screen.map { SDL_FPoint(x: $0.x + 1, y: $0.y) }
        SDL_RenderDrawLinesF(renderer, shifted, Int32(shifted.count))
    }

    /// A small square at a world point (polygon corners, the rotation handle, anchors).
    public static func drawHandle(_ p: Vector, selected: Bool, camera: Camera, renderer: OpaquePointer, scale: Double) {
        let s = camera.toScreen(p), r = Float(5 * scale)
        var box = SDL_FRect(x: Float(s.x) - r, y: Float(s.y) - r, w: 2 * r, h: 2 * r)
        let c = selected ? highlight : ghost
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255)
        SDL_RenderFillRectF(renderer, &box)
    }

    /// The outline of a body's shapes at its pose, in world points.
    public static func outlines(of body: BodySpec) -> [[Vector]] {
        let c = cos(body.angle), s = sin(body.angle)
        func world(_ p: Vector) -> Vector { body.position + Vector(p.x * c - p.y * s, p.x * s + p.y * c) }
        return body.shapes.map { shape in
            switch shape.geometry {
            case .box(let w, let h, let r):
                let (x, y) = (w / 2 + r, h / 2 + r)
                return [Vector(-x, -y), Vector(x, -y), Vector(x, y), Vector(-x, y)].map(world)
            case .circle(let r, let offset):
                return (0..<32).map { k in
                    let a = Double(k) / 32 * 2 * Double.pi
                    return world(offset + Vector(cos(a) * r, sin(a) * r))
                }
            case .polygon(let vertices, _):
                return vertices.map(world)
            case .segment(let a, let b, let r):
                let d = b - a, length = max(d.length, 1e-9), n = Vector(-d.y / length * r, d.x / length * r)
                return [a + n, b + n, b - n, a - n].map(world)
            }
        }
    }
}
