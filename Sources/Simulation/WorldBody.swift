import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// A body of the world and what the sandbox knows about it. Read-only to
/// the rest of the program: its Chipmunk objects stay the world's own.
public struct WorldBody {
    /// The body's `id` in the scene file, if it has one.
    public let id: String?
    /// What the body was made from (its file entry, or the spawn body): its shapes and look.
    public let spec: BodySpec
    let body: Body
    let shapes: [Shape]
    /// Made by the scene's script (world:spawn): the script makes it again, so a saved scene leaves it out.
    public internal(set) var madeByScript = false
    /// How it is drawn.
    public var look: Look { spec.look }

    /// Dynamic, kinematic or static.
    public var kind: BodyKind { body.kind }
    /// Where it is now (after the last step).
    public var pose: Pose { Pose(position: body.position, angle: body.angle) }
    /// The velocity of its centre of gravity, in points per second.
    public var velocity: Vector { body.velocity }
    /// Its angular velocity, in radians per second (counter-clockwise).
    public var angularVelocity: Double { body.angularVelocity }
    /// Its mass (infinite for static and kinematic bodies).
    public var mass: Double { body.mass }
    /// Whether Chipmunk has put it to sleep (it rests until something wakes it).
    public var isSleeping: Bool { body.isSleeping }
}

extension WorldBody {
    /// The body's spec as it is now, as world:addJoint reads its ends (16.11) and an exact
    /// state's script joints are read again: its pose, its type (body:setType) and, dynamic,
    /// its mass, its moment about its centre of gravity and that centre (body:setMass, setMoment).
    /// Section 8's checks read these; the rest of the spec is the scene's.
    var now: BodySpec {
        var now = spec
        (now.position, now.angle, now.type) = (body.position, body.angle, body.kind)
        if body.kind == .dynamic {
            now.mass = .mass(body.mass)
            now.moment = body.moment.isInfinite ? .infinite : .value(body.moment)
            now.centerOfGravity = body.centerOfGravity
        } else {
            (now.mass, now.moment) = (nil, nil)
        }
        return now
    }
}
