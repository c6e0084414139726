import CSDL2
import Controls
import Geometry
import Testing
@testable import SandboxApp

/// The gamepad's wiring: SDL events as the window gets them, tilt out.
@Suite struct GamepadTiltTests {
    static func axis(_ axis: SDL_GameControllerAxis, _ value: Int16) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.axis = UInt8(axis.rawValue)
        e.caxis.value = value
        return e
    }

    @Test func theLeftStickTiltsTheBox() {
        var gamepad = GamepadTilt(), tilt = TiltControl()
        #expect(gamepad.handle(Self.axis(SDL_CONTROLLER_AXIS_LEFTX, 32767), &tilt))
        #expect(abs(tilt.tilt.x - 1) < 1e-9 && abs(tilt.tilt.y) < 1e-9, "stick right: gravity to the right")
        gamepad.handle(Self.axis(SDL_CONTROLLER_AXIS_LEFTX, 0), &tilt)
        gamepad.handle(Self.axis(SDL_CONTROLLER_AXIS_LEFTY, -32768), &tilt)
        #expect(abs(tilt.tilt.x) < 1e-9 && abs(tilt.tilt.y - 1) < 1e-9, "stick up (SDL's y is down): gravity up")
        // The other stick and the triggers do not tilt.
        #expect(!gamepad.handle(Self.axis(SDL_CONTROLLER_AXIS_RIGHTX, 32767), &tilt))
        #expect(abs(tilt.tilt.y - 1) < 1e-9)
    }

    @Test func theAccelerometerTiltsTheBox() {
        var gamepad = GamepadTilt(), tilt = TiltControl()
        var e = SDL_Event()
        e.type = SDL_CONTROLLERSENSORUPDATE.rawValue
        e.csensor.sensor = SDL_SENSOR_ACCEL.rawValue
        // Lying on its left side: the sensor reads +g along x, so gravity points to -x.
        e.csensor.data = (Float(TiltControl.standardGravity), 0, 0)
        #expect(gamepad.handle(e, &tilt))
        #expect(abs(tilt.tilt.x + 1) < 1e-6 && abs(tilt.tilt.y) < 1e-6, "\(tilt.tilt)")
        e.csensor.sensor = SDL_SENSOR_GYRO.rawValue
        #expect(!gamepad.handle(e, &tilt), "the gyroscope does not tilt")
    }

    static func key(_ code: SDL_KeyCode) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = Int32(bitPattern: code.rawValue)
        return e
    }

    /// Issue 22: debug drawing has a key of its own (F2); D only tilts; L levels the box.
    @Test func f2DrawsOutlinesDTiltsAndLLevels() {
        var input = Input()
        let pointer = Input.Pointer(toWorld: { _, _ in .zero }, slack: 1, timeline: { _, _ in nil }, timelineStep: { _ in nil }, pointsPerPixel: 1)
        #expect(input.handle(Self.key(SDLK_F2), pointer: pointer).contains { if case .toggleDebug = $0 { true } else { false } })
        #expect(input.handle(Self.key(SDLK_d), pointer: pointer).isEmpty, "D is a tilt key, read from the keyboard's state")
        #expect(input.handle(Self.key(SDLK_l), pointer: pointer).isEmpty)
        #expect(input.tilt.isLevelling)
    }
}
