@testable import Editing
import CrateboxGeometry
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
        #expect(doc.describe(join) == "ball 1 to crate 0")
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
        #expect(doc.describe(join) == "crate 0 to the world (nothing under it)")
        #expect(doc.pivotJoin(at: Vector(500, 300), slack: 2, snap: 4) == nil, "nothing there: no join")
    }

    @Test func aWheelAwayFromAnyBodyIsStillPinnedToTheWorld() throws {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "t", file: "t.json")
        try doc.addBall(center: Vector(300, 200), edge: Vector(320, 200))
        try doc.addCrate(from: Vector(100, 60), to: Vector(200, 100))
        #expect(try #require(doc.pivotJoin(at: Vector(300, 200), slack: 2, snap: 4)).other == .world)
    }
}

/// Saved positions had 17 digits ("376.6666666666667": the pointer's world
/// position) though the README (now docs/guide/building.md) promises rounding (issue 35).
@Suite struct TidyDrawingTests {
    @Test func whatIsDrawnOrMovedIsSavedToAHundredthOfAPoint() throws {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "t", file: "t.json")
        try doc.addCrate(from: Vector(100.333333333, 40.1111111), to: Vector(132.7777777, 72.99999999))
        try doc.addBall(center: Vector(300.123456, 200.987654), edge: Vector(320.5555555, 200.987654))
        try doc.addPlank(from: Vector(400.3333333, 100.6666666), to: Vector(480.7777777, 120.1111111))
        doc.selection = .body(0)
        try doc.moveSelection(by: Vector(10.0000001, -3.33333333))
        let text = doc.scene.json()
        // Every number in the file has at most two decimals.
        let numbers = text.split(whereSeparator: { !"0123456789.-e".contains($0) }).filter { $0.contains(".") }
        #expect(!numbers.isEmpty)
        for number in numbers {
            let decimals = number.split(separator: ".").last!.prefix { $0.isNumber }
            #expect(decimals.count <= 2, "\(number) in the saved scene")
        }
        #expect(doc.scene.bodies[0].position == Vector(126.56, 53.23), "(116.56, 56.56) moved by (10, -3.33)")
    }
}

