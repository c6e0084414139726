import JSONText
import CrateboxGeometry

// `fluids` and `attractors` (scene-format.md section 15).
extension SceneReader {
    /// The most fluid regions, and the most attractors, a scene may have.
    static let maxToys = 100

    mutating func fluids(_ fields: ObjectFields) -> [FluidSpec] {
        guard let node = fields["fluids"], let items = array(node, "fluids", max: SceneReader.maxToys) else { return [] }
        var fluids: [FluidSpec] = []
        for (i, item) in items.enumerated() {
            let path = "fluids[\(i)]", j = SceneReader.join
            guard let members = object(item, path, "an object {min, max, density, linearDrag, angularDrag}") else { continue }
            let f = open(members, ["min", "max", "density", "linearDrag", "angularDrag"], path)
            let lo = required(f, "min", path).flatMap { point($0, j(path, "min")) }
            let hi = required(f, "max", path).flatMap { point($0, j(path, "max")) }
            let density = required(f, "density", path).flatMap { number($0, j(path, "density"), .positive(Limits.mass)) }
            let linear = f["linearDrag"].map { number($0, j(path, "linearDrag"), .nonNegative(Limits.coordinate)) } ?? 2
            let angular = f["angularDrag"].map { number($0, j(path, "angularDrag"), .nonNegative(Limits.coordinate)) } ?? 2
            if let lo, let hi, !(hi.x > lo.x && hi.y > lo.y) {
                fail(j(path, "max"), "must be above and to the right of min \(SceneReader.show(lo.x)), \(SceneReader.show(lo.y)), got \(SceneReader.show(hi.x)), \(SceneReader.show(hi.y))")
                continue
            }
            guard let lo, let hi, let density, let linear, let angular else { continue }
            fluids.append(FluidSpec(min: lo, max: hi, density: density, linearDrag: linear, angularDrag: angular))
        }
        return fluids
    }

    mutating func attractors(_ fields: ObjectFields) -> [AttractorSpec] {
        guard let node = fields["attractors"], let items = array(node, "attractors", max: SceneReader.maxToys) else { return [] }
        var attractors: [AttractorSpec] = []
        for (i, item) in items.enumerated() {
            let path = "attractors[\(i)]", j = SceneReader.join
            guard let members = object(item, path, "an object {position, strength, radius}") else { continue }
            let f = open(members, ["position", "strength", "radius"], path)
            let position = required(f, "position", path).flatMap { point($0, j(path, "position")) }
            let strength = required(f, "strength", path).flatMap { number($0, j(path, "strength"), .within(-Limits.attraction, Limits.attraction)) }
            let radius = f["radius"].map { number($0, j(path, "radius"), .size(Limits.minimumLength, Limits.coordinate)) } ?? 1
            guard let position, let strength, let radius else { continue }
            attractors.append(AttractorSpec(position: position, strength: strength, radius: radius))
        }
        return attractors
    }

    /// `view`: the body the window follows (by id, one that is not static)
    /// and how much of the box it shows across.
    mutating func view(_ fields: ObjectFields, bodies: [BodySpec]) -> SceneView? {
        guard let node = fields["view"], let members = object(node, "view", "an object {follow, width}") else { return nil }
        let f = open(members, ["follow", "width"], "view")
        var view = SceneView()
        if let n = f["follow"], let id = string(n, "view.follow") {
            if let body = bodies.first(where: { $0.id == id }) {
                if body.type == .static { fail("view.follow", "\"\(id)\" is static: follow a body that moves") } else { view.follow = id }
            } else {
                fail("view.follow", "no body has the id \"\(id)\"")
            }
        }
        if let n = f["width"] { view.width = number(n, "view.width", .size(Limits.minimumLength, Limits.coordinate)) }
        return view
    }

    /// A required member, or an error naming it.
    private mutating func required(_ fields: ObjectFields, _ key: String, _ path: String) -> JSONNode? {
        guard let node = fields[key] else {
            fail(path, "missing required key \"\(key)\"")
            return nil
        }
        return node
    }
}
