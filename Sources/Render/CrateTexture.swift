import CSDL2

/// The wooden crate, drawn into a texture at start: planks with grain, a dark
/// frame and a diagonal brace. Generated rather than shipped, so there is no
/// asset to lose; the same code serves the window and offscreen renders.
enum CrateTexture {
    static let size = 64

    /// RGBA pixels, row by row from the top.
    static func pixels() -> [UInt8] {
        let n = size
        var out = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                // Plank base colour, a little different per plank, with grain lines.
                let plank = y / 16
                var r = 186.0 + Double(plank % 2) * 10, g = 134.0 + Double(plank % 2) * 6, b = 74.0
                let grain = Double((x * 7 + y * 13 + plank * 29) % 23) / 23.0
                r -= grain * 18; g -= grain * 14; b -= grain * 8
                if y % 16 == 0 || y % 16 == 15 { r *= 0.7; g *= 0.7; b *= 0.7 }  // gaps between planks
                // The brace from bottom left to top right.
                let d = abs(x - (n - 1 - y))
                if d < 6 && x > 5 && x < n - 6 {
                    r = 160 - Double(d) * 3; g = 110 - Double(d) * 2; b = 58
                    if d == 5 { r *= 0.7; g *= 0.7; b *= 0.7 }
                }
                // The frame.
                let edge = min(x, y, n - 1 - x, n - 1 - y)
                if edge < 6 {
                    r = 122 + Double(edge) * 6; g = 82 + Double(edge) * 4; b = 42 + Double(edge) * 2
                    if edge == 0 { r = 70; g = 46; b = 24 }
                }
                // Nails in the corners.
                let cx = x < n / 2 ? 3 : n - 4, cy = y < n / 2 ? 3 : n - 4
                if abs(x - cx) <= 1 && abs(y - cy) <= 1 { r = 60; g = 60; b = 64 }
                let i = (y * n + x) * 4
                out[i] = UInt8(max(0, min(255, r)))
                out[i + 1] = UInt8(max(0, min(255, g)))
                out[i + 2] = UInt8(max(0, min(255, b)))
                out[i + 3] = 255
            }
        }
        return out
    }

    /// A texture of the crate for `renderer`.
    static func make(_ renderer: OpaquePointer) -> OpaquePointer? {
        var pixels = pixels()
        return pixels.withUnsafeMutableBytes { buffer -> OpaquePointer? in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(size), Int32(size), 32, Int32(size * 4), SDL_PIXELFORMAT_ABGR8888.rawValue
            ) else { return nil }
            defer { SDL_FreeSurface(surface) }
            let texture = SDL_CreateTextureFromSurface(renderer, surface)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            return texture
        }
    }
}
