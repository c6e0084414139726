import ChipmunkSurface
import CrateboxGeometry
import Testing
import TestSupport
@testable import CrateboxPhysics

/// The checked surface (ChipmunkSurface, issue 49): the one place a body, joint
/// or shape is changed, for the Lua bindings and the Swift owners alike. Each
/// refusal changes nothing and says what it refused.
@Suite(.tags(.memory)) struct SurfaceTests {
    private let movable = Int32(SURFACE_DYNAMIC | SURFACE_KINEMATIC)

    @Test func aBodysKindIsCheckedFirstThenEachNumberInOrder() throws {
        let space = Space()
        let body = Body(mass: 1, moment: 1)
        try space.add(body)
        var r = surface_body_set_velocity(body.raw, movable, 3, 4)
        #expect(r.refusal == SURFACE_DONE && body.velocity == Vector(3, 4))
        r = surface_body_set_velocity(body.raw, movable, 5, .nan)
        #expect(r.refusal == SURFACE_OUT_OF_RANGE && r.number == 1)
        r = surface_body_set_velocity(body.raw, movable, 2e30, 0)
        #expect(r.refusal == SURFACE_OUT_OF_RANGE && r.number == 0)
        #expect(body.velocity == Vector(3, 4), "a refusal changes nothing")
        // A static body is refused before its numbers are looked at; a push is for a dynamic body only.
        let ground = space.staticBody
        #expect(surface_body_set_velocity(ground.raw, movable, .nan, 0).refusal == SURFACE_STATIC)
        let hand = Body(kind: .kinematic)
        #expect(surface_body_apply_impulse(hand.raw, 1, 0, nil).refusal == SURFACE_NOT_DYNAMIC)
        let far: [Double] = [0, .infinity]
        let r2 = surface_body_apply_impulse(body.raw, 1, 0, far)
        #expect(r2.refusal == SURFACE_OUT_OF_RANGE && r2.number == 3, "the point's y is the push's fourth number")
        #expect(surface_body_apply_impulse(body.raw, 1, 0, nil).refusal == SURFACE_DONE && body.velocity == Vector(4, 4))
        // No point given: the body's own position, whatever it is, as Chipmunk takes it.
        body.position = Vector(2e30, 0)
        #expect(surface_body_apply_impulse(body.raw, 1, 0, nil).refusal == SURFACE_DONE && body.velocity == Vector(5, 4))
        // The Swift owners' contract: finite is enough (a world's own numbers are not a script's).
        body.velocity = Vector(-1.2e31, 0)
        #expect(body.velocity == Vector(-1.2e31, 0))
        #expect(surface_body_set_velocity(body.raw, movable | Int32(SURFACE_FINITE_ONLY), .infinity, 0).refusal == SURFACE_OUT_OF_RANGE)
    }

    @Test func chipmunksOwnIntegrationIsHeldToItsRanges() throws {
        let body = Body(mass: 1, moment: 1)
        let ranges: [(Double, Double, Double, Double, Int32)] = [(2e12, 0, 0, 0.1, 0), (0, -2e12, 0, 0.1, 1), (0, 0, 1.5, 0.1, 2), (0, 0, 0.5, 0.6, 3)]
        for (gx, gy, damping, dt, number) in ranges {
            let r = surface_body_update_velocity(body.raw, gx, gy, damping, dt, 0.5)
            #expect(r.refusal == SURFACE_OUT_OF_RANGE && r.number == number)
        }
        #expect(surface_body_update_velocity(body.raw, 0, -100, 1, 0.5, 0.5).refusal == SURFACE_DONE && body.velocity == Vector(0, -50))
        #expect(surface_body_update_position(body.raw, -1, 0.5, 0).refusal == SURFACE_OUT_OF_RANGE)
        #expect(surface_body_update_position(body.raw, 0.6, 0.5, 0).refusal == SURFACE_OUT_OF_RANGE)
    }

    @Test func aPositionPastTheSpatialHashsCellsIsRefusedWithWhere() throws {
        let space = Space()
        let body = Body(mass: 1, moment: 1)
        try space.add(body)
        try space.add(Shape(body: body, geometry: .circle(radius: 2, offset: .zero)))
        // 2^29 cells of 1 point: 536,870,912 points, the shape's reach counted.
        let r = surface_body_set_position(body.raw, movable, 536_870_911, 0, 1)
        #expect(r.refusal == SURFACE_PAST_HASH && r.toX == 536_870_911 && r.limit == 536_870_912)
        #expect(body.position == .zero)
        #expect(surface_body_set_position(body.raw, movable, 536_870_911, 0, 0).refusal == SURFACE_DONE, "no hash, no limit")
    }

    @Test func aJointsNumbersAreItsKindsAndWithinTheScenesRanges() throws {
        let a = Body(mass: 1, moment: 1), b = Body(mass: 1, moment: 1)
        let spring = Joint(.spring(anchorA: .zero, anchorB: .zero, restLength: 10, stiffness: 5, damping: 1), a: a, b: b)
        #expect(surface_joint_has(spring.raw, SURFACE_STIFFNESS) == 1 && surface_joint_has(spring.raw, SURFACE_RATE) == 0)
        #expect(surface_joint_set(spring.raw, SURFACE_RATE, 1).refusal == SURFACE_NOT_THIS_KIND)
        #expect(surface_joint_set(spring.raw, SURFACE_STIFFNESS, 2e12).refusal == SURFACE_OUT_OF_RANGE)
        #expect(surface_joint_set(spring.raw, SURFACE_STIFFNESS, 40).refusal == SURFACE_DONE)
        #expect(surface_joint_get(spring.raw, SURFACE_STIFFNESS) == 40)
        #expect(surface_joint_set_max_force(spring.raw, -1).refusal == SURFACE_OUT_OF_RANGE)
        #expect(surface_joint_set_max_force(spring.raw, .infinity).refusal == SURFACE_DONE)
    }

    @Test func theSwiftOwnersGoThroughTheSurface() throws {
        let shape = Shape(body: Body(mass: 1, moment: 1), geometry: .circle(radius: 1, offset: .zero))
        shape.friction = 0.7
        #expect(shape.friction == 0.7)
        #expect(surface_shape_set_friction(shape.raw, -0.1).refusal == SURFACE_OUT_OF_RANGE && shape.friction == 0.7)
        #expect(surface_shape_set_surface_velocity(shape.raw, 0, .nan).refusal == SURFACE_OUT_OF_RANGE)
    }
}
