import CrateboxGeometry
import SceneFormat

/// A body's collision layers (Algodoo's: four named layers; bodies collide
/// when they share one), its group, its conveyor and one-way surfaces, and
/// what it sounds like, as rows of the panel. They apply to every shape of the body.
extension Document {
    /// The four named layers, as bits of `categories` and `mask`.
    static let layers: [(key: Property.Key, bit: UInt32)] = [(.layerA, 1), (.layerB, 2), (.layerC, 4), (.layerD, 8)]
    /// The one-way directions offered, by name.
    static let oneWayChoices: [(name: String, direction: Vector?)] = [
        ("off", nil), ("up", Vector(0, 1)), ("down", Vector(0, -1)), ("left", Vector(-1, 0)), ("right", Vector(1, 0)),
    ]

    static func materialProperties(of body: BodySpec) -> [Property] {
        guard let shape = body.shapes.first else { return [] }
        let filter = shape.filter ?? ShapeFilter()
        var rows = layers.map { layer in Property.choice(layer.key, filter.categories & layer.bit != 0 ? "on" : "off") }
        rows.append(.number(.group, Double(filter.group)))
        let surface = shape.surfaceVelocity ?? .zero
        rows += [.number(.surfaceX, surface.x), .number(.surfaceY, surface.y)]
        let oneWay = oneWayChoices.first { $0.direction == shape.oneWay }?.name ?? "custom"
        rows.append(.choice(.oneWay, oneWay))
        rows.append(.choice(.sound, shape.sound?.rawValue ?? "by shape (\(shape.heardAs.rawValue))"))
        return rows
    }

    /// A body's shapes in the layers `bits` (of the four): they collide with
    /// shapes sharing one of them. All four and no group: no filter at all.
    static func setLayers(_ bits: UInt32, group: UInt32, on body: inout BodySpec) {
        for k in body.shapes.indices {
            body.shapes[k].filter = bits == 15 && group == 0 ? nil : ShapeFilter(group: group, categories: bits == 15 ? .max : bits, mask: bits == 15 ? .max : bits)
        }
    }

    static func layerBits(_ body: BodySpec) -> UInt32 {
        guard let filter = body.shapes.first?.filter else { return 15 }
        return filter.categories == .max ? 15 : filter.categories & 15
    }

    static func setMaterial(_ key: Property.Key, _ value: Double, on body: inout BodySpec) {
        switch key {
        case .group:
            setLayers(layerBits(body), group: UInt32(max(0, min(value.rounded(), Double(Int32.max)))), on: &body)
        case .surfaceX, .surfaceY:
            for k in body.shapes.indices {
                var v = body.shapes[k].surfaceVelocity ?? .zero
                if key == .surfaceX { v.x = value } else { v.y = value }
                body.shapes[k].surfaceVelocity = v == .zero ? nil : v
            }
        default: break
        }
    }

    /// A layer on or off; the one-way direction stepped on. False for other keys.
    static func cycleMaterial(_ key: Property.Key, by step: Int, on body: inout BodySpec) -> Bool {
        if let layer = layers.first(where: { $0.key == key }) {
            let group = body.shapes.first?.filter?.group ?? 0
            setLayers(layerBits(body) ^ layer.bit, group: group, on: &body)
            return true
        }
        if key == .sound {
            // By shape, then each material in turn.
            let choices: [ShapeSound?] = [nil] + ShapeSound.allCases
            let at = choices.firstIndex { $0 == body.shapes.first?.sound } ?? 0
            let next = choices[((at + step) % choices.count + choices.count) % choices.count]
            for k in body.shapes.indices { body.shapes[k].sound = next }
            return true
        }
        guard key == .oneWay else { return false }
        let at = oneWayChoices.firstIndex { $0.direction == body.shapes.first?.oneWay } ?? 0
        let next = oneWayChoices[((at + step) % oneWayChoices.count + oneWayChoices.count) % oneWayChoices.count].direction
        for k in body.shapes.indices { body.shapes[k].oneWay = next }
        return true
    }
}
