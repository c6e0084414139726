import CSDL2
import CrateboxGeometry
import Testing
import WindowModel
@testable import SandboxApp

// Helpers the suites of this target share (free functions, not borrowed from one suite).

func axisEvent(_ axis: SDL_GameControllerAxis, _ value: Int16) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_CONTROLLERAXISMOTION.rawValue
    e.caxis.axis = UInt8(axis.rawValue)
    e.caxis.value = value
    return e
}
