import CChipmunk
import CrateboxGeometry
import Testing
import TestSupport
@testable import CrateboxPhysics
import SnapshotTamper

/// A state's SHA-256 stops accidents, not someone who recomputes it: the
/// reader must refuse every space Chipmunk could not have made and would
/// crash on, with a reason. Each case is made in a live space (SnapshotTamper),
/// written by the real writer, undone, and read back.
@Suite(.tags(.memory)) struct SnapshotRefusalTests {
    /// A crate asleep on the floor, a crate sliding on it (awake: no friction),
    /// and a pendulum on a pin joint.
    final class Parts {
        let space = Space()
        let sleeping = Body(mass: 1, moment: 100)
        let sliding = Body(mass: 1, moment: 100)
        let bob = Body(mass: 1, moment: 10)
        let spinner = Body(kind: .kinematic)

        init() throws {
            space.gravity = Vector(0, -100)
            space.sleepTimeThreshold = 0.5
            let floor = Shape(body: space.staticBody, geometry: .segment(a: Vector(-1000, 0), b: Vector(3000, 0), radius: 1))
            try space.add(floor)
            sleeping.position = Vector(0, 11)
            sliding.position = Vector(300, 11)
            bob.position = Vector(-300, 200)
            for body in [sleeping, sliding, bob] { try space.add(body) }
            for body in [sleeping, sliding] {
                let crate = Shape(body: body, geometry: .box(width: 20, height: 20, radius: 0))
                crate.friction = body === sliding ? 0 : 0.8
                try space.add(crate)
            }
            try space.add(Shape(body: bob, geometry: .circle(radius: 5, offset: .zero)))
            try space.add(Joint(.pin(anchorA: Vector(-200, 300), anchorB: .zero), a: space.staticBody, b: bob))
            // Far from the rest, touching nothing.
            spinner.position = Vector(2500, 400)
            spinner.angularVelocity = 1
            try space.add(spinner)
            try space.add(Shape(body: spinner, geometry: .box(width: 40, height: 10, radius: 0)))
            sliding.velocity = Vector(40, 0)
            for _ in 0..<240 { try space.step(1.0 / 120) }
        }
    }

    static func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try Space.restoring(bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theUntouchedSpaceReadsBackAndStepsAsTheOriginal() throws {
        let parts = try Parts()
        #expect(parts.sleeping.isSleeping && !parts.sliding.isSleeping)
        let copy = try Space.restoring(try parts.space.snapshot()).space
        for _ in 0..<600 {
            try copy.step(1.0 / 120)
            try parts.space.step(1.0 / 120)
        }
        #expect(copy.bodies.map(\.position) == parts.space.bodies.map(\.position))
    }

    @Test(arguments: [
        (SNAPSHOT_TAMPER_SLEEPING_CONTACTS_IN_BUFFER, 0, "of a sleeping body has no contacts of its own"),
        (SNAPSHOT_TAMPER_AWAKE_CONTACTS_OF_THEIR_OWN, 1, "has contacts of its own but is not a sleeping body's"),
        (SNAPSHOT_TAMPER_SHAPE_IN_THE_OTHER_INDEX, 0, "is in the dynamic index, but its body is static or asleep"),
        (SNAPSHOT_TAMPER_SHAPE_IN_THE_OTHER_INDEX, 1, "is in the static index, but its body is awake"),
        (SNAPSHOT_TAMPER_DEFAULT_BEGIN_WITHOUT_WILDCARDS, 0, "the space's default collision handler is not one Chipmunk makes"),
        (SNAPSHOT_TAMPER_NULL_PRE_SOLVE, 0, "callback tag 0 is not one its slot 1 can hold"),
        (SNAPSHOT_TAMPER_POSITION_NOT_A_NUMBER, 1, "a position, velocity, force or angle is not a finite number within 1e30"),
        (SNAPSHOT_TAMPER_NEGATIVE_POLYGON_RADIUS, 1, "its radius is negative"),
        (SNAPSHOT_TAMPER_POLYGON_NOT_CONVEX, 1, "its vertices are not strictly convex and counter-clockwise"),
        (SNAPSHOT_TAMPER_A_MILLION_ITERATIONS, 0, "its solver iterations are not 1 to 1000"),
        (SNAPSHOT_TAMPER_THREADED_ARBITER_OUT_OF_THE_ARRAY, 1, "neither in the space's arbiters nor a sleeping component's"),
        (SNAPSHOT_TAMPER_SLEEPING_ARBITER_IN_THE_ARRAY, 0, "is in the space's arbiters but its body sleeps"),
        (SNAPSHOT_TAMPER_SLEEPING_OFF, 0, "bodies sleep in a space whose sleeping is off"),
        (SNAPSHOT_TAMPER_KINEMATIC_IDLE, 2, "it is kinematic but its idle time is not 0"),
    ])
    func aSpaceChipmunkCouldNotHaveMadeIsRefused(kind: snapshot_tamper_kind, body: Int, reason: String) throws {
        let parts = try Parts()
        var tamper = snapshot_tamper()
        let target = [parts.sleeping, parts.sliding, parts.spinner][body]
        try #require(snapshot_tamper_apply(parts.space.raw, target.raw, kind, &tamper) == 1)
        let bytes = try parts.space.snapshot()
        snapshot_tamper_undo(parts.space.raw, &tamper)
        let refused = try #require(Self.message(bytes))
        #expect(refused.contains(reason), "\(refused)")
        // Undone, the space still writes what reads back.
        #expect(Self.message(try parts.space.snapshot()) == nil)
    }

    /// What Chipmunk derives is derived again, not read: a transform that is
    /// not a number reads back as the one the body's position and angle give.
    @Test func aDerivedFieldIsComputedNotRead() throws {
        let parts = try Parts()
        var tamper = snapshot_tamper()
        try #require(snapshot_tamper_apply(parts.space.raw, parts.sliding.raw, SNAPSHOT_TAMPER_TRANSFORM_NOT_A_NUMBER, &tamper) == 1)
        let bytes = try parts.space.snapshot()
        snapshot_tamper_undo(parts.space.raw, &tamper)
        let copy = try Space.restoring(bytes).space
        #expect(try copy.snapshot() == (try parts.space.snapshot()))
        for _ in 0..<240 {
            try copy.step(1.0 / 120)
            try parts.space.step(1.0 / 120)
        }
        #expect(copy.bodies.map(\.position) == parts.space.bodies.map(\.position))
    }

    /// Chipmunk's tree queries recurse once a level: a tree deeper than 2,000
    /// levels (here a spine of 2,100 static circles) is refused; a spine of
    /// 1,000 is still a tree Chipmunk steps, and reads back as it was.
    @Test func aTreeTooDeepIsRefused() throws {
        for (count, refused) in [(2_100, true), (1_000, false)] {
            let space = Space()
            for i in 0..<count {
                try space.add(Shape(body: space.staticBody, geometry: .circle(radius: 1, offset: Vector(Double(i) * 3, 0))))
            }
            #expect(snapshot_tamper_static_spine(space.raw) == Int32(count - 1))
            let message = Self.message(try space.snapshot())
            if refused {
                #expect(message?.contains("a tree is deeper than 2000 levels") == true, "\(message ?? "read back")")
            } else {
                #expect(message == nil)
            }
        }
    }

    /// Where the Swift side's tag of shape `shape` (or of the first joint) is in the bytes.
    static func tagOffset(_ space: Space, shape: Int? = nil) -> Int {
        func size(_ g: ShapeGeometry) -> Int {
            switch g {
            case .box, .circle: 25
            case .segment: 41
            case .polygon(let vertices, _): 17 + 16 * vertices.count
            }
        }
        var at = 16
        for (i, s) in space.shapes.enumerated() {
            if i == shape { return at + 8 }
            at += 8 + size(s.geometry)
        }
        return at + 8 + 16
    }

    @Test func aShapeOrJointOfAnotherKindThanChipmunksIsRefused() throws {
        let parts = try Parts()
        let bytes = try parts.space.snapshot()
        // A box (tag 0) said to be a circle (tag 1, as many numbers).
        let box = try #require(parts.space.shapes.firstIndex { if case .box = $0.geometry { true } else { false } })
        var shape = bytes
        #expect(shape[Self.tagOffset(parts.space, shape: box)] == 0)
        shape[Self.tagOffset(parts.space, shape: box)] = 1
        #expect(Self.message(shape)?.contains("a shape's kind differs between the Swift and C sides") == true)
        // The pin joint (tag 2) said to be a pivot joint through two anchors (tag 1, as many numbers).
        var joint = bytes
        #expect(joint[Self.tagOffset(parts.space)] == 2)
        joint[Self.tagOffset(parts.space)] = 1
        #expect(Self.message(joint)?.contains("a joint's kind differs between the Swift and C sides") == true)
    }
}
