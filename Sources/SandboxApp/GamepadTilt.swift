import CSDL2
import WindowModel
import CrateboxGeometry
import Render
import CrateboxReplay
import SceneFormat
import Simulation

/// Gamepad events in, tilt out: the left stick (each axis arrives in its own
/// event, so the other one is remembered) and a real accelerometer feed the
/// tilt control, as the window receives them from SDL.
struct GamepadTilt {
    private var stickX = 0.0, stickY = 0.0

    /// Feeds one SDL event to `tilt`; returns whether it was a gamepad tilt.
    @discardableResult
    mutating func handle(_ event: SDL_Event, _ tilt: inout TiltControl) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_CONTROLLERAXISMOTION:
            let value = max(-1, Double(event.caxis.value) / 32767)
            switch SDL_GameControllerAxis(Int32(event.caxis.axis)) {
            case SDL_CONTROLLER_AXIS_LEFTX: stickX = value
            case SDL_CONTROLLER_AXIS_LEFTY: stickY = value
            default: return false
            }
            tilt.setStick(x: stickX, y: stickY)
            return true
        case SDL_CONTROLLERSENSORUPDATE where event.csensor.sensor == SDL_SENSOR_ACCEL.rawValue:
            tilt.setAccelerometer(x: Double(event.csensor.data.0), y: Double(event.csensor.data.1))
            return true
        default:
            return false
        }
    }
}
