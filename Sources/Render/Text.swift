import CSDL2

/// Lines of text with SDL_ttf and a Debian font (fonts-dejavu-core). Without
/// the font, text is skipped (the HUD's pixel test fails then).
public final class Text {
    static let fontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]
    private let renderer: OpaquePointer
    private var font: OpaquePointer?
    public let lineHeight: Int32
    /// Lines drawn lately, as textures: most HUD lines are the same from one
    /// frame to the next, and making a texture per line per frame kept the
    /// renderer's threads (on every core, the physics thread's too) busy.
    private var cache: [Key: Cached] = [:]  // lookups only
    private var uses = 0
    static let cacheSize = 96

    private struct Key: Hashable {
        var line: String
        var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    }

    private struct Cached {
        var texture: OpaquePointer
        var w: Int32, h: Int32
        var lastUse: Int
    }

    public init(renderer: OpaquePointer, pointSize: Int32) {
        self.renderer = renderer
        if TTF_WasInit() == 0 { TTF_Init() }
        for path in Text.fontPaths where font == nil {
            font = TTF_OpenFont(path, pointSize)
        }
        lineHeight = font.map { TTF_FontLineSkip($0) } ?? pointSize
    }

    deinit {
        for cached in cache.values { SDL_DestroyTexture(cached.texture) }
        if let font { TTF_CloseFont(font) }
    }

    /// Width in pixels of the widest line.
    public func width(_ lines: [String]) -> Int32 {
        guard let font else { return 0 }
        var widest: Int32 = 0
        for line in lines where !line.isEmpty {
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(font, line, &w, &h)
            widest = max(widest, w)
        }
        return widest
    }

    /// Draws lines from (x, y) down, each in its colour.
    public func draw(_ lines: [(String, SDL_Color)], x: Int32, y: Int32) {
        guard let font else { return }
        var y = y
        for (line, color) in lines {
            defer { y += lineHeight }
            guard !line.isEmpty, let cached = texture(line, color, font) else { continue }
            var rect = SDL_Rect(x: x, y: y, w: cached.w, h: cached.h)
            SDL_RenderCopy(renderer, cached.texture, nil, &rect)
        }
    }

    /// The line's texture, from the cache or made (evicting the least lately used when full).
    private func texture(_ line: String, _ color: SDL_Color, _ font: OpaquePointer) -> Cached? {
        uses += 1
        let key = Key(line: line, r: color.r, g: color.g, b: color.b, a: color.a)
        if var cached = cache[key] {
            cached.lastUse = uses
            cache[key] = cached
            return cached
        }
        guard let surface = TTF_RenderUTF8_Blended(font, line, color) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        if cache.count >= Text.cacheSize, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            SDL_DestroyTexture(oldest.value.texture)
            cache[oldest.key] = nil
        }
        let cached = Cached(texture: texture, w: surface.pointee.w, h: surface.pointee.h, lastUse: uses)
        cache[key] = cached
        return cached
    }
}
