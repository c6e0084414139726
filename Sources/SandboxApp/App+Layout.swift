import CSDL2
import Controls
import Render
import SceneFormat

/// Where the overlays go and the room they leave for the box (issue 35: the
/// HUD, the panels, the graphs and the time machine's bar covered the scene).
extension App {
    /// The HUD's lines as they are drawn now (wrapped to the window).
    var hudLines: [(String, SDL_Color)] {
        if let builder = mode.builder { return hud.wrapped(hud.buildLines(builder.hudLines(), lost: lostBefore + captures.lost), in: window) }
        guard let physics = mode.physics else { return [] }
        return hud.wrapped(hud.lines(status(physics.latest)), in: window)
    }

    /// This frame's layout: the HUD's band along the top, build mode's
    /// panel and toolbar or the F3 graphs at their edges, the box in the rest.
    var layout: ScreenLayout {
        let (pw, ph) = window.outputSize
        let scale = window.pixelScale
        let lines = hud.hidden ? [] : hudLines
        let textWidth = lines.isEmpty ? 0 : window.text.width(lines.map(\.0))
        if mode.builder != nil {
            return ScreenLayout(width: pw, height: ph, scale: scale, stripLines: lines.count, lineHeight: window.text.lineHeight,
                                textWidth: textWidth, showLevel: false, right: BuildOverlays.panelWidth(scale: scale),
                                bottom: BuildOverlays.toolbarStrip(scale: scale), timelineRow: false)
        }
        return ScreenLayout(width: pw, height: ph, scale: scale, stripLines: lines.count, lineHeight: window.text.lineHeight,
                            textWidth: textWidth, showLevel: scene.gravity != .zero,
                            right: graphs == nil ? 0 : Graphs.columnWidth(scale: scale))
    }

    var camera: Camera { camera(in: layout) }

    /// The box fitted into the layout's room, zoomed and panned as the view is.
    func camera(in layout: ScreenLayout) -> Camera {
        let view = cameraMotion.current, room = layout.world
        return Camera(worldWidth: scene.width, worldHeight: scene.height, pixelWidth: Int(room.w), pixelHeight: Int(room.h),
                      zoom: view.zoom, center: view.center, left: Double(room.x), top: Double(room.y), origin: scene.origin)
    }

    /// The timeline bar (the time machine's and a replay's), in the HUD's band.
    var timelineBar: SDL_Rect { layout.timeline }
}
