#if canImport(Glibc)
import Glibc
#endif
import CrateboxReplay

/// The scene file the window shows: where it is, why the last one opened (or
/// reloaded) could not be, shown until one opens, its neighbours in its folder
/// (PageDown/PageUp), and its watch (`--watch`), which reloads it a tenth of a
/// second after it last changed. No SDL: tested without a window.
struct OpenedFile {
    /// The scene's file (nil for the built-in scene).
    private(set) var path: String?
    /// Why the last file could not be opened, until one opens.
    private(set) var problems: [String] = []
    private var watch: FileWatch?
    /// When the watched file last changed, until it is reloaded.
    private var changedAt: Double?

    /// The file the window starts with (nil: the built-in scene), watched
    /// with `watching`, its script beside it too.
    init(path: String? = nil, script: String? = nil, watching: Bool = false) {
        self.path = path
        if watching, let path { watch = FileWatch(path: path) }
        if let script { watch?.alsoWatch(script) }
    }

    /// `path` opened: watched from now on when the window watches (a new
    /// path, a new watch), its script too; its problems gone.
    mutating func open(_ path: String, script: String?, watching: Bool) {
        if watching && self.path != path { watch = FileWatch(path: path) }
        if let script { watch?.alsoWatch(script) }  // a script beside the scene reloads it too
        self.path = path
        problems = []
    }

    /// Keeps why a file could not be opened; true when that is news (to print once).
    mutating func show(_ problems: [String]) -> Bool {
        defer { self.problems = problems }
        return problems != self.problems
    }

    /// The path to reload now (`now`: seconds, the frame's), a tenth of a
    /// second after the watched file last changed: an editor's save can be
    /// several writes and a rename. Nil: nothing to reload.
    mutating func dueReload(now: Double) -> String? {
        guard let path, let watch else { return nil }
        if watch.changed() { changedAt = now }
        guard let changed = changedAt, now - changed >= 0.1 else { return nil }
        changedAt = nil
        return path
    }

    /// The next (+1) or previous (-1) scene file in the folder of the one
    /// shown, round the end; nil for the built-in scene or an empty folder.
    func neighbour(_ direction: Int) -> String? {
        guard let current = path else { return nil }
        let folder = current.contains("/") ? String(current[..<current.lastIndex(of: "/")!]) : "."
        let scenes = OpenedFile.sceneFiles(in: folder)
        guard !scenes.isEmpty else { return nil }
        let at = scenes.firstIndex(of: Loader.fileName(current)) ?? (direction > 0 ? -1 : scenes.count)
        return folder + "/" + scenes[((at + direction) % scenes.count + scenes.count) % scenes.count]
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
