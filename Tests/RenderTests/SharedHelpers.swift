import CSDL2
import CrateboxGeometry
import Foundation
import TestSupport
import Testing
@testable import Render
@testable import SceneFormat
@testable import Simulation
@testable import WindowModel

// Helpers the suites of this target share (free functions, not borrowed from one suite).

func countPixels(_ p: Picture, in r: SDL_Rect, _ test: ((r: Int, g: Int, b: Int)) -> Bool) -> Int {
    var n = 0
    for y in r.y..<(r.y + r.h) { for x in r.x..<(r.x + r.w) where test(p.at(Double(x), Double(y))) { n += 1 } }
    return n
}

/// Draws on a blank canvas and hands back its pixels.
func drawnCanvas(_ w: Int, _ h: Int, _ draw: (OpaquePointer) -> Void) throws -> Picture {
    try Offscreen.withCanvas(width: w, height: h) { surface, renderer in
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 100, 100, 100, 255)
        SDL_RenderClear(renderer)
        draw(renderer)
        SDL_RenderPresent(renderer)
        return Picture(pixels: Offscreen.copyPixels(surface, width: w, height: h), width: w, height: h)
    }
}

func sceneWithBodies(_ bodies: String) throws -> Scene {
    try decode(scene(bounds: 200, bodies: bodies, extra: #""walls": false, "gravity": [0, 0]"#), file: "t.json")
}
