import Testing
import CrateboxGeometry
@testable import CrateboxPhysics
import TestSupport

/// The wrappers own the C objects. Whatever order a caller adds, removes and
/// drops things in, Chipmunk must never see a dangling pointer nor be asked to
/// do something it asserts on. CI runs these under AddressSanitizer.
@Suite(.tags(.memory)) struct OwnershipTests {
    /// A small world: a dynamic crate on the static body's floor, a kinematic
    /// body, a joint between them.
    final class Parts {
        var space: Space?
        var body: Body?
        var kinematic: Body?
        var shape: Shape?
        var floor: Shape?
        var joint: Joint?

        init() throws {
            let space = Space()
            space.gravity = Vector(0, -100)
            let body = Body(kind: .dynamic)
            body.position = Vector(0, 10)
            try space.add(body)
            let shape = Shape(body: body, geometry: .box(width: 2, height: 2, radius: 0))
            shape.mass = 1
            try space.add(shape)
            let floor = Shape(body: space.staticBody, geometry: .segment(a: Vector(-10, 0), b: Vector(10, 0), radius: 1))
            try space.add(floor)
            let kinematic = Body(kind: .kinematic)
            try space.add(kinematic)
            let joint = Joint(.pivot(anchor: Vector(0, 5)), a: body, b: kinematic)
            try space.add(joint)
            try space.step(1.0 / 120)
            (self.space, self.body, self.kinematic, self.shape, self.floor, self.joint) = (space, body, kinematic, shape, floor, joint)
        }

        func drop(_ index: Int) {
            switch index {
            case 0: space = nil
            case 1: body = nil
            case 2: kinematic = nil
            case 3: shape = nil
            case 4: floor = nil
            default: joint = nil
            }
        }

        /// Touches whatever is still held, to catch a use after free.
        func touch() {
            _ = body?.position
            _ = kinematic?.velocity
            _ = shape?.friction
            _ = floor?.body.position
            _ = joint?.maxForce
            if let space { try? space.step(1.0 / 120) }
        }
    }

    static func permutations(_ n: Int) -> [[Int]] {
        if n == 0 { return [[]] }
        return permutations(n - 1).flatMap { p in (0...p.count).map { i in var q = p; q.insert(n - 1, at: i); return q } }
    }

    @Test func everyDropOrderIsSafe() throws {
        let orders = Self.permutations(6)
        #expect(orders.count == 720)
        for order in orders {
            let parts = try Parts()
            weak var space = parts.space, body = parts.body, shape = parts.shape, joint = parts.joint
            for index in order {
                parts.drop(index)
                parts.touch()
            }
            // Once every reference is dropped, every wrapper (and so its C object) is gone.
            #expect(space == nil && body == nil && shape == nil && joint == nil)
        }
    }

    @Test func objectsOutliveTheirSpaceAndMoveToAnother() throws {
        for _ in 0..<500 {
            let parts = try Parts()
            parts.space = nil  // the space goes first; everything else is still held
            let body = try #require(parts.body), shape = try #require(parts.shape)
            #expect(body.space == nil && shape.space == nil)
            let other = Space()
            try other.add(body)
            try other.add(shape)
            try other.step(1.0 / 120)
            // The floor is on the dead space's static body: it may not join another space.
            #expect(throws: PhysicsError.staticBodyOfAnotherSpace) { try other.add(parts.floor!) }
            _ = parts.floor?.body.position  // its static body's memory is still alive
        }
    }

    /// A resting, partly sleeping stack with contacts and joints: the space is
    /// freed first (linear teardown), and the survivors, joints between them
    /// included, join a new space and are stepped there as if new. Under
    /// AddressSanitizer in CI: no pointer into the dead space is followed.
    @Test(arguments: [false, true])
    func aStackWithContactsAndJointsMovesToANewSpace(sleeping: Bool) throws {
        func floor(_ space: Space) throws {
            let floor = Shape(body: space.staticBody, geometry: .segment(a: Vector(-100, 0), b: Vector(100, 0), radius: 1))
            floor.friction = 0.9
            try space.add(floor)
        }
        var old: Space? = Space()
        old!.gravity = Vector(0, -100)
        if sleeping { old!.sleepTimeThreshold = 0.2 }
        try floor(old!)
        var bodies: [Body] = [], shapes: [Shape] = []
        for i in 0..<30 {
            let body = Body(kind: .dynamic)
            body.position = Vector(Double(i % 3) * 4.5 - 4.5, 2.05 + Double(i / 3) * 4.05)
            try old!.add(body)
            let shape = Shape(body: body, geometry: .box(width: 4, height: 4, radius: 0))
            shape.mass = 1
            shape.friction = 0.9
            try old!.add(shape)
            bodies.append(body)
            shapes.append(shape)
        }
        let joints = [Joint(.pin(anchorA: .zero, anchorB: .zero), a: bodies[0], b: bodies[1]),
                      Joint(.spring(anchorA: .zero, anchorB: .zero, restLength: 4, stiffness: 50, damping: 1), a: bodies[27], b: bodies[28])]
        for joint in joints { try old!.add(joint) }
        try old!.step(1.0 / 120)
        for _ in 0..<600 { try old!.step(1.0 / 120) }
        #expect(!old!.contactPoints().isEmpty)
        if sleeping { #expect(bodies.contains { $0.isSleeping }) }
        old = nil  // freed first; everything else still held
        #expect(bodies.allSatisfy { $0.space == nil } && shapes.allSatisfy { $0.space == nil } && joints.allSatisfy { $0.space == nil })

        let new = Space()
        new.gravity = Vector(0, -100)
        try floor(new)
        for body in bodies { try new.add(body) }
        for shape in shapes { try new.add(shape) }
        for joint in joints { try new.add(joint) }
        for _ in 0..<240 { try new.step(1.0 / 120) }
        // The stack still stands on the new floor, the pin still holds its length.
        #expect(bodies.allSatisfy { $0.position.isFinite && $0.position.y > 0 && $0.position.y < 130 }, "\(bodies.map { ($0.position.x, $0.position.y) })")
        #expect(abs((bodies[0].position - bodies[1].position).length - 4.5) < 0.5)
        // And can be torn down again, and each piece removed from it by hand.
        try new.remove(bodies[5])
        try new.remove(joints[0])
        try new.step(1.0 / 120)
    }

    @Test func misuseIsAnErrorNotAnAbort() throws {
        let space = Space(), other = Space()
        let body = Body(kind: .dynamic)
        let shape = Shape(body: body, geometry: .circle(radius: 1, offset: .zero))
        #expect(throws: PhysicsError.bodyNotInSpace("shape")) { try space.add(shape) }
        try space.add(body)
        #expect(throws: PhysicsError.alreadyInSpace("body")) { try space.add(body) }
        #expect(throws: PhysicsError.alreadyInSpace("body")) { try other.add(body) }
        #expect(throws: PhysicsError.alreadyInSpace("body")) { try space.add(space.staticBody) }
        // A dynamic body with no mass: Chipmunk would abort in cpSpaceStep.
        try space.add(shape)
        #expect(throws: PhysicsError.massless("body 0")) { try space.step(1.0 / 120) }
        shape.mass = 2
        try space.step(1.0 / 120)
        #expect(body.mass == 2)
        #expect(throws: PhysicsError.alreadyInSpace("shape")) { try space.add(shape) }
        #expect(throws: PhysicsError.notInSpace("shape")) { try other.remove(shape) }
        let stranger = Body(kind: .dynamic)
        let joint = Joint(.pin(anchorA: .zero, anchorB: .zero), a: body, b: stranger)
        #expect(throws: PhysicsError.bodyNotInSpace("joint")) { try space.add(joint) }
        #expect(throws: PhysicsError.notInSpace("body")) { try space.remove(stranger) }
        try space.remove(shape)
        #expect(throws: PhysicsError.notInSpace("shape")) { try space.remove(shape) }
    }

    @Test func removingABodyRemovesItsShapesAndJoints() throws {
        let space = Space()
        let a = Body(kind: .dynamic), b = Body(kind: .dynamic)
        try space.add(a)
        try space.add(b)
        let sa = Shape(body: a, geometry: .box(width: 1, height: 1, radius: 0)); sa.mass = 1
        let sb = Shape(body: b, geometry: .box(width: 1, height: 1, radius: 0)); sb.mass = 1
        try space.add(sa)
        try space.add(sb)
        let joint = Joint(.spring(anchorA: .zero, anchorB: .zero, restLength: 1, stiffness: 10, damping: 1), a: a, b: b)
        try space.add(joint)
        try space.remove(a)
        #expect(space.bodies.count == 1 && space.shapes.count == 1 && space.joints.isEmpty)
        #expect(sa.space == nil && joint.space == nil && a.space == nil)
        try space.step(1.0 / 120)
    }

    @Test func pointQueryFindsTheShape() throws {
        let space = Space()
        let body = Body(kind: .dynamic)
        body.position = Vector(50, 50)
        try space.add(body)
        let shape = Shape(body: body, geometry: .box(width: 10, height: 10, radius: 0))
        shape.mass = 1
        try space.add(shape)
        let hit = try #require(space.nearestShape(to: Vector(52, 49), within: 0))
        #expect(hit.shape === shape && hit.distance < 0)
        #expect(space.nearestShape(to: Vector(80, 80), within: 5) == nil)
    }

    /// Thousands of spaces, bodies, shapes and joints built, mutated and dropped
    /// in random (seeded) orders.
    @Test(arguments: 0..<8)
    func randomLifecycles(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 0xC0FFEE + seed)
        for _ in 0..<250 {
            var spaces: [Space?] = [Space(), Space()]
            var bodies: [Body?] = []
            var shapes: [Shape?] = []
            var joints: [Joint?] = []
            for _ in 0..<Int.random(in: 2...10, using: &rng) {
                let kinds: [Body.Kind] = [.dynamic, .dynamic, .kinematic, .static]
                let body = Body(kind: kinds.randomElement(using: &rng)!)
                body.position = Vector(Double.random(in: -50...50, using: &rng), Double.random(in: -50...50, using: &rng))
                bodies.append(body)
                let geometries: [Shape.Geometry] = [
                    .box(width: 2, height: 3, radius: 0.1),
                    .circle(radius: 1, offset: Vector(0.5, 0)),
                    .polygon(vertices: [Vector(0, 0), Vector(2, 0), Vector(1, 2)], radius: 0),
                    .segment(a: Vector(-1, 0), b: Vector(1, 0), radius: 0.5),
                ]
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let shape = Shape(body: body, geometry: geometries.randomElement(using: &rng)!)
                    if body.kind == .dynamic { shape.mass = 1 }
                    shapes.append(shape)
                }
            }
            if let space = spaces[0] {
                shapes.append(Shape(body: space.staticBody, geometry: .segment(a: Vector(-60, -60), b: Vector(60, -60), radius: 1)))
            }
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                guard let a = bodies.randomElement(using: &rng)!, let b = bodies.randomElement(using: &rng)!, a !== b else { continue }
                let kinds: [Joint.Kind] = [
                    .pivot(anchor: .zero), .pin(anchorA: .zero, anchorB: Vector(1, 0)),
                    .slide(anchorA: .zero, anchorB: .zero, min: 0, max: 3),
                    .spring(anchorA: .zero, anchorB: .zero, restLength: 2, stiffness: 50, damping: 1),
                    .motor(rate: 1),
                ]
                let joint = Joint(kinds.randomElement(using: &rng)!, a: a, b: b)
                joint.maxForce = 1000
                joints.append(joint)
            }
            // Random operations; misuse must throw, never abort.
            for _ in 0..<Int.random(in: 10...60, using: &rng) {
                let space = spaces.randomElement(using: &rng)!
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1: if let space, let body = bodies.randomElement(using: &rng)! { _ = try? space.add(body) }
                case 2, 3: if let space, let shape = shapes.randomElement(using: &rng)! { _ = try? space.add(shape) }
                case 4: if let space, let joint = joints.randomElement(using: &rng) ?? nil { _ = try? space.add(joint) }
                case 5: if let space, let body = bodies.randomElement(using: &rng)! { _ = try? space.remove(body) }
                case 6: if let space, let shape = shapes.randomElement(using: &rng)! { _ = try? space.remove(shape) }
                case 7: if let space { _ = try? space.step(1.0 / 120) }
                case 8:
                    // Drop a random reference of any kind, the spaces included.
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: spaces[Int.random(in: 0..<spaces.count, using: &rng)] = nil
                    case 1: bodies[Int.random(in: 0..<bodies.count, using: &rng)] = nil
                    case 2: shapes[Int.random(in: 0..<shapes.count, using: &rng)] = nil
                    default: if !joints.isEmpty { joints[Int.random(in: 0..<joints.count, using: &rng)] = nil }
                    }
                default:
                    for body in bodies { _ = body?.position }
                    for shape in shapes { _ = shape?.body.velocity }
                    for joint in joints { _ = joint?.a.angle }
                }
            }
            // The wrappers' view and Chipmunk's agree: everything the space
            // lists is in it, and nothing else claims to be.
            for space in spaces.compactMap({ $0 }) {
                #expect(space.bodies.allSatisfy { $0.space === space })
                #expect(space.shapes.allSatisfy { $0.space === space && ($0.body.space === space) })
                #expect(space.joints.allSatisfy { $0.space === space && $0.a.space === space && $0.b.space === space })
                #expect(Set(space.bodies.map(ObjectIdentifier.init)).count == space.bodies.count)
            }
            for body in bodies.compactMap({ $0 }) where body.space != nil {
                #expect(body.space!.bodies.contains { $0 === body })
            }
            for shape in shapes.compactMap({ $0 }) where shape.space != nil {
                #expect(shape.space!.shapes.contains { $0 === shape })
            }
            // Drop whatever is left in a random order.
            var drops = Array(0..<4)
            drops.shuffle(using: &rng)
            for d in drops {
                switch d {
                case 0: spaces.removeAll()
                case 1: bodies.shuffle(using: &rng); bodies.removeAll()
                case 2: shapes.shuffle(using: &rng); shapes.removeAll()
                default: joints.removeAll()
                }
            }
        }
    }
}
