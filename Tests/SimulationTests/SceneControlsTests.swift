import CrateboxGeometry
import CrateboxPhysics
import Testing
@testable import SceneFormat
@testable import Simulation

/// Issue 25: keys and buttons bound to motors, thrusters, servos and winches
/// (docs/scene-format.md, section 14), applied as `key` events between steps.
@Suite struct SceneControlsTests {
    /// A wheel on an axle with a motor, a crate with a thruster, a kinematic
    /// cart with two servos, and a hook on a rope with a winch.
    static let text = #"""
    {"format": "cratebox/scene@1", "bounds": [1000, 600], "gravity": [0, -500],
     "bodies": [
      {"id": "wheel", "type": "dynamic", "position": [100, 300], "mass": 2, "shapes": [{"circle": 20}]},
      {"id": "crate", "type": "dynamic", "position": [300, 20], "mass": 1, "shapes": [{"box": [30, 30]}]},
      {"id": "cart", "type": "kinematic", "position": [500, 500], "shapes": [{"box": [20, 20]}]},
      {"id": "hook", "type": "dynamic", "position": [800, 300], "mass": 1, "shapes": [{"circle": 10}]}
     ],
     "joints": [
      {"type": "pivot", "a": "world", "b": "wheel", "anchor": [100, 300]},
      {"id": "motor", "type": "motor", "a": "world", "b": "wheel", "rate": 0, "maxForce": 100000},
      {"id": "rope", "type": "slide", "a": "world", "b": "hook", "anchorA": [800, 550], "anchorB": [0, 0], "min": 50, "max": 250}
     ],
     "controls": [
      {"key": "Right", "motor": "motor", "rate": -6, "maxForce": 1e9, "label": "drive"},
      {"key": "Left", "motor": "motor", "rate": 6},
      {"key": "Up", "body": "crate", "force": [0, 2000], "at": [0, 0], "label": "lift"},
      {"key": "D", "body": "cart", "velocity": [40, 0]},
      {"key": "W", "body": "cart", "velocity": [0, 30], "angularVelocity": 1, "local": true},
      {"button": "a", "winch": "rope", "speed": -100, "label": "wind"}
     ]}
    """#

    static func world() throws -> World { try World(scene: try Scene.decode(Array(text.utf8), file: "controls.json")) }

    @Test func theFileReadsAsBindingsInOrder() throws {
        let scene = try Scene.decode(Array(Self.text.utf8), file: "controls.json")
        #expect(scene.joints.map(\.id) == [nil, "motor", "rope"])
        #expect(scene.controls.count == 6)
        #expect(scene.controls[0] == ControlBinding(trigger: .key("Right"), action: .motor(joint: 1, rate: -6, maxForce: 1e9), label: "drive"))
        #expect(scene.controls[1].action == .motor(joint: 1, rate: 6, maxForce: nil))
        #expect(scene.controls[2].action == .thruster(body: 1, force: Vector(0, 2000), at: .zero))
        #expect(scene.controls[4].action == .servo(body: 2, velocity: Vector(0, 30), angularVelocity: 1, local: true))
        #expect(scene.controls[5] == ControlBinding(trigger: .button("a"), action: .winch(joint: 2, speed: -100), label: "wind"))
        // Written and read back, it is the same scene.
        #expect(try Scene.decode(Array(scene.json().utf8), file: "again.json") == scene)
        // A binding on a joint without an id (a scene made in code): the text gives it one.
        var unnamed = scene
        unnamed.joints[1].id = nil
        let named = try Scene.decode(Array(unnamed.json().utf8), file: "named.json")
        #expect(named.joints[1].id == "joint1" && named.controls == scene.controls)
    }

    @Test func aMotorTurnsAtItsKeysRateWhileHeldAndAtTheScenesAfter() throws {
        let world = try Self.world()
        let wheel = world.bodies[0]!.body
        try world.apply(.key(.key("Right"), down: true))
        try world.step(60)
        // A motor from the world turns b at -rate.
        #expect(abs(wheel.angularVelocity - 6) < 1e-6)
        // Left held too, then Right let go: Left's rate stays.
        try world.apply(.key(.key("Left"), down: true))
        try world.step(30)
        #expect(abs(wheel.angularVelocity + 6) < 1e-3, "Left went down last: its rate")
        try world.apply(.key(.key("Right"), down: false))
        try world.step(30)
        #expect(abs(wheel.angularVelocity + 6) < 1e-3, "Right let go while Left is held: Left's rate")
        try world.apply(.key(.key("Left"), down: false))
        try world.step(60)
        #expect(abs(wheel.angularVelocity) < 1e-3, "no key: the scene's rate, 0, with its force")
    }

    @Test func thrustersPushOnlyWhileHeld() throws {
        let world = try Self.world()
        let crate = world.bodies[1]!.body
        try world.step(60)
        let resting = crate.position.y
        try world.apply(.key(.key("Up"), down: true))
        try world.step(60)
        #expect(crate.position.y > resting + 50, "2000 up against 500 down on a mass of 1")
        try world.apply(.key(.key("Up"), down: false))
        let top = crate.position.y
        try world.step(240)
        #expect(crate.position.y < top, "it falls once the thruster stops")
    }

    @Test func servosAddUpAndStopWhenLetGo() throws {
        let world = try Self.world()
        let cart = world.bodies[2]!.body
        try world.apply(.key(.key("D"), down: true))
        try world.step(1)
        #expect(cart.velocity == Vector(40, 0) && cart.angularVelocity == 0)
        try world.apply(.key(.key("W"), down: true))
        try world.step(1)
        // W's velocity is in the cart's own axes, turned by its angle before the step.
        #expect(cart.angularVelocity == 1)
        #expect(abs(cart.velocity.x - 40) < 1e-9 && abs(cart.velocity.y - 30) < 1e-9)
        try world.step(118)
        let r = cart.rotation  // as the servo reads it before the next step
        try world.step(1)
        #expect(cart.velocity == Vector(40 + (0 * r.x - 30 * r.y), 0 + (0 * r.y + 30 * r.x)))
        try world.apply(.key(.key("D"), down: false))
        #expect(cart.velocity != .zero, "W still drives it")
        try world.apply(.key(.key("W"), down: false))
        #expect(cart.velocity == .zero && cart.angularVelocity == 0)
        let parked = cart.position
        try world.step(10)
        #expect(cart.position == parked)
    }

    @Test func aWinchWindsWithinTheRopesLimits() throws {
        let world = try Self.world()
        let hook = world.bodies[3]!.body
        try world.step(120)
        #expect(abs(hook.position.y - 300) < 2, "hanging at the rope's max, 250 below 550")
        try world.apply(.key(.button("a"), down: true))
        try world.step(120)  // the rope shortens 100 points in a second; the hook follows it up
        #expect(hook.position.y > 370 && hook.position.y < 401)
        try world.step(240)  // wound in to the rope's min, 50, and no further
        #expect(abs(hook.position.y - 500) < 2)
        // A saved state keeps the rope at its length now.
        let saved = world.currentScene()
        guard case .slide(_, _, _, let max) = saved.joints[2].kind else { Issue.record("the rope is not a slide"); return }
        #expect(max == 50)
    }

    @Test func keyEventsAreCheckedAndAResetKeepsKeysHeld() throws {
        let world = try Self.world()
        #expect(throws: WorldError("Return is not bound in the scene's controls")) { try world.apply(.key(.key("Return"), down: true)) }
        #expect(throws: WorldError("Right is not down")) { try world.apply(.key(.key("Right"), down: false)) }
        try world.apply(.key(.key("Right"), down: true))
        #expect(throws: WorldError("Right is already down")) { try world.apply(.key(.key("Right"), down: true)) }
        try world.step(30)
        try world.apply(.reset)
        #expect(world.held == [.key("Right")])
        try world.step(60)
        #expect(abs(world.bodies[0]!.body.angularVelocity - 6) < 1e-6, "the rebuilt motor turns at the held key's rate")
    }

    @Test func aBindingWhoseTargetIsGoneDoesNothing() throws {
        let world = try Self.world()
        try world.apply(.remove(body: 0))  // the wheel, and its motor with it
        try world.apply(.remove(body: 1))  // the crate
        try world.apply(.key(.key("Right"), down: true))
        try world.apply(.key(.key("Up"), down: true))
        try world.step(10)
        let saved = world.currentScene()
        #expect(saved.controls.map(\.trigger) == [.key("D"), .key("W"), .button("a")], "bindings of removed things are not saved")
        #expect(try Scene.decode(Array(saved.json().utf8), file: "saved.json").controls == saved.controls)
    }

    @Test func withoutKeyEventsControlsChangeNothing() throws {
        var plain = try Scene.decode(Array(Self.text.utf8), file: "controls.json")
        plain.controls = []
        let a = try World(scene: plain), b = try Self.world()
        try a.step(300)
        try b.step(300)
        #expect(a.stateHash == b.stateHash)
    }
}
