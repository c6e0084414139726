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
/// scene reloaded when its file changes (`--watch`).
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
                .live(try Session(scene: file.scene, sceneText: file.text, sceneFile: file.fileName))
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
        if options.watch && opened.path != path { opened.watch = FileWatch(path: path) }
        if let script = scene.script { opened.watch?.alsoWatch(script) }  // a script beside the scene reloads it too
        opened.path = path
        opened.problems = []
        // A scene opened is revealed; a reload while watching is not (it would hide every save).
        if !keepCamera { startSplash() }
        return true
    }

    /// Shows (and prints, once) why a file could not be opened; the world runs on.
    private func show(problems: [String]) {
        if problems != opened.problems { for line in problems { print(line) } }
        opened.problems = problems
    }

    /// `--watch`: reloads the scene a tenth of a second after its file last
    /// changed (an editor's save can be several writes and a rename).
    func reloadIfChanged(now: Double) {
        guard let path = opened.path, opened.watch != nil else { return }
        if opened.watch?.changed() == true { opened.changedAt = now }
        guard let changed = opened.changedAt, now - changed >= 0.1 else { return }
        opened.changedAt = nil
        if open(path, keepCamera: true, reloading: true) { hud.show("reloaded \(path) (Backspace: back into the run before)") }
    }

    /// PageDown (+1) or PageUp (-1): the next or previous scene file in the current one's folder.
    func openNeighbour(_ direction: Int) {
        guard let current = opened.path else {
            hud.show("PageDown/PageUp go through the folder of a scene file; this is the built-in scene")
            return
        }
        let folder = current.contains("/") ? String(current[..<current.lastIndex(of: "/")!]) : "."
        let name = Loader.fileName(current)
        let scenes = App.sceneFiles(in: folder)
        guard !scenes.isEmpty else { return }
        let at = scenes.firstIndex(of: name) ?? (direction > 0 ? -1 : scenes.count)
        let next = scenes[((at + direction) % scenes.count + scenes.count) % scenes.count]
        let path = folder + "/" + next
        if open(path) { hud.show("opened \(path)") }
    }

    /// The `*.json` files of a folder (JSON Schemas left out), in byte order.
    static func sceneFiles(in folder: String) -> [String] {
        files(in: folder) { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasPrefix(".") }
    }

    /// The names in a folder that `wanted` takes, in byte order.
    static func files(in folder: String, _ wanted: (String) -> Bool) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if wanted(name) { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

/// `--watch`: inotify on the scene's folder (editors often save by writing a
/// new file and renaming it over the old one, which a watch on the file itself
/// would lose), read without blocking once a frame.
final class FileWatch {
    private let fd: Int32
    /// The names in the folder whose changes count: the scene's, and its script's.
    private var names: Set<String>

    init?(path: String) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        names = [Loader.fileName(path)]
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        guard inotify_add_watch(fd, folder.isEmpty ? "/" : folder, mask) >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Another file of the same folder whose changes count too (the scene's script).
    func alsoWatch(_ name: String) {
        names.insert(name)
    }

    /// Whether the file was written or replaced since the last call.
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var hit = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return hit }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (length, event) = buffer.withUnsafeBytes { raw in
                    (Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self)), offset + MemoryLayout<inotify_event>.size)
                }
                let nameBytes = buffer[event..<min(event + length, n)].prefix { $0 != 0 }
                if names.contains(String(decoding: nameBytes, as: UTF8.self)) { hit = true }
                offset = event + length
            }
        }
    }
}
