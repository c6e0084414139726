import Animation
import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat
import Simulation

/// Draws a world into a PNG with SDL's software renderer: no display needed,
/// and the same drawing code as the window.
public enum Offscreen {
    public static let maxSize = 8192

    /// The pixels of the picture, RGBA from the top row, for tests.
    public static func pixels(of world: World, width: Int, height: Int, debug: Bool, band: String? = nil) throws(WindowError) -> [UInt8] {
        try withSurface(world, width: width, height: height, debug: debug, band: band) { surface in
            copyPixels(surface, width: width, height: height)
        }
    }

    /// The pixels of a drawn world's picture (as the window draws it), RGBA from the top row, for tests.
    public static func pixels(of drawn: DrawnWorld, width: Int, height: Int, alpha: Double = 1) throws(WindowError) -> [UInt8] {
        try withCanvas(width: width, height: height) { surface, renderer in
            let camera = Offscreen.camera(for: drawn, width: width, height: height)
            Painter(renderer: renderer).draw(drawn, camera: camera, alpha: alpha, width: width, height: height)
            SDL_RenderPresent(renderer)
            return copyPixels(surface, width: width, height: height)
        }
    }

    /// How a picture looks at its world, as the window does: the scene fitted
    /// (`Scene.fitted`), or following the body its `view` names, centred on it
    /// as far as the box allows (scene-format.md 15.5).
    public static func camera(for drawn: DrawnWorld, width: Int, height: Int, top: Int = 0) -> Camera {
        let scene = drawn.scene
        if let id = scene.view?.follow, let index = drawn.bodies.firstIndex(where: { $0?.spec.id == id && $0 != nil }) {
            return Camera.following(drawn.pose(of: index, alpha: 1).position, showing: scene.view?.width ?? scene.width,
                                    worldWidth: scene.width, worldHeight: scene.height, pixelWidth: width, pixelHeight: height,
                                    top: Double(top), origin: scene.origin)
        }
        let box = drawn.fitted()
        return Camera(worldWidth: box.width, worldHeight: box.height, pixelWidth: width, pixelHeight: height, top: Double(top), origin: box.origin)
    }

    /// Draws the world into the whole picture; with a `band` (the scene's name),
    /// the HUD's band along the top as the window has it (`render --hud`): the
    /// step and bodies, and the line the scene's script said (`world:say`), the
    /// world in the rest.
    static func draw(_ drawn: DrawnWorld, renderer: OpaquePointer, width: Int, height: Int, debug: Bool, band: String?) {
        let painter = Painter(renderer: renderer)
        guard let band else {
            painter.draw(drawn, camera: camera(for: drawn, width: width, height: height), alpha: 1, width: width, height: height)
            return
        }
        let text = Text(renderer: renderer, pointSize: 14)
        var lines: [(String, SDL_Color)] = [(band, Palette.text),
                                            ("step \(drawn.stepCount)   bodies \(drawn.liveBodyCount)", Palette.text)]
        if let said = drawn.scriptSays { lines.append((said, Palette.joint)) }
        let layout = ScreenLayout(width: Int32(width), height: Int32(height), scale: 1, stripLines: lines.count, lineHeight: text.lineHeight,
                                  textWidth: 0, showLevel: false, timelineRow: false)
        let room = layout.world
        let camera = camera(for: drawn, width: Int(room.w), height: Int(room.h), top: Int(room.y))
        painter.draw(drawn, camera: camera, alpha: 1, width: width, height: height, clip: room)
        SDL_RenderSetClipRect(renderer, nil)
        Overlays.drawStrip(lines, strip: layout.strip, text: text, renderer: renderer, scale: 1)
    }

    static func copyPixels(_ surface: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) -> [UInt8] {
        let s = surface.pointee
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let base = s.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width * 4 { out[y * width * 4 + x] = base[y * Int(s.pitch) + x] }
        }
        return out
    }

    public static func render(_ world: World, width: Int, height: Int, debug: Bool, band: String? = nil, to path: String) throws(WindowError) {
        var failure: WindowError?
        try withSurface(world, width: width, height: height, debug: debug, band: band) { surface in
            do throws(WindowError) { try savePNG(surface, to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private static func withSurface<R>(_ world: World, width: Int, height: Int, debug: Bool, band: String?,
                                       _ body: (UnsafeMutablePointer<SDL_Surface>) -> R) throws(WindowError) -> R {
        try withCanvas(width: width, height: height) { surface, renderer in
            draw(DrawnWorld(world: world, debug: debug), renderer: renderer, width: width, height: height, debug: debug, band: band)
            SDL_RenderPresent(renderer)
            return body(surface)
        }
    }

    /// A picture in memory and SDL's software renderer drawing into it.
    static func withCanvas<R>(width: Int, height: Int, minimum: Int = 1,
                              _ body: (UnsafeMutablePointer<SDL_Surface>, OpaquePointer) throws(WindowError) -> R) throws(WindowError) -> R {
        guard (minimum...maxSize).contains(width), (minimum...maxSize).contains(height) else {
            throw WindowError("the picture size must be between \(minimum) and \(maxSize) pixels a side")
        }
        // ABGR8888 is R, G, B, A in memory order on a little-endian machine.
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            throw WindowError("cannot make a \(width)x\(height) picture: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            throw WindowError("cannot start the software renderer: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyRenderer(renderer) }
        return try body(surface, renderer)
    }
}
