import CrateboxGeometry

/// A region of water (`fluids`, scene-format.md section 15.1): bodies whose
/// shapes reach into it float or sink by their density, and are slowed.
public struct FluidSpec: Equatable, Sendable {
    /// Its bottom-left corner.
    public var min: Vector
    /// Its top-right corner; the top edge is the surface.
    public var max: Vector
    /// Mass per unit area: a body lighter than this floats.
    public var density: Double
    /// The drag on a submerged part's velocity (the Buoyancy demo's `FLUID_DRAG`).
    public var linearDrag = 2.0
    /// The drag on a body's spin.
    public var angularDrag = 2.0

    /// Whether a box (a shape's bounding box) reaches into the water: the two rectangles overlap, edges included.
    public func reaches(_ box: (min: Vector, max: Vector)) -> Bool {
        box.min.x <= max.x && min.x <= box.max.x && box.min.y <= max.y && min.y <= box.max.y
    }

    /// A region with the format's default drags.
    public init(min: Vector, max: Vector, density: Double, linearDrag: Double = 2, angularDrag: Double = 2) {
        self.min = min
        self.max = max
        self.density = density
        self.linearDrag = linearDrag
        self.angularDrag = angularDrag
    }
}

/// A point that pulls every dynamic body, inverse-square (`attractors`,
/// scene-format.md section 15.2: Chipmunk's Planet demo).
public struct AttractorSpec: Equatable, Sendable {
    /// Where it pulls to.
    public var position: Vector
    /// The pull at distance d is strength / d² points/s² (negative: a push).
    public var strength: Double
    /// Closer than this the pull is the pull at this distance.
    public var radius = 1.0

    /// An attractor; the radius defaults to the format's.
    public init(position: Vector, strength: Double, radius: Double = 1) {
        self.position = position
        self.strength = strength
        self.radius = radius
    }
}

/// How the window looks at the box (`view`, scene-format.md section 15.5):
/// following a body, showing this much of the box across. Drawing only: no
/// Chipmunk call, no effect on the hash.
public struct SceneView: Equatable, Sendable {
    /// The id of the body the camera follows (a body that moves), if any.
    public var follow: String?
    /// How many points of the box the window shows across (nil: all of it).
    public var width: Double?

    /// A view following the body with id `follow` (if any), `width` points across (nil: the box's width).
    public init(follow: String? = nil, width: Double? = nil) {
        self.follow = follow
        self.width = width
    }
}
