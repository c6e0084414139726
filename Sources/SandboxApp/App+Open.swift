#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import WindowModel
import FileOutput
import Render
import CrateboxReplay
import SceneFormat

/// A scene author's loop: another scene or journal opened in the window (a
/// file dropped on it, PageDown/PageUp through the scene's folder), and the
/// scene reloaded when its file changes (`--watch`). Which file, its
/// neighbours and its watch are `OpenedFile`'s; here is what the window does.
extension App {
    /// Opens `path` in place of what runs now: a scene as a new live session,
    /// a saved state as the session it continues, a journal to watch. A file that cannot be read or is not valid leaves
    /// the current world running and its errors shown until the next open.
    @discardableResult
    func open(_ path: String, keepCamera: Bool = false, reloading: Bool = false) -> Bool {
        let loaded: LoadedFile
        do {
            loaded = try Loader.load(path)
        } catch {
            show(problems: Array(error.lines.prefix(8)) + (error.lines.count > 8 ? ["... and \(error.lines.count - 8) more"] : []))
            return false
        }
        switch loaded {
        case .scene(let file):
            return replace(file.scene, watching: false, keepCamera: keepCamera, keepingHistory: reloading, path: path) {
                .live(try Session(file))
            }
        case .state(let state):
            // A saved moment dropped on the window goes on from there, as `cratebox run NAME.state` does.
            return replace(state.scene.scene, watching: false, keepCamera: keepCamera, path: path) {
                .live(try Session(restoring: try state.restore()))
            }
        case .journal(let file):
            guard let scene = file.scene else { return false }  // a journal read for watching has its header
            let journal = file.journal
            return replace(scene, watching: true, keepCamera: false, path: path) {
                let replay = try Replay(journal: journal, file: path)
                try replay.rewind()
                return .replay(replay)
            }
        }
    }

    /// Starts a physics thread on the file's mode and switches to it; unsaved
    /// build edits are kept first, and the document goes (the next B builds the new scene).
    private func replace(_ scene: Scene, watching: Bool, keepCamera: Bool, keepingHistory: Bool = false, path: String,
                         _ makeMode: @escaping @Sendable () throws -> Timeline.Source) -> Bool {
        // The new thread first: if it cannot start, the old one runs on.
        let next: PhysicsThread
        do {
            next = try startPhysics(for: scene, makeMode)
        } catch {
            show(problems: ["\(path): \(error.message)"])
            return false
        }
        keepUnsavedEdits()
        document = nil
        enter(watching ? .watching(next) : .playing(next), scene: scene, keepCamera: keepCamera, keepingHistory: keepingHistory && mode.isPlaying)
        opened.open(path, script: scene.script, watching: options.watch)
        // A scene opened is revealed; a reload while watching is not (it would hide every save).
        if !keepCamera { startSplash() }
        return true
    }

    /// Shows (and prints, once) why a file could not be opened; the world runs on.
    private func show(problems: [String]) {
        if opened.show(problems) { for line in problems { print(line) } }
    }

    /// `--watch`: reloads the scene a tenth of a second after its file last
    /// changed (an editor's save can be several writes and a rename).
    func reloadIfChanged(now: Double) {
        guard let path = opened.dueReload(now: now) else { return }
        if open(path, keepCamera: true, reloading: true) { hud.show("reloaded \(path) (Backspace: back into the run before)") }
    }

    /// PageDown (+1) or PageUp (-1): the next or previous scene file in the current one's folder.
    func openNeighbour(_ direction: Int) {
        guard opened.path != nil else {
            hud.show("PageDown/PageUp go through the folder of a scene file; this is the built-in scene")
            return
        }
        guard let path = opened.neighbour(direction) else { return }
        if open(path) { hud.show("opened \(path)") }
    }
}
