import CSDL2
import Editing
import WindowModel
import CrateboxGeometry
import Render
import SceneFormat

/// Build mode's picture: the document as a World draws it, the grid, the
/// selection and its rotation handle, what a tool is drawing, the toolbar and
/// the property panel.
extension Builder {
    /// The document in `room` (the layout's, clipped to it), then the toolbar and the panel.
    func draw(in window: AppWindow, camera: Camera, room: SDL_Rect) {
        let (pw, ph) = window.outputSize
        let renderer = window.renderer, scale = window.pixelScale, pixels = scale / camera.scale
        if let drawn {
            window.painter.draw(drawn, camera: camera, alpha: 1, width: Int(pw), height: Int(ph), clip: room)
        } else {
            var room = room
            SDL_RenderSetClipRect(renderer, &room)
        }
        if grid {
            BuildOverlays.drawGrid(spacing: Grid.spacing, worldWidth: scene.width, worldHeight: scene.height, origin: scene.origin, camera: camera, renderer: renderer)
        }
        drawSelection(camera: camera, renderer: renderer, scale: scale, pixels: pixels)
        drawGesture(camera: camera, renderer: renderer, scale: scale)
        SDL_RenderSetClipRect(renderer, nil)
        let buttons = Builder.toolbarButtons(in: window)
        BuildOverlays.drawToolbar(Builder.toolbarLabels, selected: tool.rawValue - 1, buttons: buttons, text: window.text, renderer: renderer)
        let properties = document.properties
        if !properties.isEmpty {
            let title: String
            switch document.selection {
            case .body(let i)?: title = "bodies[\(i)]" + (scene.bodies[i].id.map { " \"\($0)\"" } ?? "")
            case .joint(let j)?: title = "joints[\(j)] \(Builder.kindName(scene.joints[j].kind))"
            case .fluid(let k)?: title = "fluids[\(k)] water"
            case .attractor(let k)?: title = "attractors[\(k)] planet"
            case nil: title = "scene (nothing selected)"
            }
            BuildOverlays.drawProperties(title: title, rows: properties.map { ($0.key.rawValue, $0.text) },
                                         typing: typing.map { ($0.row, $0.text) } ?? capturing.map { ($0.row, "press a key") },
                                         boxes: BuildOverlays.propertyRows(count: properties.count + 1, width: pw, bottom: buttons.first?.y,
                                                                           scale: scale, text: window.text),
                                         text: window.text, renderer: renderer)
        }
    }

    /// The toolbar's labels: each tool's key and name (the J tools: the name).
    static let toolbarLabels = Tool.allCases.map { $0.key == "J" ? $0.name : "\($0.key) \($0.name)" }

    /// The toolbar's buttons in this window, each as wide as its label.
    static func toolbarButtons(in window: AppWindow) -> [SDL_Rect] {
        let (pw, ph) = window.outputSize
        return BuildOverlays.toolbarButtons(labelWidths: toolbarLabels.map { window.text.width([$0]) }, width: pw, height: ph, scale: window.pixelScale)
    }

    static func kindName(_ kind: JointSpec.Kind) -> String {
        switch kind {
        case .pivot, .pivotAnchors: "pivot"
        case .pin: "rod"
        case .slide: "rope"
        case .spring: "spring"
        case .motor: "motor"
        case .groove: "groove"
        case .rotarySpring: "rotary spring"
        case .rotaryLimit: "rotary limit"
        case .ratchet: "ratchet"
        case .gear: "gear"
        }
    }

    private func drawSelection(camera: Camera, renderer: OpaquePointer, scale: Double, pixels: Double) {
        switch document.selection {
        case .body(let i)?:
            var body = scene.bodies[i]
            // While moving or turning, the selection shows where it will go.
            switch gesture {
            case .moving(let from, let to)?: body.position = body.position + (moveDelta(from: from, to: to) ?? .zero)
            case .rotating(let from, let to)?: body.angle += rotation(from: from, to: to)
            default: break
            }
            for outline in BuildOverlays.outlines(of: body) {
                BuildOverlays.drawLine(outline, closed: true, selected: true, camera: camera, renderer: renderer)
            }
            if let fixed = handle(pixels: pixels) {
                // The handle goes where the body goes.
                let handle = fixed - scene.bodies[i].position + body.position
                BuildOverlays.drawLine([body.position, handle], closed: false, selected: true, camera: camera, renderer: renderer)
                BuildOverlays.drawHandle(handle, selected: true, camera: camera, renderer: renderer, scale: scale)
            }
        case .joint(let j)?:
            let ends = scene.anchors(of: scene.joints[j])
            BuildOverlays.drawLine([ends.a, ends.b], closed: false, selected: true, camera: camera, renderer: renderer)
            BuildOverlays.drawHandle(ends.a, selected: true, camera: camera, renderer: renderer, scale: scale)
            BuildOverlays.drawHandle(ends.b, selected: true, camera: camera, renderer: renderer, scale: scale)
        case .fluid(let k)?:
            let d = movedBy
            let f = scene.fluids[k], lo = f.min + d, hi = f.max + d
            BuildOverlays.drawLine([lo, Vector(hi.x, lo.y), hi, Vector(lo.x, hi.y)], closed: true, selected: true, camera: camera, renderer: renderer)
        case .attractor(let k)?:
            let a = scene.attractors[k], centre = a.position + movedBy
            BuildOverlays.drawLine(Builder.circle(centre, max(a.radius, 8 * pixels)), closed: true, selected: true, camera: camera, renderer: renderer)
            BuildOverlays.drawHandle(centre, selected: true, camera: camera, renderer: renderer, scale: scale)
        case nil: break
        }
    }

    /// How far the selection is being dragged (zero when it is not).
    private var movedBy: Vector {
        guard case .moving(let from, let to)? = gesture else { return .zero }
        return moveDelta(from: from, to: to) ?? .zero
    }

    /// A circle as a closed line of 40 points.
    static func circle(_ c: Vector, _ r: Double) -> [Vector] {
        (0..<40).map { k -> Vector in
            let t = Double(k) / 40 * 2 * Double.pi
            return c + Vector(r * cos(t), r * sin(t))
        }
    }

    private func drawGesture(camera: Camera, renderer: OpaquePointer, scale: Double) {
        for corner in corners { BuildOverlays.drawHandle(corner, selected: false, camera: camera, renderer: renderer, scale: scale) }
        if corners.count >= 2 {
            BuildOverlays.drawLine(corners, closed: corners.count >= 3, selected: false, camera: camera, renderer: renderer)
        }
        if let join = hoverJoin {
            // Where the pivot or motor would go, and a line to what it would join.
            BuildOverlays.drawHandle(join.point, selected: true, camera: camera, renderer: renderer, scale: scale)
            if let other = join.other.body {
                BuildOverlays.drawLine([join.point, scene.bodies[other].position], closed: false, selected: true, camera: camera, renderer: renderer)
            }
        }
        guard case .drawing(let a, let b)? = gesture else { return }
        switch tool {
        case .crate, .water:
            BuildOverlays.drawLine([a, Vector(b.x, a.y), b, Vector(a.x, b.y)], closed: true, selected: false, camera: camera, renderer: renderer)
        case .ball:
            BuildOverlays.drawLine(Builder.circle(a, (b - a).length), closed: true, selected: false, camera: camera, renderer: renderer)
            BuildOverlays.drawLine([a, b], closed: false, selected: false, camera: camera, renderer: renderer)
        default:
            BuildOverlays.drawLine([a, b], closed: false, selected: false, camera: camera, renderer: renderer)
            BuildOverlays.drawHandle(a, selected: false, camera: camera, renderer: renderer, scale: scale)
            BuildOverlays.drawHandle(b, selected: false, camera: camera, renderer: renderer, scale: scale)
        }
    }

    /// What the HUD's band says in build mode: the document, then the tool
    /// (and what a click of it would do).
    func hudLines() -> [String] {
        let counts = "bodies \(scene.bodies.count)   joints \(scene.joints.count)"
            + (scene.fluids.isEmpty ? "" : "   water \(scene.fluids.count)")
            + (scene.attractors.isEmpty ? "" : "   planets \(scene.attractors.count)")
        var tool = "tool \(self.tool.key): \(self.tool.name)   grid \(grid ? "on" : "off") (G)   " + (hoverJoinLine ?? self.tool.hint)
        if self.tool == .polygon && !corners.isEmpty { tool += "   \(corners.count) corner\(corners.count == 1 ? "" : "s"): Enter closes" }
        return ["\(scene.name)   BUILD (B plays)   \(counts)   Ctrl+Z undo\(document.canUndo ? "" : " (nothing)")   Ctrl+S saves \(document.file)   H: help",
                tool]
    }
}
