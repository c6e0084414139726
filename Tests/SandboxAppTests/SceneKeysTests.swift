import CSDL2
import SceneFormat
import Testing
@testable import SandboxApp
import Render

/// Issue 25: the window's side of the scene's keys, SDL events in, key events out.
@Suite struct SceneKeysTests {
    static let controls = [
        ControlBinding(trigger: .key("Right"), action: .motor(joint: 0, rate: 1, maxForce: nil)),
        ControlBinding(trigger: .key("Right"), action: .motor(joint: 1, rate: 1, maxForce: nil)),
        ControlBinding(trigger: .button("a"), action: .winch(joint: 2, speed: -10)),
        ControlBinding(trigger: .button("stickleft"), action: .servo(body: 0, velocity: .init(-1, 0), angularVelocity: 0, local: false)),
    ]

    static func key(_ code: SDL_KeyCode, down: Bool, repeated: Bool = false, ctrl: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.keysym.sym = SDL_Keycode(code.rawValue)
        e.key.repeat = repeated ? 1 : 0
        e.key.keysym.mod = ctrl ? UInt16(KMOD_LCTRL.rawValue) : 0
        return e
    }

    static func button(_ b: SDL_GameControllerButton, down: Bool) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP).rawValue
        e.cbutton.button = UInt8(b.rawValue)
        return e
    }

    static func changes(_ r: (taken: Bool, changes: [(ControlTrigger, down: Bool)])) -> [String] {
        r.changes.map { "\($0.0.name) \($0.down ? "down" : "up")" }
    }

    @Test func aBoundKeyIsTheScenesOnceEachWay() {
        var keys = SceneKeys(Self.controls)
        #expect(keys.bound == [.key("Right"), .button("a"), .button("stickleft")])
        let down = keys.handle(Self.key(SDLK_RIGHT, down: true))
        #expect(down.taken && Self.changes(down) == ["Right down"])
        let again = keys.handle(Self.key(SDLK_RIGHT, down: true, repeated: true))
        #expect(again.taken && again.changes.isEmpty, "auto-repeat is the scene's, and sends nothing")
        #expect(Self.changes(keys.handle(Self.key(SDLK_RIGHT, down: false))) == ["Right up"])
        // Keys it does not bind, and bound keys with Ctrl, are the sandbox's.
        #expect(!keys.handle(Self.key(SDLK_LEFT, down: true)).taken)
        #expect(!keys.handle(Self.key(SDLK_RIGHT, down: true, ctrl: true)).taken)
        #expect(!keys.handle(Self.key(SDLK_RIGHT, down: false)).taken, "a release of a key it did not press is not the scene's")
    }

    @Test func gamepadButtonsAndTheStickBind() {
        var keys = SceneKeys(Self.controls)
        #expect(Self.changes(keys.handle(Self.button(SDL_CONTROLLER_BUTTON_A, down: true))) == ["a down"])
        #expect(!keys.handle(Self.button(SDL_CONTROLLER_BUTTON_B, down: true)).taken)
        var pushed = GamepadTiltTests.axis(SDL_CONTROLLER_AXIS_LEFTX, -30000)
        let left = keys.handle(pushed)
        #expect(left.taken && Self.changes(left) == ["stickleft down"], "the stick drives instead of tilting")
        pushed = GamepadTiltTests.axis(SDL_CONTROLLER_AXIS_LEFTX, -10000)
        #expect(Self.changes(keys.handle(pushed)) == ["stickleft up"], "less than half-way is let go")
        // Leaving the session lets go of what is held.
        #expect(keys.releaseAll().map { "\($0.0.name) \($0.down)" } == ["a false"])
        #expect(keys.pressed.isEmpty)
    }

    @Test func aSceneWithoutControlsTakesNothing() {
        var keys = SceneKeys([])
        #expect(!keys.handle(Self.key(SDLK_RIGHT, down: true)).taken)
        #expect(!keys.handle(GamepadTiltTests.axis(SDL_CONTROLLER_AXIS_LEFTX, -30000)).taken)
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
