import CSDL2
import WindowModel
import CrateboxGeometry
import Testing
@testable import SandboxApp

/// The gamepad's wiring: SDL events as the window gets them, tilt out.
@Suite struct GamepadTiltTests {

    @Test func theLeftStickTiltsTheBox() {
        var gamepad = GamepadTilt(), tilt = TiltControl()
        #expect(gamepad.handle(axisEvent(SDL_CONTROLLER_AXIS_LEFTX, 32767), &tilt))
        #expect(abs(tilt.tilt.x - 1) < 1e-9 && abs(tilt.tilt.y) < 1e-9, "stick right: gravity to the right")
        gamepad.handle(axisEvent(SDL_CONTROLLER_AXIS_LEFTX, 0), &tilt)
        gamepad.handle(axisEvent(SDL_CONTROLLER_AXIS_LEFTY, -32768), &tilt)
        #expect(abs(tilt.tilt.x) < 1e-9 && abs(tilt.tilt.y - 1) < 1e-9, "stick up (SDL's y is down): gravity up")
        // The other stick and the triggers do not tilt.
        #expect(!gamepad.handle(axisEvent(SDL_CONTROLLER_AXIS_RIGHTX, 32767), &tilt))
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

    /// SDL's key codes reach `KeyMap` as its keys: F2 draws outlines, D only tilts, L levels the box.
    @Test func sdlKeysAreTranslatedOnce() {
        func translate(_ code: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> (key: Key?, name: String, modifiers: Modifiers, repeated: Bool) {
            var e = Self.key(code).key
            e.keysym.mod = UInt16(mod.rawValue)
            return SDLKeys.translate(e)
        }
        #expect(translate(SDLK_F2).key == .f2 && translate(SDLK_d).key == .letter("d") && translate(SDLK_7).key == .digit(7))
        #expect(translate(SDLK_KP_ENTER).key == .enter && translate(SDLK_EQUALS).key == .plus && translate(SDLK_RSHIFT).key == .shift)
        #expect(translate(SDLK_s, KMOD_LCTRL).modifiers == .ctrl && translate(SDLK_q, KMOD_RSHIFT).modifiers == .shift)
        #expect(translate(SDLK_F5).key == nil && translate(SDLK_F5).name == "F5", "a key the sandbox does not use keeps its name, for a scene to bind")
        #expect(translate(SDLK_SPACE).name == "Space" && translate(SDLK_x).name == "X")
        #expect(KeyMap.actions(for: translate(SDLK_F2).key!, in: .playing) == [.toggleDebug])
        var input = Input()
        input.level()
        #expect(input.tilt.isLevelling)
    }
}
