import Animation
import Physics

/// The seed's frame-rate rule, as the window loop applies it: while physics
/// takes more than half of real time (the clock's `shouldHalveFrameRate`),
/// draw every other display frame, steadily, rather than skip at random.
public struct FramePacer: Sendable {
    private var skippedLast = true

    public init() {}

    /// Whether to draw this frame. `halve`: the clock's advice, this frame.
    public mutating func shouldDraw(halve: Bool) -> Bool {
        guard halve else {
            skippedLast = true  // the next halved run starts with a drawn frame
            return true
        }
        skippedLast.toggle()
        return skippedLast == false
    }
}
