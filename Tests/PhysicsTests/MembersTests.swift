import Testing
import TestSupport
import CrateboxGeometry
@testable import CrateboxPhysics

/// A space's bodies, shapes and joints keep the order they were added in, and
/// removing one finds it without scanning (issue 36: removing many bodies of a
/// 20,000-body world was quadratic). The order is what every walk of the space
/// (the snapshot's bytes, the broadphase's removals) depends on.
@Suite(.tags(.memory)) struct MembersTests {
    final class Item {}

    @Test func membersKeepTheirOrderThroughRemovals() {
        let items = (0..<10).map { _ in Item() }
        let members = Members(Array(items.prefix(4)))
        for item in items.dropFirst(4) { members.append(item) }
        #expect(members.remove(items[2]) && members.remove(items[7]) && !members.remove(items[7]))
        #expect(members.count == 8 && !members.contains(items[2]) && members.contains(items[3]))
        #expect(members.precedes(items[1], items[9]) && !members.precedes(items[9], items[1]))
        #expect(members.index(of: items[8]) == 6, "its place with the holes closed")
        let kept = [0, 1, 3, 4, 5, 6, 8, 9].map { items[$0] }
        #expect(members.elements.count == 8 && zip(members.elements, kept).allSatisfy { $0 === $1 })
        let late = Item()
        members.append(late)
        #expect(members.elements.last === late && members.index(of: late) == 8)
    }

    /// A body's joints, then its shapes, leave the space in the order they were
    /// added to it, as when the space's lists were scanned; what stays keeps its order.
    @Test func removingABodyTakesItsJointsAndShapesAndLeavesTheRestInOrder() throws {
        let space = Space()
        var bodies: [Body] = []
        for k in 0..<6 {
            let body = Body(kind: .dynamic)
            body.position = Vector(Double(k) * 10, 0)
            try space.add(body)
            bodies.append(body)
        }
        // Shapes added out of body order, and several on body 2.
        for k in [2, 0, 2, 1, 3, 2, 4, 5] {
            let shape = Shape(body: bodies[k], geometry: .circle(radius: 1, offset: .zero))
            shape.mass = 1
            try space.add(shape)
        }
        let joints = [(2, 0), (1, 2), (3, 4), (2, 5)].map { Joint(.pivot(anchor: .zero), a: bodies[$0.0], b: bodies[$0.1]) }
        for joint in joints { try space.add(joint) }
        let shapesBefore = space.shapes
        try space.remove(bodies[2])
        #expect(space.bodies.count == 5 && !space.bodies.contains { $0 === bodies[2] })
        #expect(space.joints.count == 1 && space.joints[0] === joints[2])
        let kept = shapesBefore.filter { $0.body !== bodies[2] }
        #expect(space.shapes.count == 5 && zip(space.shapes, kept).allSatisfy { $0 === $1 })
        #expect(joints.filter { $0.space == nil }.count == 3)
        try space.step(1.0 / 120)
        // Removing the rest one by one, in any order, leaves an empty space.
        for k in [5, 0, 3, 1, 4] { try space.remove(bodies[k]) }
        #expect(space.bodies.isEmpty && space.shapes.isEmpty && space.joints.isEmpty)
    }
}
