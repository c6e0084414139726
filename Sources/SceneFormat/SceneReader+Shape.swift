#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Shapes: geometry and material as written (their values are checked with their body).
extension SceneReader {
    static let geometryKeys = ["box", "circle", "polygon", "segment"]
    static let materialKeys = ["friction", "elasticity", "sensor", "group", "categories", "mask", "surfaceVelocity", "oneWay", "collisionType", "sound",
                               "mass", "density"]

    mutating func shape(_ node: JSONNode, _ path: String) -> ShapeSpec? {
        guard let members = object(node, path, "a shape object") else { return nil }
        let errorCount = errors.count
        let j = SceneReader.join
        let geometries = members.filter { SceneReader.geometryKeys.contains($0.key) }
        guard geometries.count == 1, let kind = geometries.first?.key else {
            _ = open(members, SceneReader.geometryKeys + ["radius", "offset"] + SceneReader.materialKeys, path)
            if geometries.isEmpty {
                fail(path, "a shape needs one of \"box\", \"circle\", \"polygon\" or \"segment\"")
            } else {
                fail(path, "a shape has exactly one geometry, got \(geometries.map { "\"\($0.key)\"" }.joined(separator: " and "))")
            }
            return nil
        }
        let extra = kind == "circle" ? ["offset"] : ["radius"]
        let notHere = kind == "circle" ? "radius" : "offset"
        let fields = open(members, [kind] + extra + SceneReader.materialKeys, path,
                  hints: [notHere: "does not apply to a \(kind) shape"])
        guard let g = fields[kind] else { return nil }  // present: it is one of `geometries`

        let gpath = j(path, kind)
        let radius = fields["radius"].flatMap { number($0, j(path, "radius")) }
        var geometry: ShapeGeometry?
        switch kind {
        case "box":
            if let size = pair(g, gpath, labels: ("width", "height")) {
                geometry = .box(width: size.x, height: size.y, radius: radius ?? 0)
            }
        case "circle":
            let offset = fields["offset"].flatMap { point($0, j(path, "offset"), checked: false) } ?? .zero
            if let r = number(g, gpath, label: "radius") {
                geometry = .circle(radius: r, offset: offset)
            }
        case "polygon":
            if let vertices = polygon(g, gpath) { geometry = .polygon(vertices: vertices, radius: radius ?? 0) }
        default:  // segment
            if case .array(let items) = g.value, items.count == 2 {
                let a = point(items[0], "\(gpath)[0]", checked: false), b = point(items[1], "\(gpath)[1]", checked: false)
                if let a, let b { geometry = .segment(a: a, b: b, radius: radius ?? 1) }
            } else if case .array(let items) = g.value {
                fail(gpath, "must be [[x, y], [x, y]], got an array of \(items.count) item\(items.count == 1 ? "" : "s")")
            } else {
                fail(gpath, "must be [[x, y], [x, y]], got \(g.value.kindName)")
            }
        }

        // The values' rules are checked with the body (SceneChecks.shape).
        var spec = ShapeSpec(geometry: .circle(radius: 1, offset: .zero))
        if let n = fields["friction"], let v = number(n, j(path, "friction")) { spec.friction = v }
        if let n = fields["elasticity"], let v = number(n, j(path, "elasticity")) { spec.elasticity = v }
        if let n = fields["sensor"], let v = bool(n, j(path, "sensor")) { spec.sensor = v }
        spec.filter = filter(fields, path)
        spec.surfaceVelocity = fields["surfaceVelocity"].flatMap { point($0, j(path, "surfaceVelocity"), checked: false) }
        spec.oneWay = fields["oneWay"].flatMap { point($0, j(path, "oneWay"), checked: false) }
        spec.collisionType = fields["collisionType"].flatMap { string($0, j(path, "collisionType")) }
        if let n = fields["sound"], let name = string(n, j(path, "sound")) {
            if let material = ShapeSound(rawValue: name) {
                spec.sound = material
            } else {
                fail(j(path, "sound"), "must be \(SceneReader.soundNames), got \(JSONText.quote(name))")
            }
        }
        // Its own mass (13.3).
        switch (fields["mass"], fields["density"]) {
        case (let m?, nil): spec.mass = number(m, j(path, "mass")).map(MassSpec.mass)
        case (nil, let d?): spec.mass = number(d, j(path, "density")).map(MassSpec.density)
        case (.some, .some): fail(path, "give either \"mass\" or \"density\", not both")
        case (nil, nil): break
        }
        guard errors.count == errorCount, let geometry else { return nil }
        spec.geometry = geometry
        return spec
    }

    /// The sounds a shape may make, as the error lists them: "wood", "rubber", "metal" or "stone".
    static let soundNames = {
        let names = ShapeSound.allCases.map { JSONText.quote($0.rawValue) }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }()

    /// `group`, `categories`, `mask` (cpShapeFilterNew), when any is given; the others default.
    mutating func filter(_ fields: ObjectFields, _ path: String) -> ShapeFilter? {
        let j = SceneReader.join
        let group = fields["group"], categories = fields["categories"], mask = fields["mask"]
        guard group != nil || categories != nil || mask != nil else { return nil }
        var filter = ShapeFilter()
        if let n = group, let v = integer(n, j(path, "group"), SceneChecks.groups) { filter.group = UInt32(v) }
        if let n = categories, let v = integer(n, j(path, "categories"), 0...Int(UInt32.max)) { filter.categories = UInt32(v) }
        if let n = mask, let v = integer(n, j(path, "mask"), 0...Int(UInt32.max)) { filter.mask = UInt32(v) }
        return filter
    }

    /// A polygon's vertices as written: an array of [x, y] points (how many,
    /// where and in what order are the checks of values, `SceneChecks.shape`).
    mutating func polygon(_ node: JSONNode, _ path: String) -> [Vector]? {
        guard case .array(let items) = node.value else {
            fail(path, "must be an array of [x, y] points, got \(node.value.kindName)")
            return nil
        }
        var vertices: [Vector] = []
        for (i, item) in items.enumerated() {
            guard let p = point(item, "\(path)[\(i)]", checked: false) else { return nil }
            vertices.append(p)
        }
        return vertices
    }
}
