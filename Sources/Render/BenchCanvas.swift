import CSDL2
import WindowModel
import SceneFormat

/// A window for the drawing benchmarks: SDL's renderer (no vsync), the
/// painter with its crate texture, and a camera fitting the scene. The
/// command line's `bench draw` and `bench window` draw with it, beside plain
/// C's loop on the same renderer, without touching SDL themselves.
public struct BenchCanvas {
    /// SDL's renderer (an `SDL_Renderer *`), for plain C's loop.
    public let renderer: OpaquePointer
    /// The painter drawing into it.
    public let painter: Painter
    /// The camera fitting the scene into the window.
    public let camera: Camera
    /// The drawing area in pixels.
    public let width: Int32, height: Int32

    /// Shows what was drawn.
    public func present() { SDL_RenderPresent(renderer) }

    /// Opens a 1280 x 720 window titled `title` and hands its canvas over.
    /// Throws `.noDisplay` when there is no display.
    public static func withWindow<T>(_ title: String, scene: Scene, _ body: (BenchCanvas) throws -> T) throws -> T {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw WindowError(String(cString: SDL_GetError()), kind: .noDisplay) }
        defer { SDL_Quit() }
        let centered = Int32(bitPattern: 0x2FFF_0000)
        guard let window = SDL_CreateWindow(title, centered, centered, 1280, 720, 0) else {
            throw WindowError(String(cString: SDL_GetError()), kind: .noDisplay)
        }
        defer { SDL_DestroyWindow(window) }
        guard let renderer = SDL_CreateRenderer(window, -1, 0) else {
            throw WindowError("cannot draw: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyRenderer(renderer) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let camera = Camera(worldWidth: scene.width, worldHeight: scene.height, pixelWidth: Int(w), pixelHeight: Int(h), origin: scene.origin)
        return try body(BenchCanvas(renderer: renderer, painter: Painter(renderer: renderer), camera: camera, width: w, height: h))
    }
}

/// The SDL library linked: "2.26.5".
public enum SDLInfo {
    public static var version: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}
