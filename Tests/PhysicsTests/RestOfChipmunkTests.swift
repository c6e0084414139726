import CrateboxGeometry
@testable import CrateboxPhysics
import Testing
import TestSupport

/// The rest of Chipmunk 7 in the Swift layer: every constraint kind, the
/// filter, conveyors, one-way platforms and breakable joints, whose callbacks
/// are C. CI runs these under AddressSanitizer and LeakSanitizer too.
@Suite(.tags(.memory)) struct RestOfChipmunkTests {
    func body(_ space: Space, at p: Vector, radius: Double = 5) throws -> Body {
        let body = Body(mass: 1, moment: 10)
        body.position = p
        try space.add(body)
        try space.add(Shape(body: body, geometry: .circle(radius: radius, offset: .zero)))
        return body
    }

    @Test func everyConstraintKindIsMadeStepsAndGoes() throws {
        let space = Space()
        space.gravity = Vector(0, -100)
        let a = try body(space, at: Vector(0, 0)), b = try body(space, at: Vector(20, 0))
        let kinds: [Joint.Kind] = [.groove(grooveA: Vector(0, 10), grooveB: Vector(0, -10), anchorB: .zero),
                                   .rotarySpring(restAngle: 0.5, stiffness: 100, damping: 5), .rotaryLimit(min: -0.2, max: 0.2),
                                   .ratchet(phase: 0, ratchet: 0.3), .gear(phase: 0, ratio: 2)]
        var joints: [Joint] = []
        for kind in kinds {
            let joint = Joint(kind, a: a, b: b)
            joint.maxBias = 50
            try space.add(joint)
            joints.append(joint)
        }
        for _ in 0..<120 { try space.step(1.0 / 120) }
        #expect(a.position.isFinite && b.position.isFinite && b.angle.isFinite)
        #expect(joints.allSatisfy { $0.maxBias == 50 && !$0.hasAnchors || $0.kind == kinds[0] })
        try space.remove(joints[1])
        try space.remove(b)  // takes the rest of its joints with it
        #expect(space.joints.isEmpty)
    }

    /// The filter, the surface velocity and the one-way direction read back as set.
    @Test func shapesKeepTheirFilterSurfaceAndDirection() throws {
        let space = Space()
        let b = try body(space, at: .zero)
        let shape = try #require(space.shapes.last { $0.body === b })
        shape.setFilter(group: 3, categories: 0b101, mask: 0xFFFF_FFFF)
        shape.surfaceVelocity = Vector(-40, 0)
        shape.makeOneWay(Vector(0, 1))
        #expect(shape.filter == (3, 0b101, 0xFFFF_FFFF) && shape.surfaceVelocity == Vector(-40, 0) && shape.oneWay == Vector(0, 1))
        #expect(Shape.from(shape.raw) === shape, "the tag still finds the owner")
    }

    /// A ball thrown up through a one-way platform passes; falling back, it lands on it.
    @Test func aOneWayPlatformLetsABodyThroughOneWayOnly() throws {
        let space = Space()
        space.gravity = Vector(0, -500)
        space.enableOneWayPlatforms()
        let platform = Shape(body: space.staticBody, geometry: .segment(a: Vector(-50, 0), b: Vector(50, 0), radius: 2))
        platform.makeOneWay(Vector(0, 1))
        try space.add(platform)
        let ball = try body(space, at: Vector(0, -30))
        ball.velocity = Vector(0, 400)
        var highest = -30.0
        for _ in 0..<240 {
            try space.step(1.0 / 120)
            highest = max(highest, ball.position.y)
        }
        #expect(highest > 20, "it went up through the platform (to \(highest))")
        #expect(abs(ball.position.y - 7) < 1, "and rests on it, not below (at \(ball.position.y))")
    }

    /// A breakable joint under a load it cannot bear breaks once, in C, and is reported and freed with its owner.
    @Test func aBreakableJointBreaksAndIsReported() throws {
        let space = Space()
        space.gravity = Vector(0, -1000)
        let weight = try body(space, at: Vector(0, -20))
        let rope = Joint(.pin(anchorA: .zero, anchorB: Vector(0, 0)), a: space.staticBody, b: weight)
        rope.breaks(above: 500)  // the weight pulls 1,000
        try space.add(rope)
        let strong = Joint(.pivot(anchor: Vector(30, -20)), a: space.staticBody, b: try body(space, at: Vector(30, -20)))
        strong.breaks(above: 1e9)
        try space.add(strong)
        for _ in 0..<30 { try space.step(1.0 / 120) }
        let broken = space.takeBrokenJoints()
        #expect(broken.count == 1 && broken[0] === rope && rope.space == nil)
        #expect(space.joints.count == 1 && space.joints[0] === strong && rope.breakForce == 500)
        #expect(space.takeBrokenJoints().isEmpty, "reported once")
        for _ in 0..<30 { try space.step(1.0 / 120) }
        #expect(weight.position.y < -30, "the weight falls once its rope is gone")
    }

    @Test func anInfiniteMomentNeverTurns() throws {
        let space = Space()
        space.gravity = Vector(0, -100)
        let wheel = Body(mass: 1, moment: .infinity)
        wheel.position = Vector(0, 10)
        try space.add(wheel)
        try space.add(Shape(body: wheel, geometry: .box(width: 4, height: 4, radius: 0)))
        let ramp = Shape(body: space.staticBody, geometry: .segment(a: Vector(-20, 10), b: Vector(20, -10), radius: 1))
        ramp.friction = 1
        try space.add(ramp)
        for _ in 0..<240 { try space.step(1.0 / 120) }
        #expect(wheel.angle == 0 && wheel.angularVelocity == 0)
    }
}
