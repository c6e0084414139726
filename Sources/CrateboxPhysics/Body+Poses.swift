import ChipmunkCallbacks
import ChipmunkPrivate
import CrateboxGeometry

/// Bodies whose poses are read together, as the window reads every body's
/// after every step: their Chipmunk bodies kept in one array, read in one
/// pass in C (no Swift value copied per body). Holds the bodies alive.
public struct BodyPoses {
    private let bodies: [Body?]
    private let raws: [OpaquePointer?]

    /// `bodies` in order; nil stands for a gap (a removed body), read as a zero pose.
    public init(_ bodies: [Body?]) {
        self.bodies = bodies
        raws = bodies.map { $0?.raw }
    }

    /// Each body's position and angle now.
    public func read() -> [Pose] {
        let count = raws.count
        guard count > 0 else { return [] }
        var values = [Double](repeating: 0, count: 3 * count)
        raws.withUnsafeBufferPointer { raw in
            values.withUnsafeMutableBufferPointer { out in
                cratebox_bodies_poses(raw.baseAddress, Int32(count), out.baseAddress)
            }
        }
        return (0..<count).map { Pose(position: Vector(values[3 * $0], values[3 * $0 + 1]), angle: values[3 * $0 + 2]) }
    }
}
