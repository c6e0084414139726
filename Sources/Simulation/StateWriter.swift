import Bytes
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// Writes a world's exact state (docs/state-format.md): Chipmunk's space as
/// bytes (Physics' `Space.snapshot`) with what the world keeps beside it (which
/// body each construction index is, the grab, the tilt, the clocks, held keys,
/// broken joints, the script's part). `RestoredWorld` reads it back.
struct StateWriter {
    /// The size of the last state written: the next reserves that much at once.
    private var lastSize = 0

    /// `world`'s exact state as bytes.
    mutating func bytes(of world: World) throws(WorldError) -> [UInt8] {
        let scriptPart = try world.script?.part()
        let space = world.space, scene = world.scene
        func alive(_ body: Body) -> Bool { body === space.staticBody || space.contains(body) }

        var w = ByteWriter()
        w.reserveCapacity(lastSize)
        w.string(scriptPart?.writtenVersion ?? "cratebox world 2")
        w.i64(scene.bodies.count)
        w.i64(scene.joints.count)
        w.i64(world.stepCount)
        w.i64(world.stepsSinceBuild)
        w.bool(world.tilt != nil)
        w.f64(world.tilt?.x ?? 0)
        w.f64(world.tilt?.y ?? 0)
        w.i64(world.held.count)
        for trigger in world.held {
            if case .button = trigger { w.u8(1) } else { w.u8(0) }
            w.string(trigger.name)
        }
        w.i64(world.brokenJoints.count)
        for broken in world.brokenJoints {
            w.i64(broken.joint)
            w.i64(broken.step)
        }
        try Self.writeBodies(of: world, to: &w)
        let detached = Self.writeJoints(world.joints, in: space, to: &w, alive: alive)
        w.bool(world.grab != nil)
        if let grab = world.grab {
            guard let hand = space.index(of: grab.hand), let joint = space.index(of: grab.joint) else {
                throw WorldError("the grab's hand is not in the space")
            }
            w.i64(grab.index)
            w.i64(hand)
            w.i64(joint)
            w.f64(grab.target.x)
            w.f64(grab.target.y)
        }
        scriptPart?.write(to: &w)
        do {
            try w.block { (w: inout ByteWriter) throws(PhysicsError) in try space.write(keeping: detached, to: &w) }
        } catch {
            throw WorldError("\(error)")
        }
        lastSize = w.count
        return w.bytes
    }

    private static func writeBodies(of world: World, to w: inout ByteWriter) throws(WorldError) {
        let space = world.space, scene = world.scene, bodies = world.bodies
        w.i64(bodies.count)
        for (index, entry) in bodies.enumerated() {
            guard let entry else { w.bool(false); continue }
            guard let b = space.index(of: entry.body) else { throw WorldError("a body of the world is not in its space") }
            w.bool(true)
            w.i64(b)
            // Version 2: a piece the knife made carries its spec (a file or spawn body's is the scene's).
            let isPiece = index >= scene.bodies.count && entry.spec != scene.spawn && !entry.madeByScript
            w.bool(isPiece)
            if isPiece { WorldBody.writePiece(entry.spec, to: &w) }
            w.i64(entry.shapes.count)
            for shape in entry.shapes {
                guard let s = space.index(of: shape) else { throw WorldError("a shape of the world is not in its space") }
                w.i64(s)
            }
        }
    }

    /// The scene's joints: in the space, kept out of it (broken, their
    /// bodies still here: drawn where they broke), or gone with a body.
    /// Returns the ones kept out of the space, to be copied with it.
    private static func writeJoints(_ joints: [Joint], in space: Space, to w: inout ByteWriter, alive: (Body) -> Bool) -> [Joint] {
        var detached: [Joint] = []
        w.i64(joints.count)
        for joint in joints {
            if let j = space.index(of: joint) {
                w.u8(0)
                w.i64(j)
            } else if alive(joint.a) && alive(joint.b) {
                w.u8(1)
                w.i64(detached.count)
                detached.append(joint)
            } else {
                w.u8(2)
            }
        }
        return detached
    }
}
