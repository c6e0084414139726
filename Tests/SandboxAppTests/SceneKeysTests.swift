import CSDL2
import SceneFormat
import Testing
@testable import SandboxApp
import Render
import WindowModel

/// Issue 25: the window's side of the scene's gamepad buttons, SDL events in,
/// key events out (its keyboard keys are `Keyboard`'s: KeyboardTests).
@Suite struct SceneButtonsTests {
    static let controls = [
        ControlBinding(trigger: .key("Right"), action: .motor(joint: 0, rate: 1, maxForce: nil)),
        ControlBinding(trigger: .key("Right"), action: .motor(joint: 1, rate: 1, maxForce: nil)),
        ControlBinding(trigger: .button("a"), action: .winch(joint: 2, speed: -10)),
        ControlBinding(trigger: .button("stickleft"), action: .servo(body: 0, velocity: .init(-1, 0), angularVelocity: 0, local: false)),
    ]

    static func button(_ b: SDL_GameControllerButton, down: Bool) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP).rawValue
        e.cbutton.button = UInt8(b.rawValue)
        return e
    }

    static func changes(_ r: (taken: Bool, changes: [(ControlTrigger, down: Bool)])) -> [String] {
        r.changes.map { "\($0.0.name) \($0.down ? "down" : "up")" }
    }

    @Test func gamepadButtonsAndTheStickBind() {
        var keys = SceneButtons(Self.controls)
        #expect(Self.changes(keys.handle(Self.button(SDL_CONTROLLER_BUTTON_A, down: true))) == ["a down"])
        #expect(!keys.handle(Self.button(SDL_CONTROLLER_BUTTON_B, down: true)).taken)
        var pushed = axisEvent(SDL_CONTROLLER_AXIS_LEFTX, -30000)
        let left = keys.handle(pushed)
        #expect(left.taken && Self.changes(left) == ["stickleft down"], "the stick drives instead of tilting")
        pushed = axisEvent(SDL_CONTROLLER_AXIS_LEFTX, -10000)
        #expect(Self.changes(keys.handle(pushed)) == ["stickleft up"], "less than half-way is let go")
        // Leaving the session lets go of what is held.
        #expect(keys.releaseAll().map { "\($0.0.name) \($0.down)" } == ["a false"])
        #expect(keys.pressed.isEmpty)
    }

    @Test func aSceneWithoutControlsTakesNothing() {
        var keys = SceneButtons([])
        #expect(!keys.handle(Self.button(SDL_CONTROLLER_BUTTON_A, down: true)).taken)
        #expect(!keys.handle(axisEvent(SDL_CONTROLLER_AXIS_LEFTX, -30000)).taken)
    }
}

/// The help says which of the sandbox's keys a scene takes, and what becomes of them.
@Suite struct SceneKeyHelpTests {
    @Test func theHelpNamesTheSandboxKeysTheSceneTakes() {
        let lines = Overlays.sceneKeyLines([
            ControlBinding(trigger: .key("X"), action: .motor(joint: 0, rate: 1, maxForce: nil)),
            ControlBinding(trigger: .key("Right"), action: .motor(joint: 0, rate: -1, maxForce: nil)),
        ])
        #expect(lines.contains { $0.hasPrefix("(X)") && $0.hasSuffix("the sandbox's explosion (X and a click): off while the scene runs") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("(Right)") && $0.hasSuffix("the sandbox's tilt: use D") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("(T)") }, "T is not taken: \(lines)")
    }
}

/// A key's action that is the physics thread's reaches it as one request, from one table.
@Suite struct KeyRequestTests {
    @Test func theKeysForThePhysicsThreadAreOneTable() {
        #expect(PhysicsRequest(.seekToStart).map { "\($0)" } == "seek(to: 0)")
        #expect(PhysicsRequest(.reset).map { "\($0)" } == "restart")
        #expect(PhysicsRequest(.seekBy(-120)).map { "\($0)" } == "seekBy(-120)")
        for windowOwn: KeyAction in [.quit, .toggleHelp, .fit, .toggleDebug, .level, .toggleBuild, .chooseTool(1)] {
            #expect(PhysicsRequest(windowOwn) == nil, "\(windowOwn) is the window's own")
        }
    }
}
