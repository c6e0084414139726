import CSDL2
import WindowModel
import Render
import CrateboxGeometry
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

    /// The layout of the frame on the screen: the mouse maps through what
    /// is drawn (and the HUD's text is measured once a frame, not per event).
    var layout: ScreenLayout { looking.drawnLayout ?? freshLayout }

    /// The layout now: the HUD's band along the top, build mode's panel and
    /// toolbar or the F3 graphs at their edges, the box in the rest. Each
    /// frame makes it once, before drawing (`drawnLayout`).
    var freshLayout: ScreenLayout {
        let (pw, ph) = window.outputSize
        let scale = window.pixelScale
        let lines = hud.hidden ? [] : hudLines
        let textWidth = lines.isEmpty ? 0 : window.text.width(lines.map(\.0))
        let bandLines = hud.band.lines(lines.count, width: pw, building: mode.builder != nil)
        if mode.builder != nil {
            return ScreenLayout(width: pw, height: ph, scale: scale, stripLines: bandLines, lineHeight: window.text.lineHeight,
                                textWidth: textWidth, showLevel: false, right: BuildOverlays.panelWidth(scale: scale),
                                bottom: BuildOverlays.toolbarStrip(scale: scale), timelineRow: false)
        }
        return ScreenLayout(width: pw, height: ph, scale: scale, stripLines: bandLines, lineHeight: window.text.lineHeight,
                            textWidth: textWidth, showLevel: scene.gravity != .zero,
                            right: decor.graphs == nil ? 0 : Graphs.columnWidth(scale: scale))
    }

    var camera: Camera { camera(in: layout) }

    /// F: the whole scene in view again, and the following on; bodies that
    /// got outside the walls are brought into view with it (the HUD says how many).
    func fit() {
        looking.following = true
        if let drawn = mode.physics?.latest.drawn { looking.motion = CameraMotion(fitting: drawn.fitted(clamped: drawn.outsideTheWalls.isEmpty)) }
        looking.motion.fitScene()
    }

    /// The box fitted into the layout's room, zoomed and panned as the view
    /// is; or, following a body (the scene's `view`), centred on it as far as
    /// the box allows, showing `view.width` of it across.
    func camera(in layout: ScreenLayout) -> Camera {
        let view = looking.motion.current, room = layout.world
        guard let centre = looking.followCentre?.point, looking.following, mode.builder == nil else {
            let box = looking.motion.world
            return Camera(worldWidth: box.width, worldHeight: box.height, pixelWidth: Int(room.w), pixelHeight: Int(room.h),
                          zoom: view.zoom, center: view.center, left: Double(room.x), top: Double(room.y), origin: box.origin)
        }
        return Camera.following(centre, showing: scene.view?.width ?? scene.width, worldWidth: scene.width, worldHeight: scene.height,
                                pixelWidth: Int(room.w), pixelHeight: Int(room.h), left: Double(room.x), top: Double(room.y), origin: scene.origin)
    }

    /// Eases where the camera looks towards the followed body as drawn now (a
    /// walker bobs: the camera does not).
    func follow(_ drawn: DrawnWorld, alpha: Double, now: Double) {
        guard let id = scene.view?.follow,
              let index = drawn.bodies.firstIndex(where: { $0?.spec.id == id && $0 != nil }) else { looking.followCentre = nil; return }
        let target = drawn.pose(of: index, alpha: alpha).position
        guard let last = looking.followCentre else { looking.followCentre = (target, now); return }
        let k = min(max((now - last.at) * 6, 0), 1)
        looking.followCentre = (last.point + (target - last.point) * k, now)
    }

    /// The timeline bar (the time machine's and a replay's), in the HUD's band.
    var timelineBar: SDL_Rect { layout.timeline }
}
