import Animation
import Physics
import SceneFormat
import Simulation

/// Fits the scene's bounds into the drawing area, letterboxed, y up; then
/// zooms by `zoom` about `center` (a world point drawn at the middle).
public struct Camera: Equatable, Sendable {
    /// Pixels per world point.
    public let scale: Double
    /// Pixel position of the world origin's column and of the world's top edge.
    public let originX: Double
    public let topY: Double
    public let worldHeight: Double

    /// `margin` is the share of each side left around the bounds (room for the walls).
    public init(worldWidth: Double, worldHeight: Double, pixelWidth: Int, pixelHeight: Int, margin: Double = 0.03,
                zoom: Double = 1, center: Vector? = nil) {
        let ww = worldWidth * (1 + 2 * margin), wh = worldHeight * (1 + 2 * margin)
        let pw = Double(max(pixelWidth, 1)), ph = Double(max(pixelHeight, 1))
        scale = min(pw / ww, ph / wh) * zoom
        let c = center ?? Vector(worldWidth / 2, worldHeight / 2)
        originX = pw / 2 - c.x * scale
        topY = ph / 2 - (worldHeight - c.y) * scale
        self.worldHeight = worldHeight
    }

    /// A world point in pixels (y down).
    public func toScreen(_ p: Vector) -> (x: Double, y: Double) {
        (originX + p.x * scale, topY + (worldHeight - p.y) * scale)
    }

    /// A pixel in world coordinates (y up).
    public func toWorld(x: Double, y: Double) -> Vector {
        Vector((x - originX) / scale, worldHeight - (y - topY) / scale)
    }
}
