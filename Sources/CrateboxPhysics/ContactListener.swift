import ChipmunkCallbacks
import ChipmunkPrivate
import CrateboxGeometry

/// A contact that began in the last step, or whose normal impulse jumped:
/// what a step's contacts sound like.
public struct ContactOnset {
    /// The two shapes, in the arbiter's order.
    public let a: Shape, b: Shape
    /// The normal impulse of the step (summed over the contact points), and
    /// the step before's (0: the contact began).
    public let impulse: Double, previous: Double
    /// How fast the two met: the impulse's jump times the sum of the bodies'
    /// inverse masses, in points per second.
    public let speed: Double
    /// The first contact point, in world coordinates.
    public let point: Vector
}

/// Hears a space's contacts after each step. It remembers each awake
/// contact's impulse until the next step (looked up by the arbiter, never
/// walked), so what it reports follows Chipmunk's arbiter order alone.
public final class ContactListener {
    private let raw: OpaquePointer
    /// Where the C walk writes a step's onsets: made once, reused every step.
    private var buffer: [cratebox_onset] = []

    /// A listener that remembers nothing yet.
    public init() {
        guard let raw = cratebox_listener_new() else { fatalError("out of memory for a contact listener") }
        self.raw = raw
    }

    deinit { cratebox_listener_free(raw) }

    /// Forgets what it remembered: after the space was rebuilt or read back.
    public func forget() { cratebox_listener_forget(raw) }

    /// The onsets of the step `space` just took, at least `leastSpeed` points
    /// per second: contacts that began, and contacts whose impulse is over
    /// `jump` times the step before's. At most `limit`, in the space's arbiter order.
    public func onsets(in space: Space, leastSpeed: Double, jump: Double, limit: Int = 256) -> [ContactOnset] {
        if buffer.count != limit { buffer = [cratebox_onset](repeating: cratebox_onset(), count: limit) }
        let n = buffer.withUnsafeMutableBufferPointer {
            Int(cratebox_listen(raw, space.raw, leastSpeed, jump, $0.baseAddress, Int32($0.count)))
        }
        guard n > 0 else { return [] }
        return buffer.prefix(min(n, limit)).compactMap { o in
            guard let rawA = o.a, let rawB = o.b,
                  let a = Shape.from(rawA), let b = Shape.from(rawB) else { return nil }
            return ContactOnset(a: a, b: b, impulse: o.impulse, previous: o.previous, speed: o.speed, point: Vector(o.x, o.y))
        }
    }
}
