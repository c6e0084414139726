import CrateboxGeometry
import SceneFormat

/// Build mode's water and planets (scene-format.md section 15): the water
/// tool's rectangle, the planet tool's click, finding them under the pointer,
/// and their rows in the panel (a body's tracer is a row of its own panel).
extension Document {
    /// New water: a little denser than the bodies the tools make (0.1), so they float.
    public static let waterDensity = 0.15
    /// A new planet pulls as `Scenes/planet.json`'s does: 2e7 / d² (320 points/s² at 250 points).
    public static let planetStrength = 2e7
    /// Under this distance a new planet's pull stops growing.
    public static let planetRadius = 10.0

    /// Water filling the rectangle with corners `a` and `b`; it must have an area.
    public mutating func addWater(from a: Vector, to b: Vector) throws(EditRefused) {
        let lo = Document.tidy(Vector(min(a.x, b.x), min(a.y, b.y))), hi = Document.tidy(Vector(max(a.x, b.x), max(a.y, b.y)))
        guard hi.x - lo.x >= 1, hi.y - lo.y >= 1 else {
            throw EditRefused("drag a rectangle to pour water: its top edge is the surface")
        }
        try edit { scene throws(EditRefused) in
            scene.fluids.append(FluidSpec(min: lo, max: hi, density: Document.waterDensity))
            return .fluid(scene.fluids.count - 1)
        }
    }

    /// A planet at `p`: an attractor pulling every dynamic body.
    public mutating func addPlanet(at p: Vector) throws(EditRefused) {
        try edit { scene throws(EditRefused) in
            scene.attractors.append(AttractorSpec(position: Document.tidy(p), strength: Document.planetStrength, radius: Document.planetRadius))
            return .attractor(scene.attractors.count - 1)
        }
    }

    /// The last attractor within `slack` of `p`, its radius counting up to
    /// `slack` more (a planet of a large radius does not take every click).
    public func attractor(at p: Vector, slack: Double) -> Int? {
        scene.attractors.indices.last { k in
            let a = scene.attractors[k]
            return (p - a.position).length <= min(max(a.radius, 0), slack) + slack
        }
    }

    /// The last region of water holding `p`.
    public func fluid(at p: Vector) -> Int? {
        scene.fluids.indices.last { k in
            let f = scene.fluids[k]
            return p.x >= f.min.x && p.x <= f.max.x && p.y >= f.min.y && p.y <= f.max.y
        }
    }

    static func properties(of fluid: FluidSpec) -> [Property] {
        [.number(.density, fluid.density), .number(.width, fluid.max.x - fluid.min.x), .number(.height, fluid.max.y - fluid.min.y),
         .number(.linearDrag, fluid.linearDrag), .number(.angularDrag, fluid.angularDrag)]
    }

    static func properties(of attractor: AttractorSpec) -> [Property] {
        [.number(.strength, attractor.strength), .number(.radius, attractor.radius)]
    }

    /// A size changes about the region's bottom-left corner, so the water keeps its floor and left side.
    static func set(_ key: Property.Key, _ value: Double, on fluid: inout FluidSpec) {
        switch key {
        case .density: fluid.density = value
        case .width: fluid.max.x = fluid.min.x + value
        case .height: fluid.max.y = fluid.min.y + value
        case .linearDrag: fluid.linearDrag = value
        case .angularDrag: fluid.angularDrag = value
        default: break
        }
    }

    static func set(_ key: Property.Key, _ value: Double, on attractor: inout AttractorSpec) {
        switch key {
        case .strength: attractor.strength = value
        case .radius: attractor.radius = value
        default: break
        }
    }
}
