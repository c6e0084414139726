import CSDL2
import WindowModel
import CrateboxGeometry
import Render
import SceneFormat
import Testing

/// Build mode's overlays, drawn offscreen and looked at pixel by pixel: the
/// toolbar lights the chosen tool, the panel shows its rows, the selection
/// outline goes round the body.
@Suite struct BuildOverlayTests {
    static func isAmber(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 220 && c.g > 170 && c.g < 225 && c.b < 110 }
    static func isDark(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r < 60 && c.g < 60 && c.b < 70 }
    static func isLight(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 180 && c.g > 180 && c.b > 180 }

    @Test func theToolbarLightsTheChosenToolAndLabelsEveryButton() throws {
        let labels = (1...8).map { "\($0) tool" }
        var buttons: [SDL_Rect] = []
        let picture = try drawnCanvas(900, 200) { renderer in
            buttons = BuildOverlays.toolbarButtons(count: 8, width: 900, height: 200, scale: 1)
            BuildOverlays.drawToolbar(labels, selected: 2, buttons: buttons, text: Text(renderer: renderer, pointSize: 14), renderer: renderer)
        }
        #expect(buttons.count == 8)
        // Along the bottom edge, side by side, centred.
        #expect(buttons.allSatisfy { $0.y + $0.h <= 200 && $0.y > 140 })
        #expect(zip(buttons, buttons.dropFirst()).allSatisfy { $0.x + $0.w < $1.x })
        #expect(abs((buttons[0].x + buttons[7].x + buttons[7].w) - 900) <= 1)
        for (i, button) in buttons.enumerated() {
            let inner = SDL_Rect(x: button.x + 2, y: button.y + 2, w: button.w - 4, h: button.h - 4)
            let amber = countPixels(picture, in: inner, Self.isAmber)
            let area = Int(inner.w * inner.h)
            if i == 2 {
                #expect(amber > area / 2, "the chosen tool is lit: \(amber) of \(area)")
            } else {
                #expect(amber == 0, "button \(i) is not lit")
                #expect(countPixels(picture, in: inner, Self.isLight) > 20, "button \(i) has a label")
            }
        }
    }

    @Test func thePropertyPanelShowsATitleAndOneRowPerValueWithTheTypedTextLit() throws {
        var rows: [SDL_Rect] = []
        let picture = try drawnCanvas(800, 400) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            rows = BuildOverlays.propertyRows(count: 4, width: 800, scale: 1, text: text)
            BuildOverlays.drawProperties(title: "bodies[0]", rows: [("type", "dynamic"), ("friction", "0.5"), ("elasticity", "0.8")],
                                         typing: (row: 1, text: "0.7"), boxes: rows, text: text, renderer: renderer)
        }
        // On the right edge, one under another.
        #expect(rows.allSatisfy { $0.x + $0.w <= 800 && $0.x > 500 })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.y + $0.h <= $1.y })
        // The title in amber; the plain rows in light text on dark; the typed row's value in amber.
        #expect(countPixels(picture, in: rows[0], Self.isAmber) > 20)
        #expect(countPixels(picture, in: rows[1], Self.isLight) > 40 && countPixels(picture, in: rows[1], Self.isAmber) == 0)
        let typed = rows[2], right = SDL_Rect(x: typed.x + typed.w / 2, y: typed.y, w: typed.w / 2, h: typed.h)
        #expect(countPixels(picture, in: right, Self.isAmber) > 10, "the value being typed is lit")
        #expect(countPixels(picture, in: rows[3], Self.isAmber) == 0)
    }

    @Test func aLongPanelStaysAboveTheToolbar() throws {
        _ = try drawnCanvas(1280, 720) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            let roomy = BuildOverlays.propertyRows(count: 10, width: 1280, bottom: 682, scale: 1, text: text)
            let plain = BuildOverlays.propertyRows(count: 10, width: 1280, scale: 1, text: text)
            #expect(zip(roomy, plain).allSatisfy { $0.y == $1.y && $0.h == $1.h }, "rows that fit keep their height")
            // A body's panel with a key binding (23 rows) in a 720-high window: the toolbar starts at 682.
            let rows = BuildOverlays.propertyRows(count: 23, width: 1280, bottom: 682, scale: 1, text: text)
            #expect(rows.last!.y + rows.last!.h <= 682, "\(rows.last!)")
            #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.y + $0.h <= $1.y } && rows.allSatisfy { $0.h >= text.lineHeight })
        }
    }

    @Test func theSelectionOutlineGoesRoundTheBodyWhereTheCameraPutsIt() throws {
        let body = BodySpec(type: .dynamic, position: Vector(100, 100), angle: 0, mass: .mass(1),
                            shapes: [ShapeSpec(geometry: .box(width: 80, height: 40, radius: 0))], look: .crate)
        let camera = Camera(worldWidth: 200, worldHeight: 200, pixelWidth: 400, pixelHeight: 400)
        let picture = try drawnCanvas(400, 400) { renderer in
            for outline in BuildOverlays.outlines(of: body) {
                BuildOverlays.drawLine(outline, closed: true, selected: true, camera: camera, renderer: renderer)
            }
        }
        // Amber on each edge's midpoint, none inside or far outside.
        for (x, y) in [(100.0, 80.0), (100, 120), (60, 100), (140, 100)] {
            let s = camera.toScreen(Vector(x, y))
            let near = SDL_Rect(x: Int32(s.x) - 3, y: Int32(s.y) - 3, w: 7, h: 7)
            #expect(countPixels(picture, in: near, Self.isAmber) > 0, "edge at (\(x), \(y))")
        }
        let center = camera.toScreen(Vector(100, 100)), outside = camera.toScreen(Vector(100, 140))
        #expect(countPixels(picture, in: SDL_Rect(x: Int32(center.x) - 20, y: Int32(center.y) - 10, w: 40, h: 20), Self.isAmber) == 0)
        #expect(countPixels(picture, in: SDL_Rect(x: Int32(outside.x) - 20, y: Int32(outside.y) - 10, w: 40, h: 20), Self.isAmber) == 0)
    }
}

/// The panel drew "reverse key" over "none (click to bind)" (issue 35): a
/// value too long for its row is cut, never drawn over its label.
@Suite struct PropertyRowFitTests {
    @Test func aLongValueIsCutToItsRowAndTypingKeepsItsEnd() throws {
        var checked = 0
        _ = try drawnCanvas(900, 400) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            let rows = BuildOverlays.propertyRows(count: 3, width: 900, scale: 1, text: text)
            for label in ["reverse key", "break force", "conveyor velocity x"] {
                let box = rows[1], pad = (box.h - text.lineHeight) / 2
                let room = box.w - pad * 5 - text.width([label])
                let long = "none (click to bind) and then some more words to be sure"
                let shown = BuildOverlays.fitted(long, into: room, text: text)
                #expect(text.width([shown]) <= room && shown.hasSuffix("…") && long.hasPrefix(String(shown.dropLast())))
                let typed = BuildOverlays.fitted("123456789012345678901234567890123456789_", into: room, text: text, keepingEnd: true)
                #expect(text.width([typed]) <= room && typed.hasPrefix("…") && typed.hasSuffix("89_"))
                #expect(BuildOverlays.fitted("3", into: room, text: text) == "3", "a short value is left alone")
                checked += 1
            }
        }
        #expect(checked == 3)
    }

    /// The toolbar's labels touched their buttons' edges ("4 polygon", "P planet").
    @Test func everyToolbarLabelHasRoomInsideItsButton() throws {
        let labels = ["1 select", "2 crate", "3 ball", "4 polygon", "5 plank", "6 pivot", "7 spring", "8 rod", "9 rope", "0 motor",
                      "groove", "gear", "ratchet", "coil", "limit", "W water", "P planet"]
        _ = try drawnCanvas(1280, 720) { renderer in
            let text = Text(renderer: renderer, pointSize: 14)
            let widths = labels.map { text.width([$0]) }
            let buttons = BuildOverlays.toolbarButtons(labelWidths: widths, width: 1280, height: 720, scale: 1)
            #expect(buttons.count == labels.count)
            for (button, w) in zip(buttons, widths) { #expect(button.w >= w + 12, "a label \(w) wide in a button \(button.w) wide") }
            #expect(zip(buttons, buttons.dropFirst()).allSatisfy { $0.x + $0.w < $1.x } && buttons.first!.x > 0 && buttons.last!.x + buttons.last!.w < 1280)
        }
    }
}
