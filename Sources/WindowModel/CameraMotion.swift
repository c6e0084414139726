import Animation
import CrateboxGeometry

/// Where the window's camera looks: zoom (1 fits the scene) and centre, with
/// eased transitions between views, using the same timing functions as the
/// animations. Time is real time, passed in by the app.
public struct CameraMotion: Sendable {
    public struct View: Equatable, Sendable {
        public var zoom: Double
        public var center: Vector
        public init(zoom: Double, center: Vector) { self.zoom = zoom; self.center = center }
    }

    public static let zoomRange = 0.25...20.0
    public let fit: View
    /// The box fitted at zoom 1 (the scene's bounds grown to what it holds).
    public let world: (origin: Vector, width: Double, height: Double)
    public private(set) var from: View
    public private(set) var to: View
    private var elapsed = 0.0
    public var duration = 0.35
    public var timing = TimingFunction.easeInEaseOut

    /// The view that fits `box` (a scene's fitted box, `Scene.fitted`).
    public init(fitting box: (origin: Vector, width: Double, height: Double)) {
        self.init(worldWidth: box.width, worldHeight: box.height, origin: box.origin)
    }

    /// The view that fits the box `worldWidth` x `worldHeight` from `origin`.
    public init(worldWidth: Double, worldHeight: Double, origin: Vector = .zero) {
        fit = View(zoom: 1, center: Vector(origin.x + worldWidth / 2, origin.y + worldHeight / 2))
        world = (origin, worldWidth, worldHeight)
        from = fit
        to = fit
        elapsed = duration
    }

    /// The view now.
    public var current: View {
        let t = timing(min(elapsed / duration, 1))
        return View(zoom: from.zoom + (to.zoom - from.zoom) * t, center: from.center + (to.center - from.center) * t)
    }

    public var isMoving: Bool { elapsed < duration }

    public mutating func advance(by seconds: Double) {
        if seconds.isFinite && seconds > 0 { elapsed += seconds }
    }

    /// Eases from wherever the camera is to `view`.
    public mutating func move(to view: View) {
        from = current
        to = View(zoom: min(max(view.zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound), center: view.center)
        elapsed = 0
    }

    /// Eases back to the whole scene (on reset and resize).
    public mutating func fitScene() { move(to: fit) }

    /// Zooms by `factor` keeping the world point `anchor` (under the pointer) in place.
    public mutating func zoom(by factor: Double, about anchor: Vector) {
        // Where the anchor is on screen now (mid-transition too) is where it stays.
        let now = current
        let zoom = min(max(to.zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        move(to: View(zoom: zoom, center: anchor + (now.center - anchor) * (now.zoom / zoom)))
    }

    /// Pans at once (dragging follows the hand, no easing) by a world-space offset.
    public mutating func pan(by offset: Vector) {
        let now = current
        from = View(zoom: now.zoom, center: now.center + offset)
        to = View(zoom: to.zoom, center: to.center + offset)
        if !isMoving { from = to }
    }
}
