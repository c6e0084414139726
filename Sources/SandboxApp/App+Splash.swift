import Animation
import CSDL2
import Render

/// The scene's reveal (`Render.Splash`): it runs on real time from the first
/// frame it is drawn in, over the picture of a simulation that does not wait
/// for it; a key or a click skips it (and does nothing else).
extension App {
    func startSplash() {
        guard options.splash else { return }
        let (w, h) = window.outputSize
        decor.splash = (nil, Splash.track(width: Int(w), height: Int(h), scale: window.pixelScale))
    }

    /// Whether the reveal shows (a key press then only ends it: `Keyboard` says so).
    var isRevealing: Bool { decor.splash != nil }

    /// Whether `event` is a click that ends the reveal (and is used up doing so).
    func clickSkipsSplash(_ event: SDL_Event) -> Bool {
        guard decor.splash != nil, SDL_EventType(event.type) == SDL_MOUSEBUTTONDOWN else { return false }
        decor.splash = nil
        return true
    }

    /// Covers what is outside the mask, `now` being the frame's time; removes the mask at its end.
    func drawSplash(now: Double) {
        guard let (began, track) = decor.splash else { return }
        let start = began ?? now
        if began == nil { decor.splash = (now, track) }
        let elapsed = now - start
        guard elapsed < track.duration else {
            decor.splash = nil
            return
        }
        let (w, h) = window.outputSize
        Splash.draw(track.value(at: elapsed), width: w, height: h, renderer: window.renderer)
    }
}
