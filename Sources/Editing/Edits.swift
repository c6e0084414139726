#if canImport(Glibc)
import Glibc
#endif
import CrateboxGeometry
import SceneFormat

/// The edits the build tools make. Each is one step of undo, and each is
/// checked by the validator before it enters the document.
extension Document {
    /// The density new bodies get: a 32 x 32 crate weighs about 100, like the default spawn.
    public static let newDensity = 0.1
    /// A click without a drag makes a body of this size (a crate's side, a ball's radius x 2).
    public static let clickSize = 32.0
    /// A plank's radius (half its thickness).
    public static let plankRadius = 4.0

    /// A crate filling the rectangle with corners `a` and `b` (a click: a 32 x 32 crate centred there).
    public mutating func addCrate(from a: Vector, to b: Vector) throws(EditRefused) {
        var w = abs(b.x - a.x), h = abs(b.y - a.y), center = (a + b) * 0.5
        if w < 1 && h < 1 { (w, h, center) = (Document.clickSize, Document.clickSize, a) }
        try add(BodySpec(type: .dynamic, position: center, mass: .density(Document.newDensity),
                         shapes: [ShapeSpec(geometry: .box(width: w, height: h, radius: 0))], look: .crate))
    }

    /// A ball centred at `center` reaching `edge` (a click: radius 16).
    public mutating func addBall(center: Vector, edge: Vector) throws(EditRefused) {
        var r = (edge - center).length
        if r < 1 { r = Document.clickSize / 2 }
        try add(BodySpec(type: .dynamic, position: center, mass: .density(Document.newDensity),
                         shapes: [ShapeSpec(geometry: .circle(radius: r, offset: .zero))], look: .ball))
    }

    /// A polygon through the clicked `points`, or their convex hull when the
    /// outline is concave (returns true then, so that the HUD can say so).
    @discardableResult
    public mutating func addPolygon(_ points: [Vector]) throws(EditRefused) -> Bool {
        let hull = convexHull(points)
        guard hull.count >= 3 else { throw EditRefused("a polygon needs three points that are not on one line") }
        let center = centroid(hull)
        try add(BodySpec(type: .dynamic, position: center, mass: .density(Document.newDensity),
                         shapes: [ShapeSpec(geometry: .polygon(vertices: hull.map { $0 - center }, radius: 0))], look: .plain))
        return hull.count < points.count
    }

    /// A plank (a thick segment) from `a` to `b`.
    public mutating func addPlank(from a: Vector, to b: Vector) throws(EditRefused) {
        let center = (a + b) * 0.5, half = (b - a) * 0.5
        guard half.length >= 1 else { throw EditRefused("drag to draw a plank: it runs from where the button goes down to where it comes up") }
        try add(BodySpec(type: .dynamic, position: center, mass: .density(Document.newDensity),
                         shapes: [ShapeSpec(geometry: .segment(a: half * -1, b: half, radius: Document.plankRadius))], look: .plain))
    }

    private mutating func add(_ body: BodySpec) throws(EditRefused) {
        try edit { scene throws(EditRefused) in
            scene.bodies.append(Document.tidied(body))
            return .body(scene.bodies.count - 1)
        }
    }

    /// A pivot at `p`: the two topmost bodies there pinned together, or the
    /// one body there pinned to the world (`pivotJoin` says which, also for a
    /// wheel's centre on a chassis's edge). A click within `snap` of a circle's
    /// centre (an axle) pins there; else within `snap` of a polygon's or box's
    /// corner, at the corner.
    public mutating func addPivot(at click: Vector, slack: Double = 0, snap: Double = 0) throws(EditRefused) {
        guard let join = pivotJoin(at: click, slack: slack, snap: snap) else {
            throw EditRefused("click on a body to pin it (where two overlap, it pins them together)")
        }
        try addJoint(.pivot(anchor: join.point), join.body, join.other)
    }

    /// The point a pivot goes to for a click at `p`: the nearest circle
    /// centre within `snap`, else the nearest corner within `snap`, else `p`.
    func snapped(_ p: Vector, within snap: Double) -> Vector {
        guard snap > 0 else { return p }
        var best: (point: Vector, distance: Double, centre: Bool)?
        for body in scene.bodies {
            let centres = body.shapes.filter { if case .circle = $0.geometry { true } else { false } }.count
            for (k, point) in body.snapPoints.enumerated() {
                let d = (point - p).length, centre = k < centres
                guard d <= snap else { continue }
                // A centre beats any corner; among equals, the nearer.
                if best == nil || (centre && !best!.centre) || (centre == best!.centre && d < best!.distance) {
                    best = (point, d, centre)
                }
            }
        }
        return best?.point ?? p
    }

    /// A spring from the point `a` to the point `b` (on bodies, or on the world), its rest length their distance.
    public mutating func addSpring(from a: Vector, to b: Vector, slack: Double = 0) throws(EditRefused) {
        let (ra, rb) = try ends(a, b, slack: slack)
        let mass = [ra, rb].compactMap { $0.body.flatMap { scene.bodies[$0].totalMass } }.min() ?? 100
        // About 1.6 oscillations a second on the lighter body, a third of critical damping.
        let stiffness = (mass * 100).rounded(), damping = (0.6 * (stiffness * mass).squareRoot()).rounded()
        try addJoint(.spring(anchorA: local(a, ra), anchorB: local(b, rb), restLength: (b - a).length,
                             stiffness: max(stiffness, 1), damping: damping), ra, rb)
    }

    /// A rod (a pin joint) from the point `a` to the point `b`.
    public mutating func addRod(from a: Vector, to b: Vector, slack: Double = 0) throws(EditRefused) {
        let (ra, rb) = try ends(a, b, slack: slack)
        try addJoint(.pin(anchorA: local(a, ra), anchorB: local(b, rb)), ra, rb)
    }

    func ends(_ a: Vector, _ b: Vector, slack: Double) throws(EditRefused) -> (BodyRef, BodyRef) {
        let ra = body(at: a, slack: slack).map(BodyRef.body) ?? .world
        let rb = body(at: b, slack: slack).map(BodyRef.body) ?? .world
        guard ra != .world || rb != .world else { throw EditRefused("drag from a body to another body, or to the background to hang it on the world") }
        guard ra != rb else { throw EditRefused("both ends are on the same body; drag to another body or to the background") }
        return (ra, rb)
    }

    /// A figure drawn with the mouse, to a hundredth of a point: a saved
    /// file reads 376.67, not 376.6666666666667 (the pointer's world position).
    static func tidy(_ x: Double) -> Double { x.isFinite && abs(x) < 1e12 ? (x * 100).rounded() / 100 : x }
    static func tidy(_ p: Vector) -> Vector { Vector(tidy(p.x), tidy(p.y)) }

    /// A drawn body's position and shapes, tidied.
    static func tidied(_ body: BodySpec) -> BodySpec {
        var body = body
        body.position = tidy(body.position)
        for k in body.shapes.indices {
            switch body.shapes[k].geometry {
            case .box(let w, let h, let r): body.shapes[k].geometry = .box(width: tidy(w), height: tidy(h), radius: r)
            case .circle(let r, let offset): body.shapes[k].geometry = .circle(radius: tidy(r), offset: tidy(offset))
            case .polygon(let vertices, let r): body.shapes[k].geometry = .polygon(vertices: vertices.map(tidy), radius: r)
            case .segment(let a, let b, let r): body.shapes[k].geometry = .segment(a: tidy(a), b: tidy(b), radius: r)
            }
        }
        return body
    }

    func local(_ p: Vector, _ ref: BodyRef) -> Vector {
        ref.body.map { scene.bodies[$0].local(p) } ?? p
    }

    private mutating func addJoint(_ kind: JointSpec.Kind, _ a: Int, _ b: BodyRef) throws(EditRefused) {
        try addJoint(kind, .body(a), b)
    }

    mutating func addJoint(_ kind: JointSpec.Kind, _ a: BodyRef, _ b: BodyRef) throws(EditRefused) {
        try edit { scene throws(EditRefused) in
            for case .body(let i) in [a, b] { scene.nameBody(i) }
            // A joint's two bodies do not collide by default; the world's body
            // holds the walls, so a body hung on the world must collide to keep hitting them.
            scene.joints.append(JointSpec(kind: kind, a: a, b: b, collide: a == .world || b == .world))
            return .joint(scene.joints.count - 1)
        }
    }
}

extension Scene {
    /// Gives body `i` an id, if it has none, so that joints can name it.
    mutating func nameBody(_ i: Int) {
        guard bodies[i].id == nil else { return }
        let taken = Set(bodies.compactMap(\.id))  // membership only
        var n = i + 1
        while taken.contains("body\(n)") { n += 1 }
        bodies[i].id = "body\(n)"
    }
}
