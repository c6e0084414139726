#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import JSONText
import CrateboxGeometry
import Render
import SceneFormat

/// The panel of figures in the corner, the help overlay, and the messages
/// that come and go (each also printed, for logs and tests).
struct HUD {
    /// What the panel reports this frame: the physics thread's figures as
    /// published, and what the window knows (its frame rate, the drawn
    /// world's figures, the files it could not write).
    struct Status {
        /// The physics thread's figures, as it published them.
        var physics = PhysicsStatus()
        /// What the world drawn this frame shows, and its scene's keys (`Shown(_:)`).
        var shown = Shown()
        var sceneName = "", fps = 0.0
        /// Files not written, the physics thread's and the window's.
        var lostFiles: [String] = []
        /// M has turned the sound off.
        var soundOff = false
        /// Playing what build mode made (the way back stays said, not only for a few seconds).
        var playingDocument = false

        /// Showing the past: the step shown and the last one remembered.
        var past: (step: Int, last: Int)? {
            guard let shown = physics.showing, let history = physics.history else { return nil }
            return (shown, history.last)
        }
    }

    var hidden = false
    var help = false
    /// How many lines tall the band is (`BandHeight`).
    var band = BandHeight()
    /// The most lines of the scene's keys the panel shows.
    static let controlLines = 8
    private var message: (text: String, until: UInt64)?

    mutating func show(_ text: String, seconds: Double = 4) {
        message = (text, SDL_GetTicks64() + UInt64(seconds * 1000))
        print(TerminalText.safe(text))
        fflush(nil)
    }

    /// The band along the top: its figures; the scene's keys, when it has
    /// any; and what is happening (always a line, empty or not, so that the
    /// box below does not move when it changes), above the timeline's row.
    func lines(_ s: Status) -> [(String, SDL_Color)] {
        let f = HUD.format
        let scale = s.physics.timeScale == 0.125 ? "1/8" : s.physics.timeScale == 0.25 ? "1/4" : s.physics.timeScale == 0.5 ? "1/2" : f(s.physics.timeScale, 0)
        // Each figure is one unit when the line wraps (no-break spaces inside).
        var step = "step \(s.shown.step)"
        // The step counts from the session's start, across resets; the time counts from the last build.
        if s.shown.stepsSinceReset != s.shown.step { step += " (\(f(Double(s.shown.stepsSinceReset) / 120, 1)) s since R)" }
        var groups = [s.sceneName, step, "\(Int(s.fps.rounded())) fps", HUD.speedText(s), "physics \(f(s.physics.stepCost * 1e6, 0)) us/step",
                      "bodies \(s.shown.bodies)", "time x\(scale)"]
        if s.shown.hasGravity && !s.shown.sandboxOff.contains(.tilt) { groups.append("tilt (\(f(s.shown.tilt.x, 2)), \(f(s.shown.tilt.y, 2))) g") }
        if s.soundOff { groups.append("sound off (M)") }
        // A game that turned the sandbox's hands off says so (scene-format.md 16.14).
        if !s.shown.sandboxOff.isEmpty {
            groups.append(s.shown.sandboxOff.count == SandboxInput.allCases.count ? "sandbox off" : "off: " + s.shown.sandboxOff.map(\.rawValue).joined(separator: ", "))
        }
        // A game takes the keys (scene-format.md 16.13): the sandbox's are one Ctrl away.
        groups.append(s.shown.scriptTakesKeys ? "keys: the game's (Ctrl+H: help)" : "H: help")
        let figures = groups.map(HUD.unbroken).joined(separator: "   ")
        var lines: [(String, SDL_Color)] = [(figures, Palette.text)]
        // The scene's keys; a held one is marked. A scene with many keys lists
        // the first few and the held ones; the help lists them all.
        let shown = s.shown.controls.count <= HUD.controlLines ? s.shown.controls
            : s.shown.controls.enumerated().filter { $0.offset < HUD.controlLines - 1 || $0.element.held }.map(\.element)
        if !shown.isEmpty {
            var keys = shown.map { HUD.unbroken($0.held ? "▶ \($0.text)" : $0.text) }.joined(separator: "   ")
            if shown.count < s.shown.controls.count { keys += "   ... \(s.shown.controls.count - shown.count) more keys (H)" }
            lines.append((keys, shown.contains(where: \.held) ? Palette.joint : Palette.text))
        }
        if let said = s.shown.scriptSays { lines.append((said, Palette.joint)) }
        lines.append(happening(s))
        return lines
    }

    /// `text` with no-break spaces: a line that wraps keeps it whole.
    static func unbroken(_ text: String) -> String { String(text.map { $0 == " " ? "\u{00A0}" : $0 }) }

    /// "sim at 200% of real time", or why it does not run.
    static func speedText(_ s: Status) -> String {
        if s.past != nil && s.physics.replay == nil { return "sim stopped (showing the past)" }
        if s.physics.paused { return "sim paused" }
        return "sim at \(Int((s.physics.simSpeed * 100).rounded()))% of real time"
    }

    /// What is happening, in one line (its colour the most pressing part's).
    func happening(_ s: Status) -> (String, SDL_Color) {
        var parts: [(String, SDL_Color)] = []
        if let past = s.past {
            parts.append(("PAST: step \(past.step)\(past.step < 0 ? " (the run before the reload)" : "") of \(past.last); " + (s.physics.replay == nil ? "Space or any input resumes here" : "Space plays on from here"), Palette.joint))
        } else if s.physics.paused {
            parts.append(("PAUSED (Space: run, N: step)", Palette.warning))
        }
        if s.playingDocument && s.past == nil { parts.append(("PLAY (B: back to build, R: reset to the document)", Palette.joint)) }
        if let r = s.physics.rebuilding { parts.append(("resuming: step \(r.done) of \(r.total) (Esc cancels)", Palette.joint)) }
        if s.physics.recording { parts.append(("● RECORDING (F9 stops)", Palette.contact)) }
        if let stopped = s.physics.recordingStopped { parts.append((stopped, Palette.warning)) }
        for lost in s.lostFiles { parts.append(("not saved: \(lost)", Palette.warning)) }
        if let replay = s.physics.replay {
            parts.append(("REPLAY step \(s.shown.step) of \(replay.lastStep)\(replay.truncated ? " (truncated)" : ""): watching only", Palette.joint))
            if let problem = replay.problem { parts.append((problem, Palette.contact)) }
        }
        if s.shown.outside > 0 {
            parts.append(("\(s.shown.outside) \(s.shown.outside == 1 ? "body is" : "bodies are") outside the walls (F shows them)", Palette.warning))
        }
        if s.physics.droppedTime > 0 { parts.append(("physics behind: dropped \(HUD.format(s.physics.droppedTime, 2)) s of sim time", Palette.warning)) }
        // A message that says what the line says already (B's "PLAY ...") is not said twice.
        if let message, SDL_GetTicks64() < message.until, !parts.contains(where: { $0.0 == message.text }) {
            parts.append((message.text, Palette.joint))
        }
        return (parts.map(\.0).joined(separator: "   "), parts.first?.1 ?? Palette.text)
    }

    /// The scene's bindings as the HUD lists them: one line per key and
    /// label, in file order, lit while the world holds the key.
    static func controls(_ bindings: [ControlBinding], held: [ControlTrigger]) -> [(text: String, held: Bool)] {
        var lines: [(text: String, held: Bool)] = []
        for binding in bindings {
            let text = "\(binding.trigger): \(binding.shownLabel)"
            if !lines.contains(where: { $0.text == text }) { lines.append((text, held.contains(binding.trigger))) }
        }
        return lines
    }

    func draw(_ status: Status, in window: AppWindow, layout: ScreenLayout) {
        let scale = window.pixelScale, size = window.outputSize
        if !hidden { Overlays.drawStrip(wrapped(lines(status), in: window), strip: layout.strip, text: window.text, renderer: window.renderer, scale: scale) }
        if help {
            Overlays.drawHelp(Overlays.helpLines(for: status.shown.sceneKeys, gravity: status.shown.hasGravity, clicksToScript: status.shown.clicksToScript, off: status.shown.sandboxOff) + status.shown.sceneKeyHelp, text: window.text,
                              renderer: window.renderer, width: size.width, height: size.height, scale: scale, top: layout.strip.h)
        }
    }

    /// The lines wrapped to the window, leaving room at the right for the
    /// bubble level. In a window so small that they would take more than a
    /// third of its height, only the first line of figures and what is
    /// happening are kept (the help has the rest).
    func wrapped(_ lines: [(String, SDL_Color)], in window: AppWindow) -> [(String, SDL_Color)] {
        let room = max(Int32(Double(window.outputSize.width) - 110 * window.pixelScale), 1)
        let out = Overlays.wrap(lines, maxWidth: room, text: window.text)
        let most = max(2, Int(window.outputSize.height) / 3 / Int(max(window.text.lineHeight, 1)))
        guard out.count > most, let first = lines.first, let last = lines.last, lines.count > 1 else { return out }
        return Array(Overlays.wrap([first], maxWidth: room, text: window.text).prefix(1)) + Array(Overlays.wrap([last], maxWidth: room, text: window.text).prefix(1))
    }

    /// Build mode's band: its lines, then files not saved and the message (a
    /// line, empty or not), and the help when asked for.
    func buildLines(_ lines: [String], lost: [String]) -> [(String, SDL_Color)] {
        var band = lines.map { ($0, Palette.text) }
        var happening = lost.map { "not saved: \($0)" }
        if let message, SDL_GetTicks64() < message.until { happening.append(message.text) }
        band.append((happening.joined(separator: "   "), lost.isEmpty ? Palette.joint : Palette.warning))
        return band
    }

    func draw(buildLines lines: [(String, SDL_Color)], in window: AppWindow, layout: ScreenLayout) {
        let scale = window.pixelScale, size = window.outputSize
        if !hidden { Overlays.drawStrip(wrapped(lines, in: window), strip: layout.strip, text: window.text, renderer: window.renderer, scale: scale) }
        if help {
            Overlays.drawHelp(Overlays.buildHelpLines, text: window.text, renderer: window.renderer,
                              width: size.width, height: size.height, scale: scale, top: layout.strip.h)
        }
    }

    static func format(_ x: Double, _ digits: Int) -> String { NumberText.fixed(x, digits) }
}

/// The band's height in lines: the most it has needed at this width in this
/// mode, never fewer. A figure that grows a digit ("96 us/step" to "100
/// us/step") can wrap the HUD onto one more line; were the band to follow,
/// the box would be fitted again, zooming in and out with the figures
/// (issue 46). A resize or another mode starts again from what is needed then.
struct BandHeight {
    private var key: (width: Int32, building: Bool)?
    private var most = 0

    mutating func lines(_ needed: Int, width: Int32, building: Bool) -> Int {
        if key?.width != width || key?.building != building || needed == 0 {
            key = (width, building)
            most = needed
        }
        most = max(most, needed)
        return most
    }
}
