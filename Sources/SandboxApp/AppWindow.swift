#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Render

/// The SDL window, its renderer (vsync paces the frames: the seed's display
/// link), the painter and the HUD's text, and the gamepads opened. Made and
/// freed as one; SDL is started for it and stopped with it.
final class AppWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    private(set) var painter: Painter!
    private(set) var text: Text!
    private var controllers: [OpaquePointer] = []

    /// Throws `.noDisplay` when there is no display to open a window on.
    init(title: String, width: Int, height: Int) throws(WindowError) {
        SDL_SetHint(SDL_HINT_VIDEO_HIGHDPI_DISABLED, "0")
        // A real display or nothing: without this, SDL falls back to an
        // invisible offscreen driver when the display cannot be reached.
        if getenv("SDL_VIDEODRIVER") == nil {
            let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }?.isEmpty == false
            SDL_SetHint(SDL_HINT_VIDEODRIVER, wayland ? "wayland,x11" : "x11")
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) == 0 else {
            let display = getenv("DISPLAY").map { String(cString: $0) } ?? ""
            throw WindowError(display.isEmpty ? String(cString: SDL_GetError()) : "cannot reach the display \(display)", kind: .noDisplay)
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags) else {
            let reason = String(cString: SDL_GetError())
            SDL_Quit()
            throw WindowError(reason, kind: .noDisplay)
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else {
            let reason = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw WindowError("cannot draw in the window: \(reason)")
        }
        self.window = window
        self.renderer = renderer
        painter = Painter(renderer: renderer)
        painter.pointScale = pixelScale
        text = Text(renderer: renderer, pointSize: Int32(14 * pixelScale))
    }

    private var closed = false

    deinit { close() }

    /// Closes the window and stops SDL (once; the window is not drawn in after).
    func close() {
        guard !closed else { return }
        closed = true
        for c in controllers { SDL_GameControllerClose(c) }
        painter = nil  // its texture goes before the renderer
        text = nil
        if TTF_WasInit() != 0 { TTF_Quit() }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The drawing area in pixels.
    var outputSize: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (w, h)
    }

    /// Pixels per point (2 on a high-density display).
    var pixelScale: Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return w > 0 ? max(1, Double(outputSize.width) / Double(w)) : 1
    }

    var refreshRate: Int {
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 { return Int(mode.refresh_rate) }
        return 60
    }

    /// Opens a gamepad that was plugged in; returns what to tell the user.
    func openController(_ which: Int32) -> String? {
        guard let controller = SDL_GameControllerOpen(which) else { return nil }
        controllers.append(controller)
        if SDL_GameControllerHasSensor(controller, SDL_SENSOR_ACCEL) == SDL_TRUE {
            SDL_GameControllerSetSensorEnabled(controller, SDL_SENSOR_ACCEL, SDL_TRUE)
            return "gamepad with an accelerometer: tilt it"
        }
        return "gamepad: the left stick tilts the box"
    }
}
