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

    public init(renderer: OpaquePointer, pointSize: Int32) {
        self.renderer = renderer
        if TTF_WasInit() == 0 { TTF_Init() }
        for path in Text.fontPaths where font == nil {
            font = TTF_OpenFont(path, pointSize)
        }
        lineHeight = font.map { TTF_FontLineSkip($0) } ?? pointSize
    }

    deinit {
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
            guard !line.isEmpty, let surface = TTF_RenderUTF8_Blended(font, line, color) else { continue }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { continue }
            defer { SDL_DestroyTexture(texture) }
            var rect = SDL_Rect(x: x, y: y, w: surface.pointee.w, h: surface.pointee.h)
            SDL_RenderCopy(renderer, texture, nil, &rect)
        }
    }
}
