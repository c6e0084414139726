import Animation
import JSONText
import CrateboxGeometry

/// A decoded, validated `cratebox/scene@1` document (docs/scene-format.md).
/// Every default and shorthand of the format is resolved here, so `World` can
/// build from it without looking anything up.
public struct Scene: Equatable, Sendable {
    /// Shown in the window's title (`name`; defaults to the file's name without its folder or extension).
    public var name: String
    /// The world rectangle's width in points (`bounds[0]`): the box is [0, width] x [0, height].
    public var width: Double
    /// The world rectangle's height in points (`bounds[1]`).
    public var height: Double
    /// Gravity in points/s² (`gravity`; default (0, -1000)); a tilt turns it and scales it from its length.
    public var gravity: Vector
    /// `nil` when the scene has no walls.
    public var walls: Walls?
    /// The solver's iterations per step (`iterations`, 1...1000; default 10).
    public var iterations: Int
    /// The fraction of velocity kept per second (`damping`, (0, 1]; default 1: none lost).
    public var damping: Double
    /// Seconds idle before a body sleeps; `nil`: never.
    public var sleepTime: Double?
    /// Chipmunk's spatial hash instead of its default bounding-box tree (`spatialHash`); nil: the tree.
    public var spatialHash: SpatialHash?
    /// The body made when the user spawns one (its position is set at spawn time).
    public var spawn: BodySpec
    /// The bodies, in file order (the order they are built in, and their indices).
    public var bodies: [BodySpec]
    /// The joints, in file order.
    public var joints: [JointSpec]
    /// `$schema`: where an editor finds the file's JSON Schema (cratebox ignores it; saving keeps it).
    public var schema: String? = nil
    /// The world rectangle's bottom-left corner (`origin`; default (0, 0)): the box is
    /// [ox, ox + width] x [oy, oy + height], so that centred coordinates (Chipmunk's demos) fit.
    public var origin: Vector = .zero
    /// `cpSpaceSetCollisionSlop` when given (`collisionSlop`; Chipmunk's default 0.1).
    public var collisionSlop: Double? = nil
    /// `cpSpaceSetCollisionBias` when given (`collisionBias`, in (0, 1)).
    public var collisionBias: Double? = nil
    /// `cpSpaceSetCollisionPersistence` when given (`collisionPersistence`, >= 1; Chipmunk's default 3).
    public var collisionPersistence: Int? = nil
    /// `cpSpaceSetIdleSpeedThreshold` when given (`idleSpeedThreshold`; Chipmunk's default 0: automatic).
    public var idleSpeedThreshold: Double? = nil
    /// Keys and buttons bound to motors, thrusters, servos and winches (`controls`), in file order.
    public var controls: [ControlBinding] = []
    /// Regions of water (`fluids`, section 15.1), in file order.
    public var fluids: [FluidSpec] = []
    /// Points that pull every dynamic body (`attractors`, section 15.2), in file order.
    public var attractors: [AttractorSpec] = []
    /// How the window looks at the box (`view`, section 15.5; drawing only).
    public var view: SceneView? = nil
    /// The scene's script (`script`, section 16.5): a Lua file beside the scene
    /// file. Set with its text (`useScript`), so a scene has both or neither.
    public internal(set) var script: String? = nil
    /// What the script's `math.random` is seeded with at every build (`scriptSeed`, 16.4; default 0).
    public var scriptSeed: UInt64? = nil
    /// `"rightClick": "script"` (16.5): the window gives a right click to the
    /// script (`click` events) instead of deleting the body under it. Input only: no effect on a step.
    public var rightClickToScript = false
    /// Which of the sandbox's own inputs are on (`"sandbox"`, 16.14): their
    /// events are refused when off; the window gives what is left to the script.
    public var sandbox = SandboxInputs()
    /// The script's text: what `decode` was given for it (the loader reads it
    /// beside the scene, a journal or a state carries it). Not part of the
    /// scene's JSON. Nil exactly when `script` is.
    public internal(set) var scriptText: String? = nil
    /// The modules the script requires (16.18), by name: read with the scene as
    /// its script is (beside it, or from a journal or state). Not in the scene's JSON.
    public internal(set) var scriptModules: [ScriptModule] = []

    /// Where the script `name` of the scene file at `path` is: beside it (section 16.5).
    public static func scriptPath(_ name: String, besideScene path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    /// The scene with another script (nil: none), name and text together (the
    /// editor's choice of script, a save's name for it).
    public mutating func useScript(_ name: String?, text: String?, modules: [ScriptModule] = []) {
        precondition((name == nil) == (text == nil), "a script's name and text go together")
        script = name
        scriptText = text
        scriptModules = name == nil ? [] : modules
    }

    /// The text of module `name` the scene carries (nil: none).
    public func moduleText(_ name: String) -> String? { scriptModules.first { $0.name == name }?.text }
    /// The rules a world of this scene runs by (replay-format.md, the header's
    /// `rules`): `Scene.currentRules` for a scene file; a journal or state
    /// written before rules 2 carries rules 1 (no walls' backing, no bounds on
    /// an explosion's push or the grab's hand), set by its reader. Not in the file.
    public var rules = Scene.currentRules
    /// The rules every session is run by now.
    public static let currentRules = 2
    /// The rules this cratebox can replay.
    public static let knownRules = 1...2

    /// Whether any shape (the spawn body's included) is a one-way platform:
    /// the space then gets the one-way handler.
    public var hasOneWayPlatforms: Bool {
        (bodies + [spawn]).contains { $0.shapes.contains { $0.oneWay != nil } }
    }

    /// The four static segments along `bounds` (`walls`: true, or an object overriding these).
    public struct Walls: Equatable, Sendable {
        /// Half the segments' thickness, in points.
        public var radius = 1.0
        /// The walls' friction.
        public var friction = 0.5
        /// The walls' elasticity (0...1).
        public var elasticity = 0.8

        /// Walls with the format's defaults, or the figures given.
        public init(radius: Double = 1, friction: Double = 0.5, elasticity: Double = 0.8) {
            self.radius = radius
            self.friction = friction
            self.elasticity = elasticity
        }
    }

    /// The spatial hash's settings (`cpSpaceUseSpatialHash`).
    public struct SpatialHash: Equatable, Sendable {
        /// A cell's side, in points.
        public var cellSize: Double
        /// How many cells the hash table has.
        public var cells: Int
    }

    /// The default spawn body: a 32 x 32 crate of mass 100.
    public static let defaultSpawn = BodySpec(
        id: nil, type: .dynamic, position: .zero, angle: 0, velocity: .zero, angularVelocity: 0,
        mass: .mass(100), shapes: [ShapeSpec(geometry: .box(width: 32, height: 32, radius: 0))], look: .crate
    )
}

/// A body of the scene: its type, pose, velocity, mass, shapes, look and, for a kinematic body, its animation.
public struct BodySpec: Equatable, Sendable {
    /// The name joints use for it (`id`; unique in the scene); nil when it has none.
    public var id: String?
    /// Dynamic, kinematic or static (`type`; default dynamic).
    public var type: BodyKind
    /// The body's origin in world coordinates (`position`, points).
    public var position: Vector
    /// Radians, counter-clockwise (`angle`; default 0).
    public var angle: Double
    /// Points per second (`velocity`; default (0, 0)).
    public var velocity: Vector
    /// Radians per second, counter-clockwise (`angularVelocity`; default 0).
    public var angularVelocity: Double
    /// Dynamic bodies only.
    public var mass: MassSpec?
    /// The body's shapes, in body coordinates (`shapes`, or the shorthand `box`).
    public var shapes: [ShapeSpec]
    /// How it is drawn (`look`; default crate for a body of boxes only, else plain).
    public var look: Look
    /// Kinematic bodies only: the animated path the body follows.
    public var animation: AnimationSpec? = nil
    /// Dynamic bodies with `mass` only (`moment`): built with `cpBodyNew(mass, moment)`,
    /// their shapes given no mass; nil: mass from the shapes.
    public var moment: Moment? = nil
    /// Not a file key: where a body with `mass` and `moment` given has its centre of gravity. The
    /// origin for a file's body (section 9); a live body's own when the world describes one as it is
    /// now (`WorldBody.now`: body:setMass keeps a centre its shapes put elsewhere).
    package var centerOfGravity = Vector(0, 0)
    /// Whether the window draws its path as a fading trail (`trace`; drawing only).
    public var trace = false
    /// The script's global function Chipmunk calls to integrate the body's
    /// velocity (`velocityFunction`, section 16.8); nil: Chipmunk's own.
    public var velocityFunction: String? = nil
    /// The same for its position (`positionFunction`).
    public var positionFunction: String? = nil

    /// A body's moment of inertia, given.
    public enum Moment: Equatable, Sendable {
        /// This moment (> 0).
        case value(Double)
        /// `INFINITY`: the body never turns.
        case infinite

        /// The number Chipmunk gets.
        public var value: Double {
            switch self {
            case .value(let m): m
            case .infinite: .infinity
            }
        }
    }

    /// A body with the given fields; the defaults are the format's.
    public init(id: String? = nil, type: BodyKind, position: Vector, angle: Double = 0, velocity: Vector = .zero,
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


/// A kinematic body's animation track, of its position or its angle.
public enum AnimationSpec: Equatable, Sendable {
    /// The body's position follows the track (points).
    case position(AnimationTrack<Point2>)
    /// The body's angle follows the track (radians).
    case angle(AnimationTrack<Double>)
}

/// How a dynamic body's mass is given: exactly one of `mass` and `density`.
public enum MassSpec: Equatable, Sendable {
    /// The whole body's mass, split over its shapes by area.
    case mass(Double)
    /// Mass per unit area, per shape.
    case density(Double)
}

/// A shape of a body: its geometry and its material.
public struct ShapeSpec: Equatable, Sendable {
    /// Its form, in body coordinates (`box`, `circle`, `polygon` or `segment`).
    public var geometry: ShapeGeometry
    /// Coulomb friction (`friction`, >= 0; default 0.5).
    public var friction = 0.5
    /// Bounciness (`elasticity`, 0...1; default 0.8).
    public var elasticity = 0.8
    /// A sensor detects contacts but does not collide (`sensor`; default false).
    public var sensor = false
    /// `group`, `categories`, `mask` (`cpShapeFilterNew`), when any of them is given.
    public var filter: ShapeFilter? = nil
    /// A conveyor's surface velocity (`surfaceVelocity`: `cpShapeSetSurfaceVelocity`).
    public var surfaceVelocity: Vector? = nil
    /// A one-way platform's direction (`oneWay`): bodies pass going along it, land coming the other way.
    public var oneWay: Vector? = nil
    /// The name a script's collision handlers know the shape by (`collisionType`, section 16.7).
    public var collisionType: String? = nil
    /// What it sounds like when struck (`sound`); nil: by its geometry (`heardAs`).
    public var sound: ShapeSound? = nil
    /// Its own mass or density (section 13.3), on a dynamic body whose shapes
    /// each give one (the body then gives none); nil otherwise.
    public var mass: MassSpec? = nil

    /// What it sounds like: its `sound`, or by its geometry, a ball rubber,
    /// a segment (a floor, a ramp) stone, a box or polygon wood.
    public var heardAs: ShapeSound {
        if let sound { return sound }
        switch geometry {
        case .circle: return .rubber
        case .segment: return .stone
        case .box, .polygon: return .wood
        }
    }

    /// A shape with the given material (defaults as in the format).
    public init(geometry: ShapeGeometry, friction: Double = 0.5, elasticity: Double = 0.8, sensor: Bool = false) {
        self.geometry = geometry
        self.friction = friction
        self.elasticity = elasticity
        self.sensor = sensor
    }
}

/// Which shapes a shape collides with (Chipmunk's `cpShapeFilter`).
public struct ShapeFilter: Equatable, Sendable {
    /// Shapes of one non-zero group never collide with each other (`group`, 0 ... 2^31-1; default 0: none).
    public var group: UInt32
    /// The shape's layers, a bitmask (`categories`; default all).
    public var categories: UInt32
    /// The layers it collides with (`mask`; default all): two shapes collide
    /// only if each one's categories meet the other's mask.
    public var mask: UInt32

    /// A filter; by default, no group and every layer.
    public init(group: UInt32 = 0, categories: UInt32 = .max, mask: UInt32 = .max) {
        self.group = group
        self.categories = categories
        self.mask = mask
    }
}

/// How a body is drawn.
public enum Look: Equatable, Sendable {
    /// The crate texture, a ball (a disc with a spoke), or a plain fill.
    case crate, ball, plain
    /// 0xRRGGBB
    case color(UInt32)
}

/// A joint of the scene: its type and figures, its two bodies, its force limit.
public struct JointSpec: Equatable, Sendable {
    /// The joint types of the format, and their figures: the physics' own
    /// enum (`Joint.Kind`), so that a scene's joint and the Chipmunk joint it
    /// makes are spelled once. The grab's two-anchor pivot is a
    /// `pivotAnchors` of the simulation, not a type a scene file gives.
    public typealias Kind = JointKind

    /// The joint's type and figures (`type` and its keys).
    public var kind: Kind
    /// The first body (`a`: a body's id, or "world").
    public var a: BodyRef
    /// The second body (`b`).
    public var b: BodyRef
    /// `.infinity` when the file gives none.
    public var maxForce: Double
    /// Whether the two bodies still collide with each other (`collide`; default false).
    public var collide: Bool
    /// `cpConstraintSetMaxBias` when given (`maxBias`).
    public var maxBias: Double? = nil
    /// `cpConstraintSetErrorBias` when given (`errorBias`).
    public var errorBias: Double? = nil
    /// A breakable joint: it goes once its force is over this (`breakForce`).
    public var breakForce: Double? = nil
    /// The joint's `id`, if it has one: unique among the joints; controls name joints by it.
    public var id: String? = nil
    /// The script's functions Chipmunk calls for it (section 16.10).
    public var functions = Functions()

    /// The names of a joint's script functions; nil: Chipmunk's own, or none.
    public struct Functions: Equatable, Sendable {
        /// A spring's force at a length (`forceFunction`), a rotary spring's torque at an angle (`torqueFunction`).
        public var force: String?, torque: String?
        /// Called before and after the solver works on the joint (`preSolve`, `postSolve`).
        public var preSolve: String?, postSolve: String?
        /// Names, all optional.
        public init(force: String? = nil, torque: String? = nil, preSolve: String? = nil, postSolve: String? = nil) {
            (self.force, self.torque, self.preSolve, self.postSolve) = (force, torque, preSolve, postSolve)
        }
        /// The four in the order the C side takes them: force, torque, pre-solve, post-solve.
        public var all: [String?] { [force, torque, preSolve, postSolve] }
        /// Whether the joint has none.
        public var isEmpty: Bool { all.allSatisfy { $0 == nil } }
    }

    /// A joint with the given fields; by default of unbounded force, its bodies not colliding.
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
    /// The space's static body ("world" in the file).
    case world
    /// The body at this index of `Scene.bodies`.
    case body(Int)

    /// The body's index, or nil for the world.
    public var body: Int? {
        if case .body(let i) = self { return i }
        return nil
    }
}

/// The limits the validator enforces, so that nothing Chipmunk asserts on (and
/// nothing absurd) gets through. Documented in docs/guide/scene-files.md
/// ("What the validator rejects").
public enum Limits {
    /// The largest scene file, in bytes (16 MiB).
    public static let fileBytes = 16 * 1024 * 1024
    /// The most bodies a scene may have.
    public static let bodies = 10_000
    /// The most joints a scene may have.
    public static let joints = 10_000
    /// The most shapes a scene may have in all (its bodies' and the spawn
    /// body's): each costs Chipmunk a broadphase entry and work every step.
    public static let shapes = 100_000
    /// The most shapes a dynamic body may have: adding each shape recomputes
    /// the body's mass from all its shapes, so building one costs n².
    /// Static and kinematic bodies (a terrain, a maze) are bounded by `shapes` only.
    public static let shapesPerDynamicBody = 1_000
    /// How many vertices a polygon may have.
    public static let polygonVertices = 3...64
    /// Bound on every coordinate, length, speed and angle.
    public static let coordinate = 1e6
    /// Bound on mass, density, stiffness and spring damping.
    public static let mass = 1e12
    /// The largest strength of an attractor, either way (`attractors`).
    public static let attraction = 1e15
    /// The smallest size (box side, circle radius, segment length) and mass:
    /// below these Chipmunk's moments underflow to zero or NaN.
    public static let minimumLength = 1e-3
    /// The smallest area a polygon may have, in points².
    public static let minimumArea = 1e-6
    /// The smallest mass a dynamic body may have.
    public static let minimumMass = 1e-6
    /// The shortest `sleepTime`, in seconds.
    public static let minimumSleepTime = 0.05
    /// A moving shape may span at most this many spatial-hash cells across,
    /// or every step would visit a huge number of cells.
    public static let cellsAcrossShape = 64.0
    /// How thick each wall's backing is under rules 2, in points (section 9):
    /// what moves fast meets a wall thicker than a step's travel.
    public static let wallBackingThickness = 100.0
    /// The fastest an animated body may move (points per second, at any of
    /// its shapes) and turn (radians per second): beyond, crates it touches
    /// are thrown so hard that the broadphase never catches up.
    public static let animatedSpeed = 1e5
    /// The fastest an animated body may turn, in radians per second.
    public static let animatedTurnRate = 1e3
    /// The solver iterations a scene may ask for.
    public static let iterations = 1...1000
    /// How many cells a spatial hash may have.
    public static let hashCells = 1...1_000_000
    /// The longest scene name, in characters.
    public static let nameLength = 200
    /// The longest body id, in characters.
    public static let idLength = 100
    /// The most bindings `controls` may have.
    public static let controls = 256
    /// The longest label of a binding.
    public static let labelLength = 40
    /// Bound on a thruster's force.
    public static let force = 1e12
    /// Steps a contact may be kept after its shapes part (`collisionPersistence`).
    public static let collisionPersistence = 1...1000
    /// The largest moment of inertia a body may be given (`moment`).
    public static let moment = 1e30
    /// Bound on a gear's ratio, either way (its inverse is computed too).
    public static let gearRatio = 1e6
}
