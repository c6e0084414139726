@testable import Editing
import CrateboxGeometry
import SceneFormat
import Simulation
import Testing

/// Issue 25: build mode binds keys in the panel: a motor, a rope, a dynamic
/// body (a thruster) or a kinematic one (a servo), with a reverse key.
@Suite struct BindingTests {
    /// A ball with a motor from the world, selected.
    func motorDocument() throws -> Document {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "Test", file: "test.json")
        try doc.addBall(center: Vector(100, 100), edge: Vector(100, 120))
        try doc.addMotor(at: Vector(100, 100))
        return doc
    }

    @Test func aMotorGetsAKeyAndAReverseKeyThatFollowItsRate() throws {
        var doc = try motorDocument()
        guard case .joint(let j)? = doc.selection, case .motor = doc.scene.joints[j].kind else {
            Issue.record("the motor tool selects its motor")
            return
        }
        #expect(doc.properties.map(\.key).suffix(1) == [.key])
        try doc.bind(.key, to: .key("Right"))
        try doc.bind(.reverseKey, to: .key("Left"))
        #expect(doc.scene.controls.map(\.trigger) == [.key("Right"), .key("Left")])
        try doc.set(.keyRate, to: -9)
        #expect(doc.scene.controls.map(\.action) == [.motor(joint: j, rate: -9, maxForce: nil), .motor(joint: j, rate: 9, maxForce: nil)])
        try doc.set(.keyForce, to: 5e8)
        #expect(doc.scene.controls.map(\.action) == [.motor(joint: j, rate: -9, maxForce: 5e8), .motor(joint: j, rate: 9, maxForce: 5e8)])
        let rows = doc.properties.filter { [.key, .keyRate, .keyForce, .reverseKey].contains($0.key) }.map(\.text)
        #expect(rows == ["Right", "-9", "500000000", "Left"])
        // The joint got an id, so the saved file names it, and it plays.
        #expect(doc.scene.joints[j].id != nil)
        let world = try World(scene: doc.scene)
        try world.apply(.key(.key("Right"), down: true))
        try world.step(12)
        // A motor from the world turns its body towards -rate (counter-clockwise: the ball rolls left, to the wall).
        #expect(world.bodies[0]!.angularVelocity > 2 && world.bodies[0]!.angularVelocity <= 9.001)
        // Rebinding changes the key; unbinding the key unbinds both; undo brings them back.
        try doc.bind(.key, to: .button("a"))
        #expect(doc.scene.controls.map(\.trigger) == [.button("a"), .key("Left")])
        try doc.bind(.key, to: nil)
        #expect(doc.scene.controls.isEmpty)
        #expect(doc.undo() && doc.scene.controls.count == 2)
        // Deleting the motor takes its keys with it.
        try doc.deleteSelection()
        #expect(doc.scene.controls.isEmpty)
    }

    /// Build a car, bind Right to its motor, play without touching anything:
    /// the chassis drove off (the tool's motor, rate 3 and unbounded, stayed on).
    @Test func aMotorWithAKeyHoldsStillUntilTheKeyIsHeld() throws {
        var doc = try motorDocument()
        guard case .joint(let j)? = doc.selection, case .motor(let made) = doc.scene.joints[j].kind else {
            Issue.record("the motor tool selects its motor")
            return
        }
        try doc.bind(.key, to: .key("Right"))
        #expect(doc.scene.joints[j].kind == .motor(rate: 0), "idle (a brake) with no key held")
        #expect(doc.scene.controls.map(\.action) == [.motor(joint: j, rate: made, maxForce: nil)], "the key drives at the rate it was made with")
        let world = try World(scene: doc.scene)
        try world.step(120)
        #expect(abs(world.bodies[0]!.angularVelocity) < 1e-9, "nothing held: the ball does not turn")
        try world.apply(.key(.key("Right"), down: true))
        try world.step(60)
        #expect(abs(world.bodies[0]!.angularVelocity) > 1, "held: it turns")
        try world.apply(.key(.key("Right"), down: false))
        #expect(doc.undo() && doc.scene.joints[j].kind == .motor(rate: made), "undo brings the motor back with its key")
    }

    @Test func bodiesGetThrustersAndServos() throws {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "Test", file: "test.json")
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        try doc.bind(.key, to: .key("Up"))
        guard case .thruster(0, let force, .zero) = doc.scene.controls[0].action else {
            Issue.record("a dynamic body's key is a thruster")
            return
        }
        #expect(force.x == 0 && force.y > 0)
        #expect(!doc.properties.contains { $0.key == .reverseKey }, "a thruster only pushes")
        try doc.addCrate(from: Vector(300, 40), to: Vector(340, 80))
        try doc.cycle(.type, by: 2)  // dynamic, static, kinematic
        #expect(doc.scene.bodies[1].type == .kinematic)
        try doc.bind(.key, to: .key("D"))
        try doc.bind(.reverseKey, to: .key("A"))
        try doc.set(.keyVelocityY, to: 20)
        #expect(doc.scene.controls[1...].map(\.action) == [.servo(body: 1, velocity: Vector(100, 20), angularVelocity: 0, local: false),
                                                          .servo(body: 1, velocity: Vector(-100, -20), angularVelocity: 0, local: false)])
        // Removing the first body renumbers the servos' body and drops its thruster.
        doc.selection = .body(0)
        try doc.deleteSelection()
        #expect(doc.scene.controls.map(\.action.body) == [0, 0])
        #expect(try Scene.decode(Array(doc.scene.json().utf8), file: "t.json").controls == doc.scene.controls)
        // Made dynamic, the servoed body loses its servos (a servo moves a kinematic body), not the edit.
        doc.selection = .body(0)
        try doc.cycle(.type, by: 1)  // kinematic to dynamic
        #expect(doc.scene.bodies[0].type == .dynamic && doc.scene.controls.isEmpty)
    }

    @Test func staticBodiesAndOtherJointsCannotBeDriven() throws {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "Test", file: "test.json")
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        try doc.cycle(.type)  // static
        #expect(!doc.properties.contains { $0.key == .key })
        #expect(throws: EditRefused.self) { try doc.bind(.key, to: .key("Up")) }
    }
}
