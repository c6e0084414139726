import CrateboxGeometry
import CrateboxPhysics

/// A mouse-style grab: a kinematic hand body pulls the body through a pivot
/// joint of bounded force, as in Chipmunk's demo app (docs/replay-format.md,
/// `grab`, `drag`, `release`).
struct Grab {
    /// The construction index of the body held.
    let index: Int
    /// The hand: a kinematic body of its own, not one of the world's entries.
    let hand: Body
    /// The pivot from the hand's centre to the point held on the body.
    let joint: Joint
    /// Where the hand is going (the last `drag`).
    var target: Vector

    /// The most a grab may lever a body: r² m / I, with r the hold's distance
    /// from the centre of gravity (on the body it is below about 12).
    static let maxLever = 1e8
    /// The hand's top speed under rules 2, in points/s (replay-format.md, "A step").
    static let topSpeed = 3000.0

    /// Where on `body` (construction index `index`) a grab at world `point` holds it, in
    /// the body's coordinates; throws when it is not a body or a point a grab can hold.
    static func anchor(on body: Body, _ index: Int, at point: Vector) throws(WorldError) -> Vector {
        guard body.kind == .dynamic else { throw WorldError("body \(index) is \(body.kind.rawValue); only dynamic bodies can be grabbed") }
        // A hold far off a body, for its size, leaves the pivot's mass
        // matrix no precision (Chipmunk asserts "Unsolvable constraint"):
        // its determinant keeps about lever x 2.2e-16 of itself.
        let anchor = body.worldToLocal(point), cog = body.centerOfGravity
        let rx = anchor.x - cog.x, ry = anchor.y - cog.y
        let lever = (rx * rx + ry * ry) * body.mass / body.moment
        guard lever <= Self.maxLever else {
            throw WorldError("the grab point is \(Vector.shown((rx * rx + ry * ry).squareRoot())) points from body \(index)'s centre of gravity, too far for a body its size; grab it at a point on it")
        }
        return anchor
    }

    /// Takes hold of `body` (construction index `index`) at `anchor` (from `anchor(on:_:at:)`)
    /// with a hand at world `point`, both added to `space`.
    init(_ index: Int, body: Body, anchor: Vector, at point: Vector, gravity: Double, in space: Space) throws(WorldError) {
        let hand = Body(kind: .kinematic)
        hand.position = point
        let joint = Joint(.pivotAnchors(anchorA: .zero, anchorB: anchor), a: hand, b: body)
        // Strong enough to throw the body around, bounded so that it cannot
        // tear through a pile: 60 times the body's weight under the scene's gravity.
        joint.maxForce = 60 * body.mass * max(gravity, 100)
        // pow(1 - 0.15, 60), the demo's "15 % of the error left after 1/60 s",
        // written as its exact double so that libm stays out of the solver's input.
        joint.errorBias = 0x1.e874bc01e1297p-15
        do {
            try space.add(hand)
            try space.add(joint)
        } catch {
            throw WorldError("cannot grab: \(error)")
        }
        self.init(index: index, hand: hand, joint: joint, target: point)
    }

    /// A grab read back from an exact state (RestoredWorld checks it first).
    init(index: Int, hand: Body, joint: Joint, target: Vector) {
        self.index = index
        self.hand = hand
        self.joint = joint
        self.target = target
    }

    /// Before a step: the hand moves a quarter of the way to the target each
    /// 1/60 s (the demo app's smoothing), by velocity, so the joint sees a
    /// moving body it can carry and throw.
    func moveHand(rules: Int, stepDuration: Double) {
        let at = hand.position
        let next = at + (target - at) * 0.125
        var v = (next - at) * (1 / stepDuration)
        if rules >= 2 {
            // Rules 2: a throw is no faster than the walls' backing holds.
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            if speed > Self.topSpeed { v = Vector(v.x * (Self.topSpeed / speed), v.y * (Self.topSpeed / speed)) }
        }
        hand.velocity = v
    }

    /// Lets go: the hand leaves `space`, taking the joint with it.
    func release(from space: Space) {
        try? space.remove(hand)  // nothing is written: a hand the space has not is already gone
    }
}
