import CrateboxGeometry
import SceneFormat
import Simulation

/// A body as drawing needs it: what it is made of and how it looks.
public struct DrawnBody: Sendable {
    /// Dynamic, kinematic or static.
    public let kind: BodyKind
    /// What the body was made from: its shapes and look.
    public let spec: BodySpec
    /// How it is drawn: its spec's look, or the one its scene's script set (16.17).
    public let look: Look

    /// A body drawn with its spec's look unless another is given.
    public init(kind: BodyKind, spec: BodySpec, look: Look? = nil) {
        (self.kind, self.spec, self.look) = (kind, spec, look ?? spec.look)
    }
}

/// What drawing needs of the world after a step, as an immutable value that
/// can cross threads: the physics thread publishes one after each step and the
/// window draws the newest (never the World itself). Poses are kept for the
/// last two completed steps, so that the picture is drawn between them.
public final class DrawnWorld: Sendable {
    /// The scene the world was built from.
    public let scene: Scene
    /// By construction index; nil for a removed body.
    public let bodies: [DrawnBody?]
    /// Each body's pose before the last step, by construction index.
    public let previous: [Pose]
    /// Each body's pose after the last step, by construction index.
    public let current: [Pose]
    /// The walls' shapes, in world coordinates.
    public let walls: [ShapeGeometry]
    /// Each joint's anchors in world coordinates, the grab's included (motors left out).
    public let jointAnchors: [(a: Vector, b: Vector)]
    /// The scene's joints as the normal view draws them.
    public let joints: [DrawnJoint]
    /// The body held by the mouse and where the hand is going.
    public let grab: (index: Int, target: Vector)?
    /// The world's step count as of this drawn world (a reset does not restart it).
    public let stepCount: Int
    /// Steps since the world was last built (a reset restarts it).
    public let stepsSinceBuild: Int
    /// Bodies in the world (removed ones not counted).
    public let liveBodyCount: Int
    /// The last tilt applied (nil before any), as an accelerometer reading in g.
    public let tilt: Vector?
    /// The scene's keys and buttons held down (its `controls`), as the world has them.
    public let held: [ControlTrigger]
    /// Debug drawing only (nil when it was not asked for): every shape with its
    /// body's index (for drawing between steps), and the contact points.
    public let outlines: [ShapeOutline]?
    /// The contact points in world coordinates (debug drawing only).
    public let contacts: [Vector]?
    /// What the scene's script last said (`world:say`), for the HUD.
    public let scriptSays: String?
    /// Whether the scene's script takes every key (it defines `keypressed` or `keyreleased`: 16.13).
    public let scriptTakesKeys: Bool
    /// The labels the scene's script shows (`world:text`, 16.17), in the order drawn.
    public let labels: [WorldLabel]
    /// Whether `bodies` was made for this picture (the first to hold a list, which later pictures share until the bodies or their looks change).
    let madeBodies: Bool

    /// The world as it is, drawn between `previous` poses (by construction
    /// index: the poses before its last step) and now; without them, as it is.
    public init(world: World, previous: [Pose]? = nil, bodies: [DrawnBody?]? = nil, debug: Bool = false, madeBodies: Bool = false) {
        scene = world.scene
        self.bodies = bodies ?? DrawnWorld.drawnBodies(world)
        self.madeBodies = bodies == nil || madeBodies
        let current = world.poses
        self.current = current
        self.previous = previous.map { $0.count == current.count ? $0 : current } ?? current
        walls = world.wallShapes
        jointAnchors = world.jointAnchors
        joints = world.jointStates.compactMap { DrawnJoint($0, step: world.stepCount) }
        grab = world.grabbedBody.flatMap { index in world.grabTarget.map { (index, $0) } }
        stepCount = world.stepCount
        stepsSinceBuild = world.stepsSinceBuild
        liveBodyCount = world.liveBodyCount
        tilt = world.tilt
        held = world.held
        outlines = debug ? world.outlines : nil
        contacts = debug ? world.contactPoints : nil
        scriptSays = world.scriptSays
        scriptTakesKeys = world.scriptTakesKeys
        labels = world.labels
    }

    /// The world's bodies as drawing sees them.
    public static func drawnBodies(_ world: World) -> [DrawnBody?] {
        world.bodies.enumerated().map { i, body in body.map { DrawnBody(kind: $0.kind, spec: $0.spec, look: world.look(of: i)) } }
    }

    /// The same state for keeping (the time machine's history): drawn as it is
    /// (no step to draw between, so one array of poses), without the grab and
    /// debug drawing.
    public func atRest() -> DrawnWorld {
        DrawnWorld(self)
    }

    /// The same picture at another step (`--watch` keeps the run before a reload at negative steps).
    public func renumbered(by offset: Int) -> DrawnWorld {
        DrawnWorld(self, step: stepCount + offset)
    }

    private init(_ other: DrawnWorld, step: Int? = nil) {
        scene = other.scene
        bodies = other.bodies
        current = other.current
        previous = other.current
        walls = other.walls
        jointAnchors = other.jointAnchors
        joints = other.joints
        grab = nil
        stepCount = step ?? other.stepCount
        stepsSinceBuild = other.stepsSinceBuild
        liveBodyCount = other.liveBodyCount
        tilt = other.tilt
        held = other.held
        outlines = nil
        contacts = nil
        scriptSays = other.scriptSays
        scriptTakesKeys = other.scriptTakesKeys
        labels = other.labels
        madeBodies = other.madeBodies
    }

    /// Roughly what keeping it costs, in bytes (its own poses and anchors; the
    /// bodies' descriptions are shared between drawn worlds).
    public var keptBytes: Int {
        current.count * MemoryLayout<Pose>.stride + jointAnchors.count * 4 * MemoryLayout<Double>.stride
            + joints.count * MemoryLayout<DrawnJoint>.stride + 256
            + (madeBodies ? bodies.count * MemoryLayout<DrawnBody?>.stride : 0)  // a list a script's looks made anew is counted once
            + labels.reduce(0) { $0 + $1.id.utf8.count + $1.text.utf8.count + MemoryLayout<WorldLabel>.stride }
    }

    /// The topmost body with a shape under a world point (within `slack`), as drawn now.
    public func body(at point: Vector, slack: Double) -> Int? {
        for i in bodies.indices.reversed() {
            guard let body = bodies[i] else { continue }
            let pose = current[i], local = (point - pose.position).rotated(by: -pose.angle)
            if body.spec.shapes.contains(where: { $0.geometry.contains(local, slack: slack) }) { return i }
        }
        return nil
    }

    /// The pose to draw body `index` at, `alpha` of the way through the last step.
    /// What a picture of this world fits (scene-format.md 15.6): the box
    /// grown to hold every live body as it is now (a script's too); with
    /// `clamped` false, however far out they are.
    public func fitted(clamped: Bool = true) -> (origin: Vector, width: Double, height: Double) {
        let live = bodies.enumerated().compactMap { i, body in body.flatMap { i < current.count ? ($0.spec.shapes, current[i]) : nil } }
        return scene.fitted(holding: live, clamped: clamped)
    }

    /// Where the bodies are that are outside the walls (live, not static):
    /// a scene with walls holds what it has, and one that got out is said,
    /// never lost silently (issue 46). None without walls.
    public var outsideTheWalls: [Vector] {
        guard let walls = scene.walls else { return [] }
        // Past the walls' outer surfaces by more than a point (a crate a pile crushes against a wall may have its centre in it).
        let o = scene.origin, w = scene.width, h = scene.height, m = walls.radius + 1
        var found: [Vector] = []
        for (i, slot) in bodies.enumerated() where slot != nil && slot?.kind != .static && i < current.count {
            let p = current[i].position
            if !(p.x >= o.x - m && p.x <= o.x + w + m && p.y >= o.y - m && p.y <= o.y + h + m) { found.append(p) }
        }
        return found
    }

    public func pose(of index: Int, alpha: Double) -> Pose {
        alpha >= 1 ? current[index] : previous[index].interpolated(to: current[index], alpha)
    }
}

/// Makes the drawn worlds of a world that is stepped, so that each can be drawn
/// between its last two steps: `willStep` before each step keeps the poses
/// before it. The bodies' descriptions are shared between drawn worlds until the
/// bodies change. One per stepping thread (it is not shared).
public final class DrawnWorldMaker {
    private var previous: (world: ObjectIdentifier, poses: [Pose])?
    private var bodies: (world: ObjectIdentifier, revision: Int, looks: UInt64, drawn: [DrawnBody?])?
    /// The poses of the last picture made, and of which world, step and bodies:
    /// the poses before the next step, unless a body came or went since.
    private var made: (world: ObjectIdentifier, step: Int, revision: Int, poses: [Pose])?

    public init() {}

    /// Keeps the world's poses before its next step (the last picture's when
    /// they are the same: between steps, only adding or removing bodies moves one).
    public func willStep(_ world: World) {
        let id = ObjectIdentifier(world)
        if let made, made.world == id, made.step == world.stepCount, made.revision == world.bodiesRevision {
            previous = (id, made.poses)
        } else {
            previous = (id, world.poses)
        }
    }

    /// The world after its last step, drawn between the poses kept by `willStep` and now.
    public func drawn(_ world: World, debug: Bool) -> DrawnWorld {
        let id = ObjectIdentifier(world)
        var fresh = false
        if bodies?.world != id || bodies?.revision != world.bodiesRevision || bodies?.looks != world.looksRevision {
            bodies = (id, world.bodiesRevision, world.looksRevision, DrawnWorld.drawnBodies(world))
            fresh = true
        }
        let before = previous?.world == id ? previous?.poses : nil
        let picture = DrawnWorld(world: world, previous: before, bodies: bodies?.drawn, debug: debug, madeBodies: fresh)
        made = (id, world.stepCount, world.bodiesRevision, picture.current)
        return picture
    }
}
