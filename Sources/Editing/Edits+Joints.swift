#if canImport(Glibc)
import Glibc
#endif
import CrateboxGeometry
import SceneFormat

/// The joint tools beyond pivot, spring and rod: a rope, a motor, a groove,
/// and the joints on the bodies' angles. Each is one step of undo, checked by
/// the validator like every edit.
extension Document {
    /// A motor's rate when it is made, in radians per second (counter-clockwise).
    public static let newMotorRate = 3.0

    /// A rope (a slide joint) from `a` to `b`, as long as the drag: slack up to that, taut at it.
    public mutating func addRope(from a: Vector, to b: Vector, slack: Double = 0) throws(EditRefused) {
        let (ra, rb) = try ends(a, b, slack: slack)
        let length = (b - a).length
        guard length >= 1 else { throw EditRefused("drag to draw a rope: it is as long as the drag") }
        try addJoint(.slide(anchorA: local(a, ra), anchorB: local(b, rb), min: 0, max: length), ra, rb)
    }

    /// A motor at `p`: turning the topmost body there against the one under
    /// it (or the one its wheel overlaps), or against the world (`motorJoin`).
    public mutating func addMotor(at p: Vector, slack: Double = 0, snap: Double = 0) throws(EditRefused) {
        guard let join = motorJoin(at: p, slack: slack, snap: snap) else {
            throw EditRefused("click on a body to turn it (where two overlap, it turns one against the other)")
        }
        try addJoint(.motor(rate: Document.newMotorRate), join.other, .body(join.body))
    }

    /// A groove along the body at `a`, from `a` to `b`, and its pin on the body at `b` (or in the world).
    public mutating func addGroove(from a: Vector, to b: Vector, slack: Double = 0) throws(EditRefused) {
        guard let grooved = body(at: a, slack: slack) else { throw EditRefused("drag from a point on a body: the groove runs along it") }
        guard (b - a).length >= 1 else { throw EditRefused("drag to draw a groove: it runs from where the button goes down to where it comes up") }
        let pinned = bodies(at: b, slack: slack).first { $0 != grooved }.map(BodyRef.body) ?? .world
        let body = scene.bodies[grooved]
        try addJoint(.groove(grooveA: body.local(a), grooveB: body.local(b), anchorB: local(b, pinned)), .body(grooved), pinned)
    }

    /// A joint on the angles of the bodies at `a` and `b` (the background: the world).
    public mutating func addAngleJoint(_ tool: Tool, from a: Vector, to b: Vector, slack: Double = 0) throws(EditRefused) {
        let (ra, rb) = try ends(a, b, slack: slack)
        // The rotary limit (and ratchet) measure b's angle minus a's; the rotary spring, a's minus b's.
        let relative = angle(rb) - angle(ra)
        let kind: JointSpec.Kind
        switch tool {
        case .gear: kind = .gear(phase: 0, ratio: 1)
        case .ratchet: kind = .ratchet(phase: 0, ratchet: Double.pi / 8)
        case .rotaryLimit: kind = .rotaryLimit(min: relative - Double.pi / 4, max: relative + Double.pi / 4)
        default:
            // About one swing a second on the lighter pair, a third of critical damping.
            let inverse = [ra, rb].compactMap { $0.body.map { scene.bodies[$0].inverseMass.moment } }.reduce(0, +)
            let moment = inverse > 0 ? 1 / inverse : 1000
            let stiffness = max(Document.rounded(4 * Double.pi * Double.pi * moment, significantDigits: 3), 1)
            let damping = Document.rounded(0.6 * (stiffness * moment).squareRoot(), significantDigits: 3)
            kind = .rotarySpring(restAngle: -relative, stiffness: stiffness, damping: damping)
        }
        try addJoint(kind, ra, rb)
    }

    private func angle(_ ref: BodyRef) -> Double { ref.body.map { scene.bodies[$0].angle } ?? 0 }
}
