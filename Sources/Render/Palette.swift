import CSDL2
import SceneFormat

/// The colours of the sandbox.
public enum Palette {
    public static let background = SDL_Color(r: 28, g: 32, b: 40, a: 255)
    public static let box = SDL_Color(r: 36, g: 42, b: 52, a: 255)
    public static let wall = SDL_Color(r: 150, g: 160, b: 175, a: 255)
    public static let wood = SDL_Color(r: 180, g: 130, b: 72, a: 255)
    public static let ball = SDL_Color(r: 214, g: 84, b: 64, a: 255)
    public static let plain = SDL_Color(r: 120, g: 150, b: 190, a: 255)
    public static let staticBody = SDL_Color(r: 96, g: 104, b: 118, a: 255)
    public static let text = SDL_Color(r: 235, g: 238, b: 242, a: 255)
    public static let warning = SDL_Color(r: 255, g: 150, b: 90, a: 255)
    public static let outline = SDL_Color(r: 120, g: 230, b: 140, a: 255)
    public static let sleeping = SDL_Color(r: 110, g: 120, b: 250, a: 255)
    public static let joint = SDL_Color(r: 250, g: 220, b: 90, a: 255)
    /// A thruster's flame and its hot core.
    public static let flame = SDL_Color(r: 255, g: 140, b: 40, a: 230), flameCore = SDL_Color(r: 255, g: 235, b: 150, a: 255)
    public static let contact = SDL_Color(r: 255, g: 60, b: 60, a: 255)
    public static let bounds = SDL_Color(r: 200, g: 90, b: 220, a: 255)
    /// The benchmark picture's series: World (Swift) and plain C.
    public static let benchWorld = SDL_Color(r: 30, g: 80, b: 160, a: 255), benchC = SDL_Color(r: 60, g: 150, b: 70, a: 255)
    /// Joints as parts: rods and mounts, spring steel, rope, bolt heads.
    public static let rod = SDL_Color(r: 170, g: 176, b: 188, a: 255)
    public static let spring = SDL_Color(r: 205, g: 212, b: 224, a: 255)
    public static let rope = SDL_Color(r: 168, g: 124, b: 78, a: 255)
    public static let bolt = SDL_Color(r: 84, g: 90, b: 102, a: 255)
    /// Water: a translucent blue over what is in it, and its surface line.
    public static let water = SDL_Color(r: 40, g: 120, b: 220, a: 90), waterSurface = SDL_Color(r: 130, g: 200, b: 255, a: 230)
    /// An attractor's glow, and a tracer's trail (its alpha fades with age).
    public static let attractor = SDL_Color(r: 255, g: 210, b: 120, a: 40), trail = SDL_Color(r: 255, g: 230, b: 120, a: 255)
    /// The knife's line while it is dragged.
    public static let knife = SDL_Color(r: 255, g: 255, b: 255, a: 220)

    public static func fill(for look: Look, staticBody: Bool) -> SDL_Color {
        switch look {
        case .crate: return wood
        case .ball: return ball
        case .plain: return staticBody ? self.staticBody : plain
        case .color(let rgb): return SDL_Color(r: UInt8(rgb >> 16 & 0xff), g: UInt8(rgb >> 8 & 0xff), b: UInt8(rgb & 0xff), a: 255)
        }
    }

    public static func darker(_ c: SDL_Color, _ f: Double = 0.6) -> SDL_Color {
        SDL_Color(r: UInt8(Double(c.r) * f), g: UInt8(Double(c.g) * f), b: UInt8(Double(c.b) * f), a: c.a)
    }
}
