#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

// Shapes: geometry and material; polygons checked for convexity.
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
        let radius = fields["radius"].flatMap { number($0, j(path, "radius"), .nonNegative(Limits.coordinate)) }
        var geometry: ShapeGeometry?
        switch kind {
        case "box":
            if let size = pair(g, gpath, .size(Limits.minimumLength, Limits.coordinate), labels: ("width", "height")) {
                geometry = .box(width: size.x, height: size.y, radius: radius ?? 0)
            }
        case "circle":
            let offset = fields["offset"].flatMap { point($0, j(path, "offset")) } ?? .zero
            if let r = number(g, gpath, .size(Limits.minimumLength, Limits.coordinate), label: "radius") {
                geometry = .circle(radius: r, offset: offset)
            }
        case "polygon":
            if let vertices = polygon(g, gpath) { geometry = .polygon(vertices: vertices, radius: radius ?? 0) }
        default:  // segment
            if case .array(let items) = g.value, items.count == 2 {
                let a = point(items[0], "\(gpath)[0]"), b = point(items[1], "\(gpath)[1]")
                if let a, let b {
                    if a == b {
                        fail(gpath, "the two ends are the same point; a segment needs length")
                    } else if (b - a).length < Limits.minimumLength {
                        fail(gpath, "the segment is \(SceneReader.show((b - a).length)) long; it must be at least \(SceneReader.show(Limits.minimumLength))")
                    } else {
                        geometry = .segment(a: a, b: b, radius: radius ?? 1)
                    }
                }
            } else if case .array(let items) = g.value {
                fail(gpath, "must be [[x, y], [x, y]], got an array of \(items.count) item\(items.count == 1 ? "" : "s")")
            } else {
                fail(gpath, "must be [[x, y], [x, y]], got \(g.value.kindName)")
            }
        }

        var spec = ShapeSpec(geometry: .circle(radius: 1, offset: .zero))
        if let n = fields["friction"], let v = number(n, j(path, "friction"), .nonNegative(Limits.coordinate)) { spec.friction = v }
        if let n = fields["elasticity"], let v = number(n, j(path, "elasticity"), .within(0, 1)) { spec.elasticity = v }
        if let n = fields["sensor"], let v = bool(n, j(path, "sensor")) { spec.sensor = v }
        spec.filter = filter(fields, path)
        spec.surfaceVelocity = fields["surfaceVelocity"].flatMap { point($0, j(path, "surfaceVelocity")) }
        if let n = fields["oneWay"], let v = point(n, j(path, "oneWay")) {
            if v == .zero { fail(j(path, "oneWay"), "must be a direction, not [0, 0]: the way bodies may pass through") } else { spec.oneWay = v }
        }
        if let n = fields["collisionType"], let name = string(n, j(path, "collisionType")) {
            if name.utf8.isEmpty || name.utf8.count > 64 || name == "*" {
                fail(j(path, "collisionType"), "must be a name of 1 to 64 bytes other than \"*\" (a script's handlers name it)")
            } else if spec.oneWay != nil {
                fail(j(path, "collisionType"), "a one-way platform's collision type is cratebox's own: give a shape oneWay or collisionType, not both")
            } else {
                spec.collisionType = name
            }
        }
        if let n = fields["sound"], let name = string(n, j(path, "sound")) {
            if let material = ShapeSound(rawValue: name) {
                spec.sound = material
            } else {
                fail(j(path, "sound"), "must be \(SceneReader.soundNames), got \(JSONText.quote(name))")
            }
        }
        // Its own mass (13.3): read here, checked with its body (checkShapeMasses).
        switch (fields["mass"], fields["density"]) {
        case (let m?, nil): spec.mass = number(m, j(path, "mass"), .size(Limits.minimumMass, Limits.mass)).map(MassSpec.mass)
        case (nil, let d?): spec.mass = number(d, j(path, "density"), .positive(Limits.mass)).map(MassSpec.density)
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
        if let n = group, let v = integer(n, j(path, "group"), 0...Int(Int32.max)) { filter.group = UInt32(v) }
        if let n = categories, let v = integer(n, j(path, "categories"), 0...Int(UInt32.max)) { filter.categories = UInt32(v) }
        if let n = mask, let v = integer(n, j(path, "mask"), 0...Int(UInt32.max)) { filter.mask = UInt32(v) }
        return filter
    }

    /// A convex polygon, counter-clockwise, with no repeated or collinear
    /// vertices and no self-intersection. Chipmunk would quietly take the convex
    /// hull of anything else, which is not what the file says.
    mutating func polygon(_ node: JSONNode, _ path: String) -> [Vector]? {
        guard case .array(let items) = node.value else {
            fail(path, "must be an array of [x, y] points, got \(node.value.kindName)")
            return nil
        }
        guard Limits.polygonVertices.contains(items.count) else {
            fail(path, "must have \(Limits.polygonVertices.lowerBound) to \(Limits.polygonVertices.upperBound) vertices, got \(items.count)")
            return nil
        }
        var vertices: [Vector] = []
        for (i, item) in items.enumerated() {
            guard let p = point(item, "\(path)[\(i)]") else { return nil }
            vertices.append(p)
        }
        if let problem = Scene.polygonProblem(vertices) {
            fail(path, problem)
            return nil
        }
        return vertices
    }
}

extension Scene {
    /// What is wrong with `vertices` as a scene's polygon, or nil: it must be
    /// convex, counter-clockwise, with no repeated or collinear vertices, no
    /// self-intersection, and an area of at least `Limits.minimumArea`. The
    /// knife checks its pieces with it too, so that a saved scene reads back.
    public static func polygonProblem(_ vertices: [Vector]) -> String? {
        let n = vertices.count
        for i in 0..<n {
            for k in (i + 1)..<n where vertices[i] == vertices[k] { return "vertices \(i) and \(k) are the same point" }
        }
        var turning = 0.0
        var negative = 0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n]
            let e1 = b - a, e2 = c - b
            let cross = e1.x * e2.y - e1.y * e2.x
            let dot = e1.x * e2.x + e1.y * e2.y
            // Relative test: the turn at b must be a real angle, not rounding noise.
            if abs(cross) <= 1e-12 * e1.length * e2.length {
                return "vertices \(i), \((i + 1) % n) and \((i + 2) % n) are collinear; the polygon is degenerate"
            }
            if cross < 0 { negative += 1 }
            turning += Math.atan2(cross, dot)
        }
        if negative > 0 && negative < n { return "the polygon is concave; split it into convex shapes" }
        // A convex polygon turns once; a star whose every turn is the same way turns more.
        if abs(turning) > 3 * Double.pi { return "the polygon intersects itself" }
        if negative == n { return "the vertices go clockwise; list them counter-clockwise" }
        let area = ShapeGeometry.polygon(vertices: vertices, radius: 0).area
        if area < Limits.minimumArea {
            return "the polygon's area is \(SceneReader.show(area)); it must be at least \(SceneReader.show(Limits.minimumArea))"
        }
        return nil
    }
}
