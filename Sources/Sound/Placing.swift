/// What the listener looks at: the world rectangle on screen, in world
/// points. A sound is placed in the stereo field by where it happened in it.
public struct ListenerView: Equatable, Sendable, BitwiseCopyable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }
}

extension SoundEvent {
    /// The sound made at world point (`x`, `y`) as heard looking at `view`:
    /// panned by where it is across it, and quieter the farther off it. Runs
    /// on the audio thread (the window) or the soundtrack's writer: hearing's
    /// job, not the world's.
    public func placed(atX x: Double, y: Double, in view: ListenerView) -> SoundEvent {
        let halfWidth = max(1, (view.maxX - view.minX) / 2), halfHeight = max(1, (view.maxY - view.minY) / 2)
        let centreX = (view.minX + view.maxX) / 2, centreY = (view.minY + view.maxY) / 2
        let across = (x - centreX) / halfWidth, up = (y - centreY) / halfHeight
        // How far outside the view, in half-views: 0 on screen.
        let outside = max(0, abs(across) - 1, abs(up) - 1)
        return SoundEvent(kind, strength: strength, size: size, pan: across, gain: 1 / (1 + 2 * outside))
    }
}
