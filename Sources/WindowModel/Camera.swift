import Animation
import CrateboxGeometry

/// Fits the scene's bounds into the drawing area, letterboxed, y up; then
/// zooms by `zoom` about `center` (a world point drawn at the middle).
public struct Camera: Equatable, Sendable {
    /// Pixels per world point.
    public let scale: Double
    /// Pixel position of the world origin's column and of the world's top edge.
    public let originX: Double
    public let topY: Double
    /// The world y of the box's top edge (its origin's y plus its height).
    public let topWorldY: Double

    /// `margin` is the share of each side left around the bounds (room for the walls).
    /// `left`, `top`: pixels kept free on the left and along the top (the
    /// picture is fitted to the `pixelWidth` x `pixelHeight` after them).
    /// `origin`: the box's bottom-left corner (a scene's `origin`).
    public init(worldWidth: Double, worldHeight: Double, pixelWidth: Int, pixelHeight: Int, margin: Double = 0.03,
                zoom: Double = 1, center: Vector? = nil, left: Double = 0, top: Double = 0, origin: Vector = .zero) {
        let ww = worldWidth * (1 + 2 * margin), wh = worldHeight * (1 + 2 * margin)
        let pw = Double(max(pixelWidth, 1)), ph = Double(max(pixelHeight, 1))
        scale = min(pw / ww, ph / wh) * zoom
        let c = center ?? Vector(origin.x + worldWidth / 2, origin.y + worldHeight / 2)
        topWorldY = origin.y + worldHeight
        originX = left + pw / 2 - c.x * scale
        topY = top + ph / 2 - (topWorldY - c.y) * scale
    }

    /// The camera for a window that also shows a panel `leftPanel` pixels wide
    /// in its top-left corner and `rightPanel` in its top-right one: when the
    /// window is wide enough that the box fits beside them at the same size,
    /// it is moved between them; otherwise it is centred (and they cover it).
    public static func beside(leftPanel: Double, rightPanel: Double, worldWidth: Double, worldHeight: Double,
                              pixelWidth: Int, pixelHeight: Int, zoom: Double = 1, center: Vector? = nil, origin: Vector = .zero) -> Camera {
        let plain = Camera(worldWidth: worldWidth, worldHeight: worldHeight, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                           zoom: zoom, center: center, origin: origin)
        let room = pixelWidth - Int(leftPanel + rightPanel)
        guard room > 0 else { return plain }
        let moved = Camera(worldWidth: worldWidth, worldHeight: worldHeight, pixelWidth: room, pixelHeight: pixelHeight,
                           zoom: zoom, center: center, left: leftPanel, origin: origin)
        return moved.scale >= plain.scale * 0.999 ? moved : plain
    }

    /// The camera that follows a body at `centre` (the scene's `view`):
    /// `width` points of the box across the picture (with the fit's margin),
    /// centred on it as far as the box allows (the picture shows no more
    /// outside the box than fitting it would).
    public static func following(_ centre: Vector, showing width: Double, worldWidth: Double, worldHeight: Double,
                                 pixelWidth: Int, pixelHeight: Int, margin: Double = 0.03, left: Double = 0, top: Double = 0,
                                 origin: Vector = .zero) -> Camera {
        func camera(zoom: Double, center: Vector) -> Camera {
            Camera(worldWidth: worldWidth, worldHeight: worldHeight, pixelWidth: pixelWidth, pixelHeight: pixelHeight, margin: margin,
                   zoom: zoom, center: center, left: left, top: top, origin: origin)
        }
        let fit = camera(zoom: 1, center: centre).scale
        let wanted = Double(max(pixelWidth, 1)) / (width * (1 + 2 * margin))
        let zoom = min(max(wanted / fit, CameraMotion.zoomRange.lowerBound), CameraMotion.zoomRange.upperBound)
        let scale = camera(zoom: zoom, center: centre).scale
        func clamp(_ c: Double, _ lo: Double, _ length: Double, _ half: Double) -> Double {
            half * 2 >= length ? lo + length / 2 : min(max(c, lo + half), lo + length - half)
        }
        let x = clamp(centre.x, origin.x, worldWidth, Double(pixelWidth) / 2 / scale)
        let y = clamp(centre.y, origin.y, worldHeight, Double(pixelHeight) / 2 / scale)
        return camera(zoom: zoom, center: Vector(x, y))
    }

    /// A world point in pixels (y down).
    public func toScreen(_ p: Vector) -> (x: Double, y: Double) {
        (originX + p.x * scale, topY + (topWorldY - p.y) * scale)
    }

    /// A pixel in world coordinates (y up).
    public func toWorld(x: Double, y: Double) -> Vector {
        Vector((x - originX) / scale, topWorldY - (y - topY) / scale)
    }
}
