import CSDL2
import SceneFormat

/// What is drawn over the scene: the HUD's panel, the help overlay and the
/// timeline strip. Plain functions of a renderer and their contents, so the
/// offscreen renderer draws them exactly as the window does (and tests look).
public enum Overlays {
    /// The help's entries: the keys (groups of alternatives, each group's
    /// key names and how it is shown) and what they do.
    struct HelpEntry {
        var keys: [(names: [String], shown: String)]
        var meaning: String
        /// The sandbox's input it is, which a scene may turn off (scene-format.md 16.14).
        var input: SandboxInput?
        init(_ keys: [(names: [String], shown: String)], _ meaning: String, _ input: SandboxInput? = nil) {
            (self.keys, self.meaning, self.input) = (keys, meaning, input)
        }
        init(_ shown: String, _ meaning: String, _ input: SandboxInput? = nil) { self.init([(names: [], shown: shown)], meaning, input) }
        var isAboutGravity: Bool { ["tilt the box", "level the box (straight down, 1 g)"].contains(meaning) || meaning.hasPrefix("stronger / weaker gravity") }
    }

    /// The width of the help's first column, in characters (the longest key text and two spaces).
    static let helpColumn = 22

    static let helpEntries: [HelpEntry] = [
        HelpEntry([(["Left", "Right"], "Left/Right"), (["A", "D"], "A/D")], "tilt the box", .tilt),
        HelpEntry([(["Up", "Down"], "Up/Down"), (["W", "S"], "W/S")], "stronger / weaker gravity (never turns it)", .tilt),
        HelpEntry([(["L"], "L")], "level the box (straight down, 1 g)", .tilt),
        HelpEntry("mouse left drag", "grab and throw a body", .grab),
        HelpEntry("mouse left click", "spawn a crate on empty space", .spawn),
        HelpEntry("mouse right click", "delete a body", .delete),
        HelpEntry("mouse right drag", "the knife: cut bodies in two along it", .knife),
        HelpEntry([(["X"], "X + left click")], "an explosion there", .explode),
        HelpEntry([(["T"], "T")], "trace the body under the pointer"),
        HelpEntry([(["Space"], "Space"), (["P"], "P")], "pause / run"),
        HelpEntry([(["N"], "N or .")], "single step (pauses)"),
        HelpEntry([(["R"], "R")], "reset the scene (a saved state: back to its moment)"),
        HelpEntry("- and +", "time scale 1/8 ... 2x"),
        HelpEntry("F2", "debug drawing: outlines, joints, contacts"),
        HelpEntry([(["H"], "H")], "this help (Tab hides the HUD)"),
        HelpEntry("wheel / middle drag", "zoom / pan (F or R fits the scene)"),
        HelpEntry("F12", "screenshot (PNG)"),
        HelpEntry("Ctrl+S", "save as a scene, and its exact .state"),
        HelpEntry("F9", "start / stop recording a replay"),
        HelpEntry([(["Backspace"], "Backspace (held)")], "back in time (Shift: forward); Space resumes there"),
        HelpEntry("replay: Left/Right", "jump a second; Home/End; click the timeline"),
        HelpEntry("Esc", "quit"),
        HelpEntry("gamepad", "left stick or accelerometer tilts", .tilt),
        HelpEntry([(["B"], "B")], "build mode (edit the scene; B again plays it)"),
        HelpEntry("F3", "live graphs; PageDown/PageUp: next/previous scene"),
        HelpEntry([(["M"], "M")], "sound off / on"),
    ]

    /// The keys, as the help overlay lists them: a key the scene takes
    /// (`taken`, SDL key names) is left out here, and the scene's section
    /// below says what it does and where its sandbox meaning went.
    /// Without gravity (`gravity` false: the tank, a planet) tilting does
    /// nothing, and its keys are not listed.
    /// With `clicksToScript` (`"rightClick": "script"`), a right click is the scene's script's.
    /// The sandbox's inputs a scene turned off (`off`, 16.14) are not listed.
    public static func helpLines(for taken: Set<String> = [], gravity: Bool = true, clicksToScript: Bool = false, off: [SandboxInput] = []) -> [String] {
        var lines = ["Keys"]
        for entry in helpEntries where (gravity || !entry.isAboutGravity) && !(entry.input.map(off.contains) ?? false) {
            let free = entry.keys.filter { $0.names.allSatisfy { !taken.contains($0) } }
            guard !free.isEmpty else { continue }
            let keys = free.map(\.shown).joined(separator: " or ")
            let meaning = clicksToScript && keys == "mouse right click" ? "the scene's script's (it says what it does)" : entry.meaning
            lines.append(keys + String(repeating: " ", count: max(2, helpColumn - keys.count)) + meaning)
        }
        return lines
    }

    /// The keys with nothing taken.
    public static var helpLines: [String] { helpLines(for: []) }

    /// What the keys a scene may bind do in the sandbox while playing, and
    /// where that moved, for the help's line about shadowed keys.
    static let sandboxKeys: [(key: String, meaning: String, instead: String?)] = [
        ("Left", "tilt", "A"), ("Right", "tilt", "D"), ("Up", "gravity", "W"), ("Down", "gravity", "S"),
        ("A", "tilt", "Left"), ("D", "tilt", "Right"), ("W", "gravity", "Up"), ("S", "gravity", "Down"),
        ("Space", "pause", "P"), ("P", "pause", "Space"), ("N", "step", nil), ("R", "reset", nil), ("L", "level", nil), ("H", "help", nil),
        ("B", "build mode", nil), ("F", "fit", nil), ("Tab", "HUD", nil), ("PageUp", "previous scene", nil),
        ("PageDown", "next scene", nil), ("Home", "replay start", nil), ("End", "replay end", nil),
        ("Backspace", "back in time", nil), ("T", "tracer", nil), ("X", "explosion (X and a click)", nil), ("M", "sound", nil),
    ]

    /// The most of a scene's keys the help lists.
    static let sceneKeyLinesShown = 12

    /// The help's lines for a scene's bindings (its keys first, then the
    /// sandbox's keys they shadow while it runs); none for a scene without controls.
    public static func sceneKeyLines(_ controls: [ControlBinding]) -> [String] {
        guard !controls.isEmpty else { return [] }
        var lines = ["", "This scene's keys (its own while it runs)"]
        var seen: [String] = []
        for binding in controls {
            let key = binding.trigger.description
            let line = key + String(repeating: " ", count: max(2, helpColumn - key.count)) + binding.shownLabel
            if !seen.contains(line) { seen.append(line) }
        }
        // A scene of many keys: the first ones, so that the help still fits a window.
        lines += seen.prefix(sceneKeyLinesShown)
        if seen.count > sceneKeyLinesShown { lines.append("... and \(seen.count - sceneKeyLinesShown) more (the scene file's controls)") }
        let bound = Set(controls.compactMap { if case .key(let n) = $0.trigger { n } else { nil } })
        // The sandbox's keys the scene takes, each with what it did (and where that went).
        for (key, meaning, instead) in sandboxKeys where bound.contains(key) {
            let name = "(\(key))", other = instead.map { bound.contains($0) ? nil : $0 } ?? nil
            lines.append(name + String(repeating: " ", count: max(2, helpColumn - name.count)) + "the sandbox's \(meaning): "
                         + (other.map { "use \($0)" } ?? "off while the scene runs"))
        }
        return lines
    }

    /// Build mode's keys, as its help overlay lists them.
    public static let buildHelpLines = [
        "Build mode",
        "1 select   click selects, drag moves, drag the handle or Q/E rotates (Shift: 1 degree)",
        "2 crate    drag a rectangle          3 ball    drag a radius",
        "4 polygon  click corners, Enter      5 plank   drag from end to end",
        "6 pivot    click on one or two bodies (snaps to an axle or a corner)",
        "7 spring   8 rod   9 rope: drag from a body to another, or to the background",
        "0 motor    click a body (put a pivot there too, as its axle)",
        "J          the next joint tool: groove, gear, ratchet, coil (rotary spring), limit",
        "W water    drag a rectangle (its top is the surface)   P planet  click: it pulls every body",
        "T          trace the body under the pointer (its path is drawn while playing)",
        "toolbar    click a tool; properties on the right: wheel or click to type",
        "panel      layers A-D and group (what collides), conveyor, one-way, sound, break force, trace",
        "Delete     remove the selection (right click: the body under the mouse)",
        "Ctrl+C/V/D copy, paste at the pointer, duplicate   Ctrl+Z undo, Ctrl+Y redo",
        "G          grid (positions and sizes snap to it)   Ctrl+R  recover unsaved edits",
        "Ctrl+S     save the document          B  play it (R resets, B builds again)",
        "wheel / middle drag  zoom / pan (F fits)     Esc  cancel, then quit",
    ]

    /// The widest the HUD's panel gets, in points: longer lines wrap, so that
    /// the panel never covers more than a corner of the box.
    public static let panelMaxWidth = 330.0

    /// Each line broken at spaces so that none is wider than `maxWidth` pixels
    /// (a single word wider than that stays whole).
    public static func wrap(_ lines: [(String, SDL_Color)], maxWidth: Int32, text: Text) -> [(String, SDL_Color)] {
        lines.flatMap { line, color -> [(String, SDL_Color)] in
            guard text.width([line]) > maxWidth else { return [(line, color)] }
            var out: [String] = [], current = ""
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if !current.isEmpty && text.width([candidate]) > maxWidth {
                    out.append(current)
                    current = String(word)
                } else {
                    current = candidate
                }
            }
            out.append(current)
            return out.map { ($0, color) }
        }
    }

    /// The HUD: lines on a translucent backdrop in the top-left corner, wrapped
    /// to `panelMaxWidth`. Returns the backdrop's rectangle.
    @discardableResult
    public static func drawPanel(_ lines: [(String, SDL_Color)], text: Text, renderer: OpaquePointer, scale: Double) -> SDL_Rect {
        let lines = wrap(lines, maxWidth: Int32(panelMaxWidth * scale), text: text)
        let pad = Int32(8 * scale)
        var backdrop = SDL_Rect(x: pad / 2, y: pad / 2, w: text.width(lines.map(\.0)) + 2 * pad,
                                h: Int32(lines.count) * text.lineHeight + pad)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 120)
        SDL_RenderFillRect(renderer, &backdrop)
        text.draw(lines, x: pad, y: pad)
        return backdrop
    }

    /// The HUD's band along the top (`ScreenLayout.strip`): the lines on a
    /// translucent backdrop across the window.
    public static func drawStrip(_ lines: [(String, SDL_Color)], strip: SDL_Rect, text: Text, renderer: OpaquePointer, scale: Double) {
        guard strip.h > 0 else { return }
        var backdrop = strip
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
        SDL_RenderFillRect(renderer, &backdrop)
        text.draw(lines, x: Int32(8 * scale), y: Int32(4 * scale))
    }

    /// The help overlay, centred in a `width` x `height` picture. Returns its box.
    @discardableResult
    /// `top`: pixels kept clear above it (the HUD's band); it is centred in
    /// the rest, or in the whole picture when it is taller than the rest
    /// (covering the band rather than losing its last lines).
    public static func drawHelp(_ helpLines: [String] = Overlays.helpLines, text: Text, renderer: OpaquePointer,
                                width: Int32, height: Int32, scale: Double, top: Int32 = 0) -> SDL_Rect {
        let pad = Int32(8 * scale)
        let w = text.width(helpLines) + 2 * pad, h = Int32(helpLines.count) * text.lineHeight + 2 * pad
        let y = h <= height - top ? top + (height - top - h) / 2 : max(0, (height - h) / 2)
        var box = SDL_Rect(x: (width - w) / 2, y: y, w: w, h: h)
        SDL_SetRenderDrawColor(renderer, 10, 12, 16, 220)
        SDL_RenderFillRect(renderer, &box)
        text.draw(helpLines.map { ($0, Palette.text) }, x: box.x + pad, y: box.y + pad)
        return box
    }

    /// Why a file could not be opened (file:line:column and message, as
    /// `validate` prints them), on a dark red box centred below the HUD's band
    /// (`top`: its height), never over it.
    @discardableResult
    public static func drawProblems(_ lines: [String], text: Text, renderer: OpaquePointer, width: Int32, top: Int32 = 0, scale: Double) -> SDL_Rect {
        let pad = Int32(8 * scale)
        let wrapped = wrap(lines.map { ($0, Palette.text) }, maxWidth: width - 4 * pad - Int32(2 * panelMaxWidth * scale) / 2, text: text)
        let w = text.width(wrapped.map(\.0)) + 2 * pad, h = Int32(wrapped.count) * text.lineHeight + 2 * pad
        var box = SDL_Rect(x: (width - w) / 2, y: top + pad, w: w, h: h)
        SDL_SetRenderDrawColor(renderer, 120, 20, 20, 225)
        SDL_RenderFillRect(renderer, &box)
        text.draw(wrapped, x: box.x + pad, y: box.y + pad)
        return box
    }

    /// The timeline bar along the bottom of a `width` x `height` picture.
    public static func timelineBar(width: Int32, height: Int32, scale: Double) -> SDL_Rect {
        let margin = Int32(16 * scale), barHeight = Int32(8 * scale)
        return SDL_Rect(x: margin, y: height - margin - barHeight, w: width - 2 * margin, h: barHeight)
    }

    /// The timeline: the bar, the part played (`played` of `last` steps) and a
    /// tick at each of `ticks` (steps, e.g. checkpoints).
    public static func drawTimeline(_ bar: SDL_Rect, played: Int, last: Int, ticks: [Int], renderer: OpaquePointer) {
        var bar = bar
        let last = max(last, 1)
        var done = SDL_Rect(x: bar.x, y: bar.y, w: Int32(Double(bar.w) * Double(min(max(played, 0), last)) / Double(last)), h: bar.h)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
        SDL_RenderFillRect(renderer, &bar)
        SDL_SetRenderDrawColor(renderer, 250, 220, 90, 255)
        SDL_RenderFillRect(renderer, &done)
        SDL_SetRenderDrawColor(renderer, 235, 238, 242, 160)
        for tick in ticks where tick <= last {
            let x = bar.x + Int32(Double(bar.w) * Double(tick) / Double(last))
            SDL_RenderDrawLine(renderer, x, bar.y - 2, x, bar.y + bar.h + 2)
        }
    }

    /// A progress bar across the middle of the window (a branch being rebuilt).
    public static func drawProgress(done: Int, total: Int, width: Int32, height: Int32, scale: Double, renderer: OpaquePointer) {
        let w = Int32(Double(width) * 0.5), h = Int32(14 * scale)
        var bar = SDL_Rect(x: (width - w) / 2, y: (height - h) / 2, w: w, h: h)
        var filled = bar
        filled.w = Int32(Double(w) * Double(min(max(done, 0), max(total, 1))) / Double(max(total, 1)))
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 170)
        SDL_RenderFillRect(renderer, &bar)
        SDL_SetRenderDrawColor(renderer, 250, 220, 90, 255)
        SDL_RenderFillRect(renderer, &filled)
    }
}
