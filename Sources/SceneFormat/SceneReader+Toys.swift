import JSONText
import CrateboxGeometry

// `fluids`, `attractors` and `view` as written (scene-format.md section 15; their values: SceneChecks).
extension SceneReader {
    mutating func fluids(_ fields: ObjectFields) -> [FluidSpec] {
        guard let node = fields["fluids"], let items = array(node, "fluids", max: SceneChecks.maxToys) else { return [] }
        var fluids: [FluidSpec] = []
        for (i, item) in items.enumerated() {
            let path = "fluids[\(i)]", j = SceneReader.join
            guard let members = object(item, path, "an object {min, max, density, linearDrag, angularDrag}") else { continue }
            let errorCount = errors.count
            let f = open(members, ["min", "max", "density", "linearDrag", "angularDrag"], path)
            let lo = required(f, "min", path).flatMap { point($0, j(path, "min"), checked: false) }
            let hi = required(f, "max", path).flatMap { point($0, j(path, "max"), checked: false) }
            let density = required(f, "density", path).flatMap { number($0, j(path, "density")) }
            let linear = f["linearDrag"].map { number($0, j(path, "linearDrag")) } ?? 2
            let angular = f["angularDrag"].map { number($0, j(path, "angularDrag")) } ?? 2
            guard errors.count == errorCount, let lo, let hi, let density, let linear, let angular else { continue }
            let fluid = FluidSpec(min: lo, max: hi, density: density, linearDrag: linear, angularDrag: angular)
            if checks.fluid(fluid, path) { fluids.append(fluid) }
        }
        return fluids
    }

    mutating func attractors(_ fields: ObjectFields) -> [AttractorSpec] {
        guard let node = fields["attractors"], let items = array(node, "attractors", max: SceneChecks.maxToys) else { return [] }
        var attractors: [AttractorSpec] = []
        for (i, item) in items.enumerated() {
            let path = "attractors[\(i)]", j = SceneReader.join
            guard let members = object(item, path, "an object {position, strength, radius}") else { continue }
            let errorCount = errors.count
            let f = open(members, ["position", "strength", "radius"], path)
            let position = required(f, "position", path).flatMap { point($0, j(path, "position"), checked: false) }
            let strength = required(f, "strength", path).flatMap { number($0, j(path, "strength")) }
            let radius = f["radius"].map { number($0, j(path, "radius")) } ?? 1
            guard errors.count == errorCount, let position, let strength, let radius else { continue }
            let attractor = AttractorSpec(position: position, strength: strength, radius: radius)
            if checks.attractor(attractor, path) { attractors.append(attractor) }
        }
        return attractors
    }

    /// `view`: `follow` (a body's id) and `width`, as written.
    mutating func view(_ fields: ObjectFields, bodies: [BodySpec]) -> SceneView? {
        guard let node = fields["view"], let members = object(node, "view", "an object {follow, width}") else { return nil }
        let errorCount = errors.count
        let f = open(members, ["follow", "width"], "view")
        var view = SceneView()
        if let n = f["follow"] { view.follow = string(n, "view.follow") }
        if let n = f["width"] { view.width = number(n, "view.width") }
        guard errors.count == errorCount else { return nil }
        checks.view(view, bodies: bodies)
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
