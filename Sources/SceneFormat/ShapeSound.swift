/// What a shape sounds like when struck: the scene's word (`sound`,
/// docs/scene-format.md), which the hearing layer turns into a sound.
public enum ShapeSound: String, Equatable, Sendable, CaseIterable {
    /// A crate: a short knock with a click.
    case wood
    /// A ball: a low, dull thump.
    case rubber
    /// A ring that lasts.
    case metal
    /// A dry crack, mostly noise.
    case stone
}
