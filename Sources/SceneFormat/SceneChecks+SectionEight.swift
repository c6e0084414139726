#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Section 8: checks across bodies and joints (springs, pins, spatial-hash cells,
// overlaps), run on a scene's values once nothing else is wrong.
extension SceneChecks {
    /// A body's inverse mass and inverse moment about its centre of gravity, and that centre
    /// (section 8), as Chipmunk adds up its shapes (`cpBodyAccumulateMassFromShapes`: the newest
    /// shape first); immovable for kinematic and static bodies, whose mass is infinite.
    static func inverseMass(_ body: BodySpec) -> InverseMass {
        guard body.type == .dynamic else { return .immovable }
        // A moment given: the whole mass and that moment, about the origin (section 9) or a live body's
        // centre of gravity (an infinite one never turns).
        if let moment = body.moment, case .mass(let m)? = body.mass {
            return InverseMass(mass: 1 / m, moment: moment.value.isInfinite ? 0 : 1 / moment.value, centerOfGravity: body.centerOfGravity)
        }
        guard let masses = shapeMasses(body) else { return .immovable }
        var m = 0.0, i = 0.0, c = Vector(0, 0)
        for (shape, ms) in zip(body.shapes, masses).reversed() where ms > 0 {
            let cs = shape.geometry.centroid, u = shape.geometry.unitMoment
            let msum = m + ms
            let dx = c.x - cs.x, dy = c.y - cs.y
            i += ms * u + (dx * dx + dy * dy) * (ms * m) / msum
            let t = ms / msum
            c = Vector(c.x * (1 - t) + cs.x * t, c.y * (1 - t) + cs.y * t)
            m = msum
        }
        return InverseMass(mass: 1 / m, moment: i.isInfinite ? 0 : 1 / i, centerOfGravity: c)
    }

    /// Each shape's mass as section 9's mass calls give it (`cpShapeSetDensity` multiplies the
    /// area the made shape keeps); nil when the body gives none.
    private static func shapeMasses(_ body: BodySpec) -> [Double]? {
        if body.mass == nil && body.shapesMass == nil { return nil }
        return zip(body.shapes, body.massCalls).map { shape, call in
            switch call {
            case .mass(let m)?: m
            case .density(let d)?: d * shape.geometry.chipmunkArea
            case nil: 0
            }
        }
    }

    /// Chipmunk applies a spring's force explicitly, once a step: too stiff a
    /// spring for its bodies gains energy every step until the velocities are
    /// infinite and Chipmunk aborts. The explicit step is stable while
    /// stiffness * dt² * (the largest inverse effective mass) < 4; we allow a
    /// quarter of that, which leaves room for a body held by several springs.
    mutating func springs(_ bodies: [BodySpec], _ joints: [JointSpec]) {
        let dt = 1.0 / 120.0
        // Springs on one body add up: their loads (stiffness over what the
        // spring may have) are summed per body and must stay within 1.
        var load = [Double](repeating: 0, count: bodies.count)
        for (i, joint) in joints.enumerated() {
            let a = joint.a.body.map { SceneChecks.inverseMass(bodies[$0]) } ?? .immovable
            let b = joint.b.body.map { SceneChecks.inverseMass(bodies[$0]) } ?? .immovable
            let k: Double, stiffness: Double
            switch joint.kind {
            case .spring(let anchorA, let anchorB, _, let s, _):
                // Each anchor from its body's centre of gravity, where Chipmunk turns the body about.
                let r1 = anchorA - a.centerOfGravity, r2 = anchorB - b.centerOfGravity
                let k1 = (r1.x * r1.x + r1.y * r1.y) * a.moment, k2 = (r2.x * r2.x + r2.y * r2.y) * b.moment
                (k, stiffness) = (a.mass + b.mass + k1 + k2, s)
            case .rotarySpring(_, let s, _):
                // The same explicit step, on the bodies' angles.
                (k, stiffness) = (a.moment + b.moment, s)
            default:
                continue
            }
            guard k > 0 else { continue }
            let limit = 1 / (k * dt * dt)
            let indices = [joint.a.body, joint.b.body].compactMap { $0 }
            let before = indices.map { load[$0] }.max() ?? 0
            for index in indices { load[index] += stiffness / limit }
            if before + stiffness / limit > 1 {
                let path = "joints[\(i)].stiffness", allowed = (limit * (1 - before)).rounded(.down)
                if before == 0 {
                    fail(path, "\(SceneChecks.show(stiffness)) is too stiff for these bodies: at 1/120 s steps the spring would blow up; use at most \(SceneChecks.show(allowed)) or heavier bodies")
                } else if allowed >= 1 {
                    fail(path, "\(SceneChecks.show(stiffness)) is too stiff together with the other springs on its bodies: at 1/120 s steps they would blow up; use at most \(SceneChecks.show(allowed)) or heavier bodies")
                } else {
                    fail(path, "one spring too many: the other springs on its bodies already take all the stiffness they can bear at 1/120 s steps")
                }
            }
        }
    }

    /// Chipmunk warns about (and cannot solve well) a pin joint of length 0.
    mutating func pins(_ bodies: [BodySpec], _ joints: [JointSpec]) {
        func world(_ ref: BodyRef, _ anchor: Vector) -> Vector {
            guard let i = ref.body else { return anchor }
            let b = bodies[i], c = Math.cos(b.angle), s = Math.sin(b.angle)
            return b.position + Vector(anchor.x * c - anchor.y * s, anchor.x * s + anchor.y * c)
        }
        for (i, joint) in joints.enumerated() {
            guard case .pin(let anchorA, let anchorB, let distance) = joint.kind else { continue }
            if let distance {
                if distance < Limits.minimumLength {
                    fail("joints[\(i)].distance", "a pin of length \(SceneChecks.show(distance)) holds its anchors together; use a pivot joint (at least \(SceneChecks.show(Limits.minimumLength)))")
                }
            } else if (world(joint.b, anchorB) - world(joint.a, anchorA)).length < Limits.minimumLength {
                fail("joints[\(i)]", "the pin's two anchors are at the same point, so its length is 0; use a pivot joint")
            }
        }
    }

    /// Chipmunk visits every cell a shape covers (static shapes when they go
    /// in, moving ones every step); cells far smaller than the shapes make that
    /// take practically forever.
    mutating func cellSize(_ cellSize: Double, _ bodies: [BodySpec], _ spawn: BodySpec, walls: Scene.Walls?, bounds: Vector?) {
        var largest = 0.0
        for body in bodies + [spawn] {
            for shape in body.shapes { largest = max(largest, SceneChecks.extent(shape.geometry)) }
        }
        // The walls with their backings (section 9): a cell too small for them made building a world hang.
        if let walls, let bounds { largest = max(largest, max(bounds.x, bounds.y) + 2 * walls.radius + 2 * Limits.wallBackingThickness) }
        let smallest = largest / Limits.cellsAcrossShape
        if cellSize < smallest {
            fail("spatialHash.cellSize", "\(SceneChecks.show(cellSize)) is too small for shapes \(SceneChecks.show(largest)) across; use at least \(SceneChecks.show(smallest)) or remove spatialHash")
        }
    }

    /// Bodies piled onto each other make Chipmunk solve every pair of them each
    /// step: a thousand crates in one spot take minutes a step. Some overlap is
    /// fine (and an explosion may be the point); this many pairs is not.
    mutating func overlaps(_ bodies: [BodySpec]) {
        var boxes: [(minX: Double, maxX: Double, minY: Double, maxY: Double, index: Int)] = []
        var moving = 0
        // Kinematic bodies never collide with each other: only pairs with a dynamic body count.
        for (i, body) in bodies.enumerated() where body.type != .static {
            moving += 1
            let b = ShapeGeometry.bounds(of: body.shapes.map(\.geometry), at: body.position, angle: body.angle)
            boxes.append((minX: b.min.x, maxX: b.max.x, minY: b.min.y, maxY: b.max.y, index: i))
        }
        let limit = 4 * moving + 64
        boxes.sort { ($0.minX, $0.index) < ($1.minX, $1.index) }
        var pairs = 0
        for i in boxes.indices {
            var k = i + 1
            // Shapes that merely touch (resting crates) do not count.
            while k < boxes.count && boxes[k].minX < boxes[i].maxX - 1e-9 {
                if boxes[k].minY < boxes[i].maxY - 1e-9 && boxes[i].minY < boxes[k].maxY - 1e-9
                    && (bodies[boxes[i].index].type == .dynamic || bodies[boxes[k].index].type == .dynamic) {
                    pairs += 1
                    if pairs > limit {
                        fail("bodies", "more than \(limit) pairs of moving bodies overlap at the start (bodies[\(boxes[i].index)] and bodies[\(boxes[k].index)] among them); Chipmunk would take very long to push them apart: spread them out")
                        return
                    }
                }
                k += 1
            }
        }
    }

    static func extent(_ g: ShapeGeometry) -> Double {
        switch g {
        case .box(let w, let h, let r): return max(w, h) + 2 * r
        case .circle(let r, _): return 2 * r
        case .polygon(let v, let r):
            let xs = v.map(\.x), ys = v.map(\.y)
            return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!) + 2 * r
        case .segment(let a, let b, let r): return max(abs(a.x - b.x), abs(a.y - b.y)) + 2 * r
        }
    }
}
