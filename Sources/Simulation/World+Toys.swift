import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// Water, planets, the knife and explosions (docs/scene-format.md section 15,
/// docs/replay-format.md: "Water and planets", `slice`, `explode`; normative).
extension World {
    /// Item 4 of a step: each live dynamic body, in index order, is pulled by
    /// the attractors and pushed by the fluids its shapes reach into (unless
    /// it sleeps: it is at rest in the water).
    func pushBodies() {
        guard !scene.attractors.isEmpty || !scene.fluids.isEmpty else { return }
        let dt = World.stepDuration
        for case let entry? in bodies where entry.body.kind == .dynamic {
            let body = entry.body
            for a in scene.attractors {
                body.pull(towards: a.position, strength: a.strength, radius: a.radius, dt: dt)
            }
            for fluid in scene.fluids where !body.isSleeping {
                for shape in entry.shapes where !shape.isSensor {
                    guard fluid.reaches(shape.boundingBox), let part = shape.submerged(below: fluid.max.y) else { continue }
                    body.float(part, density: fluid.density, linearDrag: fluid.linearDrag, angularDrag: fluid.angularDrag,
                               gravity: space.gravity, dt: dt)
                }
            }
        }
    }

    /// The knife: every body the line cuts becomes two pieces (new indices),
    /// and is removed. Refused when it cuts nothing.
    func slice(from a: Vector, to b: Vector) throws(WorldError) {
        let dx = b.x - a.x, dy = b.y - a.y
        guard dx * dx + dy * dy >= 1e-6 else { throw WorldError("a slice needs two different points (at least 0.001 apart)") }
        let line = KnifeLine(from: a, to: b)
        var cuts: [(index: Int, cut: Cut)] = []
        for (index, entry) in bodies.enumerated() {
            guard let entry, entry.body.kind == .dynamic, entry.shapes.count == 1, let cut = entry.shapes[0].cut(by: line),
                  World.piecesReadBack(cut) else { continue }
            cuts.append((index, cut))
        }
        guard !cuts.isEmpty else { throw WorldError("the slice from \(a) to \(b) cuts no body (it must cross a polygon or box body right through)") }
        guard liveBodyCount + cuts.count <= World.maxBodies else {
            throw WorldError("the slice would make \(liveBodyCount + cuts.count) bodies; the limit is \(World.maxBodies)")
        }
        guard bodies.count + 2 * cuts.count <= World.maxBodyIndex else {
            throw WorldError("this session has made \(bodies.count) bodies; construction indices end at \(World.maxBodyIndex)")
        }
        for (index, cut) in cuts {
            var original = bodies[index]!.spec
            original.look = look(of: index)  // as drawn when cut (a script may have set it)
            do {
                for (body, shape) in try space.addPieces(of: cut) {
                    appendBody(WorldBody(id: nil, spec: World.pieceSpec(of: original, body: body, shape: shape), body: body, shapes: [shape]))
                }
            } catch {
                throw WorldError("cannot cut body \(index): \(error)")
            }
            try removeBody(index)
        }
        hear(.cut, strength: min(1, 0.6 + 0.1 * Double(cuts.count)), size: 32, at: (a + b) * 0.5)
    }

    /// Whether the cut's pieces are bodies a scene file can hold, so that a
    /// scene saved after the cut reads back: each polygon as the reader
    /// checks it, mass and moment at least `Limits.minimumMass`. A cut whose
    /// piece is a sliver within rounding of a line is not made.
    static func piecesReadBack(_ cut: Cut) -> Bool {
        cut.madePieces.allSatisfy { piece in
            guard case .polygon(let vertices, _) = piece.geometry, Limits.polygonVertices.contains(vertices.count) else { return false }
            return piece.mass >= Limits.minimumMass && piece.moment >= Limits.minimumMass && Scene.polygonProblem(vertices) == nil
        }
    }

    /// What a piece is as a body of a scene: dynamic, its mass and moment given,
    /// one polygon in its own axes with the material and look of the body it was cut from.
    static func pieceSpec(of original: BodySpec, body: Body, shape: Shape) -> BodySpec {
        var shapeSpec = original.shapes[0]
        shapeSpec.geometry = shape.geometry
        var spec = BodySpec(type: .dynamic, position: body.position, angle: body.angle, velocity: body.velocity,
                            angularVelocity: body.angularVelocity, mass: .mass(body.mass), shapes: [shapeSpec], look: original.look)
        spec.moment = .value(body.moment)
        spec.trace = original.trace
        return spec
    }

    /// The most speed an explosion gives a body under rules 2, in points/s (replay-format.md, `explode`).
    static let explosionTopSpeed = 2000.0

    /// An explosion: each live dynamic body whose centre of gravity is within
    /// `radius` gets an impulse away from the point, falling off linearly.
    func explode(at point: Vector, radius: Double, impulse: Double) throws(WorldError) {
        guard radius.isFinite, radius > 0, radius <= Limits.coordinate else {
            throw WorldError("an explosion's radius must be greater than 0 and at most \(Int(Limits.coordinate)), got \(radius)")
        }
        guard impulse.isFinite, impulse >= 0, impulse <= 1e12 else {
            throw WorldError("an explosion's impulse must be from 0 to 1e12, got \(impulse)")
        }
        let topSpeed = scene.rules >= 2 ? World.explosionTopSpeed : nil
        for case let entry? in bodies where entry.body.kind == .dynamic {
            entry.body.blast(from: point, radius: radius, impulse: impulse, topSpeed: topSpeed)
        }
        hear(.explosion, strength: 1, size: radius, at: point)
    }
}
