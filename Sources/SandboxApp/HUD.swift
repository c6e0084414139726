#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import JSONText
import Geometry
import Render
import SceneFormat

/// The panel of figures in the corner, the help overlay, and the messages
/// that come and go (each also printed, for logs and tests).
struct HUD {
    /// What the panel reports this frame.
    struct Status {
        var sceneName = "", step = 0, fps = 0.0
        /// CPU seconds per step on the physics thread; simulated seconds per real second.
        var stepCost = 0.0, simSpeed = 1.0, bodies = 0, timeScale = 1.0
        var tilt = Vector(0, -1), paused = false, recording = false
        var recordingStopped: String?
        var lostFiles: [String] = []
        var replay: (lastStep: Int, truncated: Bool, problem: String?)?
        var droppedTime = 0.0, droppedFrames = 0
        /// Showing the past: the step shown and the last one remembered.
        var past: (step: Int, last: Int)?
        var rebuilding: (done: Int, total: Int)?
        /// The scene's bindings, one per key and label ("Right: drive"), and whether each is held now.
        var controls: [(text: String, held: Bool)] = []
        /// The help's lines for the scene's keys (`Overlays.sceneKeyLines`).
        var sceneKeyHelp: [String] = []
    }

    var hidden = false
    var help = false
    /// The most lines of the scene's keys the panel shows.
    static let controlLines = 8
    private var message: (text: String, until: UInt64)?

    mutating func show(_ text: String, seconds: Double = 4) {
        message = (text, SDL_GetTicks64() + UInt64(seconds * 1000))
        print(text)
        fflush(nil)
    }

    func lines(_ s: Status) -> [(String, SDL_Color)] {
        let f = HUD.format
        let scale = s.timeScale == 0.125 ? "1/8" : s.timeScale == 0.25 ? "1/4" : s.timeScale == 0.5 ? "1/2" : f(s.timeScale, 0)
        var lines: [(String, SDL_Color)] = [
            ("\(s.sceneName)   step \(s.step)", Palette.text),
            ("\(Int(s.fps.rounded())) fps   sim at \(Int((s.simSpeed * 100).rounded()))% of real time", Palette.text),
            ("physics \(f(s.stepCost * 1e6, 0)) us/step (its own thread)", Palette.text),
            ("bodies \(s.bodies)   time x\(scale)", Palette.text),
            ("tilt (\(f(s.tilt.x, 2)), \(f(s.tilt.y, 2))) g", Palette.text),
        ]
        // The scene's keys; a held one is lit and marked.
        // A scene with many keys lists the first few and the held ones; the help lists them all.
        let shown = s.controls.count <= HUD.controlLines ? s.controls
            : s.controls.enumerated().filter { $0.offset < HUD.controlLines - 1 || $0.element.held }.map(\.element)
        for control in shown {
            lines.append((control.held ? "▶ \(control.text)" : "  \(control.text)", control.held ? Palette.joint : Palette.text))
        }
        if shown.count < s.controls.count { lines.append(("  ... \(s.controls.count - shown.count) more keys (H)", Palette.text)) }
        if let past = s.past {
            lines.append(("PAST: step \(past.step) of \(past.last)", Palette.joint))
            lines.append((s.replay == nil ? "Space or any input resumes here" : "Space plays on from here", Palette.joint))
        } else if s.paused {
            lines.append(("PAUSED (space: run, N: step)", Palette.warning))
        }
        if let r = s.rebuilding { lines.append(("resuming: step \(r.done) of \(r.total) (Esc cancels)", Palette.joint)) }
        if s.recording { lines.append(("● RECORDING (F9 stops)", Palette.contact)) }
        if let stopped = s.recordingStopped { lines.append((stopped, Palette.warning)) }
        for lost in s.lostFiles { lines.append(("not saved: \(lost)", Palette.warning)) }
        if let replay = s.replay {
            lines.append(("REPLAY step \(s.step) of \(replay.lastStep)\(replay.truncated ? " (truncated)" : ""): watching only", Palette.joint))
            if let problem = replay.problem { lines.append((problem, Palette.contact)) }
        }
        if s.droppedTime > 0 {
            lines.append(("physics behind: dropped \(f(s.droppedTime, 2)) s of sim time", Palette.warning))
        }
        if let message, SDL_GetTicks64() < message.until { lines.append((message.text, Palette.joint)) }
        lines.append(("H: help", Palette.text))
        return lines
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

    func draw(_ status: Status, in window: AppWindow) {
        if hidden && !help { return }
        let scale = window.pixelScale, size = window.outputSize
        Overlays.drawPanel(lines(status), text: window.text, renderer: window.renderer, scale: scale)
        if help { Overlays.drawHelp(Overlays.helpLines + status.sceneKeyHelp, text: window.text, renderer: window.renderer, width: size.width, height: size.height, scale: scale) }
    }

    /// Build mode's panel: its lines, files not saved, the message, and the help when asked for.
    func draw(lines: [String], lost: [String], in window: AppWindow) {
        if hidden && !help { return }
        let scale = window.pixelScale, size = window.outputSize
        var panel = lines.map { ($0, Palette.text) }
        for file in lost { panel.append(("not saved: \(file)", Palette.warning)) }
        if let message, SDL_GetTicks64() < message.until { panel.append((message.text, Palette.joint)) }
        panel.append(("H: help", Palette.text))
        if !hidden { Overlays.drawPanel(panel, text: window.text, renderer: window.renderer, scale: scale) }
        if help {
            Overlays.drawHelp(Overlays.buildHelpLines, text: window.text, renderer: window.renderer,
                              width: size.width, height: size.height, scale: scale)
        }
    }

    static func format(_ x: Double, _ digits: Int) -> String { NumberText.fixed(x, digits) }
}
