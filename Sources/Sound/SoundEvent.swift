/// What is heard: one sound the physics made, with where and how hard.
/// Events in, samples out (`Synth`): the synthesis is a pure function of
/// the events and the frames they start at, so a journal rendered twice
/// gives the same bytes.
public struct SoundEvent: Equatable, Sendable, BitwiseCopyable {
    /// What kind of thing made it.
    public enum Kind: Equatable, Sendable, BitwiseCopyable {
        /// Two bodies met (a contact began, or its impulse jumped): a knock
        /// whose pitch and colour come from the body's size and material.
        case impact(Material)
        /// A body entered water.
        case splash
        /// A breakable joint broke.
        case snap
        /// The knife cut through a body.
        case cut
        /// An explosion (X and a click).
        case explosion
        /// A thruster firing, for one step.
        case hiss
    }

    /// What a body sounds like when it is struck (a scene may say it of a shape).
    public enum Material: String, Equatable, Sendable, CaseIterable, BitwiseCopyable {
        /// A crate: a short knock with a click.
        case wood
        /// A ball: a low, dull thump.
        case rubber
        /// A ring that lasts.
        case metal
        /// A dry crack, mostly noise.
        case stone
    }

    /// What made it.
    public var kind: Kind
    /// How hard, 0 (silent) to 1 (the loudest the mix expects): for an
    /// impact, the blow's energy, mapped by the caller (the world's hearing,
    /// `strength(ofSpeed:mass:)` in Simulation).
    public var strength: Double
    /// The size of what sounds, in points (a crate's side, a ball's
    /// diameter): bigger is lower.
    public var size: Double
    /// Where it is across the screen: -1 the left edge, 1 the right.
    public var pan: Double
    /// 1 on screen, less off it.
    public var gain: Double

    /// A sound of `kind`; strength, pan and gain are clamped to their ranges, size to at least 1.
    public init(_ kind: Kind, strength: Double, size: Double = 32, pan: Double = 0, gain: Double = 1) {
        self.kind = kind
        self.strength = SoundEvent.clamped(strength, 0, 1)
        self.size = size.isFinite ? max(1, size) : 32
        self.pan = SoundEvent.clamped(pan, -1, 1)
        self.gain = SoundEvent.clamped(gain, 0, 1)
    }

    static func clamped(_ x: Double, _ low: Double, _ high: Double) -> Double {
        x.isNaN ? low : min(high, max(low, x))
    }
}
