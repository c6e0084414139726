import CrateboxGeometry

// Water, attractors and the view (section 15).
extension SceneChecks {
    /// The most fluid regions, and the most attractors, a scene may have.
    static let maxToys = 100

    /// Every fluid, every attractor and the view.
    mutating func toys(_ scene: Scene) {
        if scene.fluids.count > SceneChecks.maxToys { fail("fluids", "has \(scene.fluids.count) items; the limit is \(SceneChecks.maxToys)") }
        for (i, f) in scene.fluids.enumerated() { fluid(f, "fluids[\(i)]") }
        if scene.attractors.count > SceneChecks.maxToys { fail("attractors", "has \(scene.attractors.count) items; the limit is \(SceneChecks.maxToys)") }
        for (i, a) in scene.attractors.enumerated() { attractor(a, "attractors[\(i)]") }
        if let view = scene.view { self.view(view, bodies: scene.bodies) }
    }

    @discardableResult
    mutating func fluid(_ f: FluidSpec, _ path: String) -> Bool {
        let before = errors.count
        let j = SceneChecks.join
        let okLo = point(f.min, j(path, "min")), okHi = point(f.max, j(path, "max"))
        number(f.density, j(path, "density"), .positive(Limits.mass))
        number(f.linearDrag, j(path, "linearDrag"), .nonNegative(Limits.coordinate))
        number(f.angularDrag, j(path, "angularDrag"), .nonNegative(Limits.coordinate))
        if okLo && okHi && !(f.max.x > f.min.x && f.max.y > f.min.y) {
            let show = SceneChecks.show
            fail(j(path, "max"), "must be above and to the right of min \(show(f.min.x)), \(show(f.min.y)), got \(show(f.max.x)), \(show(f.max.y))")
        }
        return errors.count == before
    }

    @discardableResult
    mutating func attractor(_ a: AttractorSpec, _ path: String) -> Bool {
        let before = errors.count
        let j = SceneChecks.join
        point(a.position, j(path, "position"))
        number(a.strength, j(path, "strength"), .within(-Limits.attraction, Limits.attraction))
        number(a.radius, j(path, "radius"), .size(Limits.minimumLength, Limits.coordinate))
        return errors.count == before
    }

    /// `view`: the body the window follows (by id, one that is not static)
    /// and how much of the box it shows across.
    mutating func view(_ view: SceneView, bodies: [BodySpec]) {
        if let id = view.follow {
            if let body = bodies.first(where: { $0.id == id }) {
                if body.type == .static { fail("view.follow", "\"\(id)\" is static: follow a body that moves") }
            } else {
                fail("view.follow", "no body has the id \"\(id)\"")
            }
        }
        if let width = view.width { number(width, "view.width", .size(Limits.minimumLength, Limits.coordinate)) }
    }
}
