import Animation
import JSONText
import Physics

/// A decoded, validated `cratebox/scene@1` document (see shared/scene-format.md).
/// Every default and shorthand of the format is resolved here, so `World` can
/// build from it without looking anything up.
public struct Scene: Equatable, Sendable {
    public var name: String
    public var width: Double
    public var height: Double
    public var gravity: Vector
    /// `nil` when the scene has no walls.
    public var walls: Walls?
    public var iterations: Int
    public var damping: Double
    /// Seconds idle before a body sleeps; `nil`: never.
    public var sleepTime: Double?
    public var spatialHash: SpatialHash?
    /// The body made when the user spawns one (its position is set at spawn time).
    public var spawn: BodySpec
    public var bodies: [BodySpec]
    public var joints: [JointSpec]

    public struct Walls: Equatable, Sendable {
        public var radius = 1.0
        public var friction = 0.5
        public var elasticity = 0.8
    }

    public struct SpatialHash: Equatable, Sendable {
        public var cellSize: Double
        public var cells: Int
    }

    /// The default spawn body: a 32 x 32 crate of mass 100.
    public static let defaultSpawn = BodySpec(
        id: nil, type: .dynamic, position: .zero, angle: 0, velocity: .zero, angularVelocity: 0,
        mass: .mass(100), shapes: [ShapeSpec(geometry: .box(width: 32, height: 32, radius: 0))], look: .crate
    )
}

public struct BodySpec: Equatable, Sendable {
    public var id: String?
    public var type: Body.Kind
    public var position: Vector
    public var angle: Double
    public var velocity: Vector
    public var angularVelocity: Double
    /// Dynamic bodies only.
    public var mass: MassSpec?
    public var shapes: [ShapeSpec]
    public var look: Look
    /// Kinematic bodies only: the keyframed path the body follows.
    public var animation: AnimationSpec? = nil

    public init(id: String? = nil, type: Body.Kind, position: Vector, angle: Double = 0, velocity: Vector = .zero,
                angularVelocity: Double = 0, mass: MassSpec?, shapes: [ShapeSpec], look: Look, animation: AnimationSpec? = nil) {
        self.id = id
        self.type = type
        self.position = position
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.mass = mass
        self.shapes = shapes
        self.look = look
        self.animation = animation
    }
}

extension BodySpec {
    /// How far the body's shapes reach from its origin (body coordinates):
    /// the largest distance of any point of any shape.
    public var reach: Double {
        shapes.map { shape -> Double in
            switch shape.geometry {
            case .box(let w, let h, let r): return (w * w + h * h).squareRoot() / 2 + r
            case .circle(let r, let offset): return offset.length + r
            case .polygon(let v, let r): return (v.map(\.length).max() ?? 0) + r
            case .segment(let a, let b, let r): return max(a.length, b.length) + r
            }
        }.max() ?? 0
    }
}

/// A kinematic body's keyframe animation, of its position or its angle.
public enum AnimationSpec: Equatable, Sendable {
    case position(KeyframeTrack<Point2>)
    case angle(KeyframeTrack<Double>)
}

public enum MassSpec: Equatable, Sendable {
    /// The whole body's mass, split over its shapes by area.
    case mass(Double)
    /// Mass per unit area, per shape.
    case density(Double)
}

public struct ShapeSpec: Equatable, Sendable {
    public var geometry: Shape.Geometry
    public var friction = 0.5
    public var elasticity = 0.8
    public var sensor = false

    public init(geometry: Shape.Geometry, friction: Double = 0.5, elasticity: Double = 0.8, sensor: Bool = false) {
        self.geometry = geometry
        self.friction = friction
        self.elasticity = elasticity
        self.sensor = sensor
    }
}

/// How a body is drawn.
public enum Look: Equatable, Sendable {
    case crate, ball, plain
    /// 0xRRGGBB
    case color(UInt32)
}

public struct JointSpec: Equatable, Sendable {
    /// The joint types of the format (the grab's two-anchor pivot is not one:
    /// it belongs to the simulation).
    public enum Kind: Equatable, Sendable {
        /// Two bodies pinned at a world point.
        case pivot(anchor: Vector)
        /// A rod: the anchors keep their distance.
        case pin(anchorA: Vector, anchorB: Vector)
        /// A rope: the anchors' distance stays within min...max.
        case slide(anchorA: Vector, anchorB: Vector, min: Double, max: Double)
        case spring(anchorA: Vector, anchorB: Vector, restLength: Double, stiffness: Double, damping: Double)
        /// Keeps the bodies' relative spin at `rate` (radians per second).
        case motor(rate: Double)
    }

    public var kind: Kind
    public var a: BodyRef
    public var b: BodyRef
    /// `.infinity` when the file gives none.
    public var maxForce: Double
    public var collide: Bool

    public init(kind: Kind, a: BodyRef, b: BodyRef, maxForce: Double = .infinity, collide: Bool = false) {
        self.kind = kind
        self.a = a
        self.b = b
        self.maxForce = maxForce
        self.collide = collide
    }
}

/// A joint's body: the space's static body, or a body of the scene by index.
public enum BodyRef: Equatable, Sendable {
    case world
    case body(Int)

    /// The body's index, or nil for the world.
    public var body: Int? {
        if case .body(let i) = self { return i }
        return nil
    }
}

/// The limits the validator enforces, so that nothing Chipmunk asserts on (and
/// nothing absurd) gets through. Documented in the README.
public enum Limits {
    public static let fileBytes = 16 * 1024 * 1024
    public static let bodies = 10_000
    public static let joints = 10_000
    public static let shapesPerBody = 64
    public static let polygonVertices = 3...64
    /// Bound on every coordinate, length, speed and angle.
    public static let coordinate = 1e6
    /// Bound on mass, density, stiffness and spring damping.
    public static let mass = 1e12
    /// The smallest size (box side, circle radius, segment length) and mass:
    /// below these Chipmunk's moments underflow to zero or NaN.
    public static let minimumLength = 1e-3
    public static let minimumArea = 1e-6
    public static let minimumMass = 1e-6
    public static let minimumSleepTime = 0.05
    /// A moving shape may span at most this many spatial-hash cells across,
    /// or every step would visit a huge number of cells.
    public static let cellsAcrossShape = 64.0
    /// The fastest an animated body may move (points per second, at any of
    /// its shapes) and turn (radians per second): beyond, crates it touches
    /// are thrown so hard that the broadphase never catches up.
    public static let animatedSpeed = 1e5
    public static let animatedTurnRate = 1e3
    public static let iterations = 1...1000
    public static let hashCells = 1...1_000_000
    public static let nameLength = 200
    public static let idLength = 100
}
