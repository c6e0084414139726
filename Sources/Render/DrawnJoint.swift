import Geometry
import SceneFormat
import Simulation

/// A joint as the normal view draws it: the part it stands for, where its
/// anchors are now, and which of them sit on a static body (drawn as mounts).
public struct DrawnJoint: Sendable {
    /// The part a joint is drawn as.
    public enum Kind: Sendable, Equatable {
        /// A bolt (pivot), a rod (pin joint), an axle mark (motor).
        case pivot, pin, motor
        /// A rope: straight when taut (at `max`), sagging when slack.
        case slide(min: Double, max: Double)
        /// A coil whose turns stretch and squeeze with its length.
        case spring(restLength: Double)
    }
    /// The part it is drawn as.
    public let kind: Kind
    /// The anchors in world coordinates (a motor: the turned body's origin, twice).
    public let a: Vector, b: Vector
    /// Whether each anchor is on a static or kinematic body (drawn as a mount).
    public let aFixed: Bool, bFixed: Bool
    /// A motor: the angle of the body it turns (the dynamic one), for the axle mark.
    public let angle: Double

    /// The part a joint of the world stands for.
    public init(_ joint: JointState) {
        let aFixed = joint.bodyA.kind != .dynamic, bFixed = joint.bodyB.kind != .dynamic
        let kind: Kind
        switch joint.kind {
        case .motor:
            // An axle mark on the body it turns (the dynamic one).
            let turned = bFixed ? joint.bodyA : joint.bodyB
            self.init(kind: .motor, a: turned.pose.position, b: turned.pose.position, aFixed: false, bFixed: false, angle: turned.pose.angle)
            return
        case .pivot, .pivotAnchors: kind = .pivot
        case .pin: kind = .pin
        case .slide(_, _, let lo, let hi): kind = .slide(min: lo, max: hi)
        case .spring(_, _, let rest, _, _): kind = .spring(restLength: rest)
        }
        self.init(kind: kind, a: joint.a, b: joint.b, aFixed: aFixed, bFixed: bFixed, angle: 0)
    }

    /// A part drawn with these anchors.
    public init(kind: Kind, a: Vector, b: Vector, aFixed: Bool, bFixed: Bool, angle: Double) {
        (self.kind, self.a, self.b, self.aFixed, self.bFixed, self.angle) = (kind, a, b, aFixed, bFixed, angle)
    }
}
