@testable import Editing
import Geometry
import SceneFormat
@testable import Simulation
import Testing

/// The pivot and motor tools pinned to the world without a word when a click
/// missed the overlap of two bodies, and a centred axle needed the wheel's
/// centre inside the chassis (issue 35). A click now says what it will join
/// before it is made, and a wheel's centre on the chassis's edge joins them.
@Suite struct JoinTests {
    /// A chassis from (100, 60) to (300, 100), and a wheel of radius 20 centred
    /// just under its bottom edge (as a wheel drawn by hand is).
    func car() throws -> Document {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "Car", file: "car.json")
        try doc.addCrate(from: Vector(100, 60), to: Vector(300, 100))
        try doc.addBall(center: Vector(130, 52), edge: Vector(150, 52))
        return doc
    }

    @Test func aWheelsCentreOnTheChassisEdgeIsItsAxle() throws {
        var doc = try car()
        // A click a few points off the centre snaps to it; the wheel is on top, the chassis is the other end.
        let join = try #require(doc.pivotJoin(at: Vector(131.5, 53), slack: 2, snap: 4))
        #expect(join == Join(point: Vector(130, 52), body: 1, other: .body(0)))
        #expect(doc.describe(join) == "\(doc.name(of: 1)) to \(doc.name(of: 0))")
        try doc.addPivot(at: Vector(131.5, 53), slack: 2, snap: 4)
        #expect(doc.scene.joints.last.map { [$0.a, $0.b] } == [.body(1), .body(0)])
        // The motor at the same place turns the wheel against the chassis.
        try doc.addMotor(at: Vector(131.5, 53), slack: 2, snap: 4)
        #expect(doc.scene.joints.last.map { [$0.a, $0.b] } == [.body(0), .body(1)])
        // And the car rolls as one: after a second the wheel is still under the chassis.
        let world = try World(scene: doc.scene)
        try world.step(120)
        let chassis = world.bodies[0]!.body.position, wheel = world.bodies[1]!.body.position
        #expect(abs((wheel - chassis).length - Vector(-70, -28).length) < 1, "the axle holds: \(wheel) against \(chassis)")
    }

    @Test func aBodyAloneIsPinnedToTheWorldAndSaysSo() throws {
        let doc = try car()
        let join = try #require(doc.pivotJoin(at: Vector(250, 80), slack: 2, snap: 4))
        #expect(join.other == .world)
        #expect(doc.describe(join).hasSuffix("to the world (nothing under it)"))
        #expect(doc.pivotJoin(at: Vector(500, 300), slack: 2, snap: 4) == nil, "nothing there: no join")
    }

    @Test func aWheelAwayFromAnyBodyIsStillPinnedToTheWorld() throws {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "t", file: "t.json")
        try doc.addBall(center: Vector(300, 200), edge: Vector(320, 200))
        try doc.addCrate(from: Vector(100, 60), to: Vector(200, 100))
        #expect(try #require(doc.pivotJoin(at: Vector(300, 200), slack: 2, snap: 4)).other == .world)
    }
}
