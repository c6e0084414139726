import CrateboxGeometry
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
        /// A slot from `slotA` to `slotB` on the first body, its pin at `b`.
        case groove(slotA: Vector, slotB: Vector)
        /// Two toothed wheels, at `a` (turned by `angleA`, when that body is not
        /// the world) and at `b` (`angleB`), their sizes in `ratio`.
        case gear(ratio: Double, angleA: Double, angleB: Double, wheelA: Bool)
        /// Teeth every `ratchet` radians turning with the first body, and a pawl at
        /// the second body's angle, at `a`.
        case ratchet(ratchet: Double, phase: Double, angleA: Double, angleB: Double)
        /// A spiral at `a` wound by the relative angle's distance from `restAngle`.
        case rotarySpring(relative: Double, restAngle: Double)
        /// An arc from `min` to `max` (from the first body's angle `base`), a needle at the relative angle.
        case rotaryLimit(relative: Double, min: Double, max: Double, base: Double)
        /// A joint that broke `age` steps ago: its two ends, snapped apart.
        case snapped(age: Int)
    }
    /// The part it is drawn as.
    public let kind: Kind
    /// The anchors in world coordinates (a motor, gear, ratchet or rotary joint: where it is drawn).
    public let a: Vector, b: Vector
    /// Whether each anchor is on a static or kinematic body (drawn as a mount).
    public let aFixed: Bool, bFixed: Bool
    /// A motor: the angle of the body it turns (the dynamic one), for the axle mark.
    public let angle: Double

    /// How many steps a broken joint's snapped ends stay drawn (a quarter of a second).
    public static let snappedSteps = 30

    /// The part a joint of the world stands for, at step `step` (nil: a broken
    /// joint whose snapped ends are no longer drawn).
    public init?(_ joint: JointState, step: Int) {
        let aFixed = joint.bodyA.kind != .dynamic, bFixed = joint.bodyB.kind != .dynamic
        // The body a joint that acts on angles is drawn on: the one that turns.
        let turned = bFixed ? joint.bodyA : joint.bodyB
        let relative = joint.bodyB.pose.angle - joint.bodyA.pose.angle
        if let broken = joint.brokenAt {
            guard step - broken <= DrawnJoint.snappedSteps else { return nil }
            self.init(kind: .snapped(age: step - broken), a: joint.a, b: joint.b, aFixed: aFixed, bFixed: bFixed, angle: 0)
            return
        }
        // Friction is not a part: only the debug view (F2) shows it.
        if joint.isFriction { return nil }
        let kind: Kind
        switch joint.kind {
        case .motor:
            self.init(kind: .motor, a: turned.pose.position, b: turned.pose.position, aFixed: false, bFixed: false, angle: turned.pose.angle)
            return
        case .gear(_, let ratio):
            kind = .gear(ratio: ratio, angleA: joint.bodyA.pose.angle, angleB: joint.bodyB.pose.angle, wheelA: !aFixed)
            self.init(kind: kind, a: joint.bodyA.pose.position, b: joint.bodyB.pose.position, aFixed: false, bFixed: false, angle: 0)
            return
        case .ratchet(let phase, let ratchet):
            kind = .ratchet(ratchet: ratchet, phase: phase, angleA: joint.bodyA.pose.angle, angleB: joint.bodyB.pose.angle)
            self.init(kind: kind, a: turned.pose.position, b: turned.pose.position, aFixed: false, bFixed: false, angle: 0)
            return
        case .rotarySpring(let rest, _, _):
            // Chipmunk's rotary spring measures a's angle minus b's.
            self.init(kind: .rotarySpring(relative: -relative, restAngle: rest), a: turned.pose.position, b: turned.pose.position,
                      aFixed: false, bFixed: false, angle: 0)
            return
        case .rotaryLimit(let lo, let hi):
            self.init(kind: .rotaryLimit(relative: relative, min: lo, max: hi, base: joint.bodyA.pose.angle),
                      a: turned.pose.position, b: turned.pose.position, aFixed: false, bFixed: false, angle: 0)
            return
        case .groove(let ga, let gb, _):
            let pose = joint.bodyA.pose
            kind = .groove(slotA: pose.position + ga.rotated(by: pose.angle), slotB: pose.position + gb.rotated(by: pose.angle))
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

    /// Whether its ends are anchors on bodies (mounts are drawn under fixed ones).
    var hasAnchors: Bool {
        switch kind {
        case .pivot, .pin, .slide, .spring, .groove: true
        case .motor, .gear, .ratchet, .rotarySpring, .rotaryLimit, .snapped: false
        }
    }
}
