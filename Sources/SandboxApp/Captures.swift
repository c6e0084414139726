import CSDL2
import FileOutput
import Render
import CrateboxReplay
import Simulation

/// What the user asks to keep: screenshots (F12), scene saves (Ctrl+S) and
/// recordings (F9, --record). Every file is written atomically and never
/// replaces an earlier one; a file that could not be written is remembered,
/// to be shown and reported when the window closes.
final class Captures {
    let directory: String
    let baseName: String
    private(set) var lost: [String] = []

    init(directory: String, sceneName: String) {
        self.directory = directory
        let allowed = String(sceneName.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        baseName = allowed.isEmpty ? "scene" : allowed
    }

    /// Saves what the window shows; returns what to tell the user.
    func screenshot(_ window: AppWindow, step: Int) -> String {
        let (w, h) = window.outputSize
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            return "screenshot failed: \(String(cString: SDL_GetError()))"
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(window.renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            return "screenshot failed: \(String(cString: SDL_GetError()))"
        }
        let path = AtomicFile.unusedPath("\(directory)/cratebox-\(baseName)-\(Captures.padded(step))", ".png")
        do {
            try savePNG(surface, to: path)
            return "screenshot saved to \(path)"
        } catch {
            lost.append("\(error)")
            return "screenshot failed: \(error)"
        }
    }

    /// Saves the world as it is now as a scene; returns what to tell the user.
    /// Where a document built from a running scene is saved (a new name beside the captures).
    var documentPath: String { AtomicFile.unusedPath("\(directory)/\(baseName)-built", ".json") }

    /// Saves the world as it is now as a scene (`NAME.json`, which builds
    /// anew) and, beside it, its exact state (`NAME.state`, which `cratebox run
    /// NAME.state` continues bit for bit); `scene` is the scene the world was
    /// built from, whole. Returns what to tell the user.
    func saveScene(_ world: World, scene: LoadedScene) -> String {
        let stem = AtomicFile.unusedStem("\(directory)/\(baseName)-step\(world.stepCount)", for: [".json", ".state"])
        do {
            try SceneSave.write(world.currentScene(), to: stem + ".json")
        } catch {
            lost.append("\(error)")
            return "saving failed: \(error)"
        }
        do {
            try StateFile.write(world, from: scene, to: stem + ".state")
        } catch {
            lost.append("\(error)")
            return "scene saved to \(stem).json; its exact state was not: \(error)"
        }
        return "scene saved to \(stem).json, its exact state to \(stem).state"
    }

    /// Starts a recording (from step 0: the journal replays from the scene) or stops it.
    func toggleRecording(_ timeline: Timeline) -> String {
        if timeline.isRecording { return stopRecording(timeline) ?? "" }
        let path = AtomicFile.unusedPath("\(directory)/\(baseName)-session", ".replay.jsonl")
        do {
            try timeline.startRecording(to: path)
            return "recording to \(path)"
        } catch {
            return "cannot record: \(error)"
        }
    }

    /// Ends a recording; returns what to tell the user, if it was recording.
    func stopRecording(_ timeline: Timeline) -> String? {
        guard timeline.isRecording else { return nil }
        do {
            return try timeline.stopRecording().map { "recording saved to \($0)" }
        } catch {
            return "recording stopped: \(error)"
        }
    }

    /// A file that could not be written elsewhere (build mode's saves): shown, and reported when the window closes.
    func lose(_ description: String) {
        lost.append(description)
    }

    /// Zero-padded to 6 digits, so screenshots sort by step.
    static func padded(_ step: Int) -> String {
        let digits = String(step)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
