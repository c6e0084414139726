#if canImport(Glibc)
import Glibc
#endif
import FileOutput
import SceneFormat

/// The largest files cratebox reads, by what they hold.
public enum FileLimits {
    /// A scene file (`Limits.fileBytes`: 16 MiB).
    public static let scene = Limits.fileBytes
    /// A journal (4 GiB): long sessions record many events, keyframes are big, and the scene is embedded.
    public static let journal = 4 << 30
    /// A scene's script (1 MiB): code, not data.
    public static let script = 1 << 20
}

/// A scene file as read: the scene, the exact text it was decoded from (a
/// journal embeds those bytes, read once) and the file's name.
public struct LoadedScene: Sendable {
    /// The decoded, validated scene.
    public var scene: Scene
    /// The file's text, byte for byte.
    public var text: String
    /// The file's name without its folder (what a journal records).
    public var fileName: String

    /// A scene with its text and file name.
    public init(scene: Scene, text: String, fileName: String) {
        self.scene = scene
        self.text = text
        self.fileName = fileName
    }
}

/// A journal as read, with the scene it embeds (decoded, not yet built).
public struct LoadedJournal: Sendable {
    /// The parsed journal.
    public var journal: Journal
    /// Its embedded scene (nil for scripted events without a header).
    public var scene: Scene?
}

/// A saved state (`cratebox/state@1`) as read and checked: the scene it
/// embeds, and the file's bytes, from which the thread that will own the
/// world restores it (`restore`): a World belongs to one thread.
public struct LoadedState: Sendable {
    /// The file's path, as messages name it.
    public var file: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The scene the state embeds.
    public var scene: LoadedScene

    /// The world exactly as it was written, with its scene, made for the
    /// calling thread (checked when it was loaded: only a file changed since
    /// could fail here, as invalid).
    public func restore() throws(LoadError) -> StateFile.Loaded {
        try LoadedState.read(bytes, file: file)
    }

    /// The one reading of a state's bytes, with the loader's exit status for what is wrong (65).
    fileprivate static func read(_ bytes: [UInt8], file: String) throws(LoadError) -> StateFile.Loaded {
        do { return try StateFile.read(bytes, file: file) } catch { throw LoadError(kind: .invalid, lines: ["\(error)"]) }
    }
}

/// What a file holds: a scene, a journal or a saved state (told apart by their first line).
public enum LoadedFile: Sendable {
    /// A `cratebox/scene@1` document.
    case scene(LoadedScene)
    /// A `cratebox/replay@1` journal.
    case journal(LoadedJournal)
    /// A `cratebox/state@1` saved state, checked.
    case state(LoadedState)
}

/// Why a file could not be loaded: it could not be read (exit 66), or what it
/// holds is not valid (exit 65). One line per problem, each naming the file.
public struct LoadError: Error, Sendable, CustomStringConvertible {
    /// Unreadable, or invalid.
    public enum Kind: Sendable { case unreadable, invalid }
    /// Which of the two.
    public var kind: Kind
    /// The problems, one a line, each starting with the file's name.
    public var lines: [String]
    /// The lines, joined.
    public var description: String { lines.joined(separator: "\n") }
}

/// The one way cratebox reads scene, journal and state files, for the command
/// line and the window alike.
public enum Loader {
    /// The name of the file at `path`, without its folder.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A scene, a journal or a saved state, whichever the file holds (told by
    /// its content, whatever its name).
    public static func load(_ path: String) throws(LoadError) -> LoadedFile {
        let bytes = try read(path, limit: FileLimits.journal)
        if StateFile.looksLikeState(bytes) { return .state(try state(bytes, path)) }
        if Journal.looksLikeJournal(bytes) { return .journal(try journal(bytes, path, requireHeader: true)) }
        return .scene(try scene(bytes, path))
    }

    /// Whether the file at `path` starts as a saved state does (whatever its
    /// name): the commands that take a scene or a state decide by this. A file
    /// that cannot be read is not one (reading it as a scene says why).
    public static func holdsState(_ path: String) -> Bool {
        // The reader of every file: non-blocking, regular files only (a FIFO
        // opened with fopen hung `simulate` here); it reads one chunk at most.
        // A file it cannot read is not a state here; reading it as a scene says why.
        guard let head = try? readRegularFile(path, limit: 63) else { return false }
        return StateFile.looksLikeState(head)
    }

    /// A saved state, read and checked (66 unreadable, 65 invalid), as `load`
    /// reads one: every command and the window read a state this way.
    public static func state(_ path: String) throws(LoadError) -> LoadedState {
        try state(try read(path, limit: StateFile.maxBytes), path)
    }

    /// A state's bytes checked by reading them whole (the world is built, then let go).
    private static func state(_ bytes: [UInt8], _ path: String) throws(LoadError) -> LoadedState {
        guard bytes.count <= StateFile.maxBytes else {
            throw LoadError(kind: .invalid, lines: ["\(path): a saved state of more than \(StateFile.maxBytes) bytes, the most there may be"])
        }
        return LoadedState(file: path, bytes: bytes, scene: try LoadedState.read(bytes, file: path).scene)
    }

    /// A scene file.
    public static func scene(_ path: String) throws(LoadError) -> LoadedScene {
        try scene(try read(path, limit: FileLimits.scene), path)
    }

    /// A journal; with `requireHeader` false, scripted events (`simulate --events`) whose header may be left out.
    public static func journal(_ path: String, requireHeader: Bool = true) throws(LoadError) -> LoadedJournal {
        try journal(try read(path, limit: FileLimits.journal), path, requireHeader: requireHeader)
    }

    /// A journal and the file's bytes, read once (for what also needs its lines as written).
    public static func journalWithBytes(_ path: String) throws(LoadError) -> (LoadedJournal, [UInt8]) {
        let bytes = try read(path, limit: FileLimits.journal)
        return (try journal(bytes, path, requireHeader: true), bytes)
    }

    private static func read(_ path: String, limit: Int) throws(LoadError) -> [UInt8] {
        do {
            guard limit > Journal.maxHeaderLine else { return try readRegularFile(path, limit: limit) }
            // Line by line (issue 47): no scene, journal or state has a first line longer
            // than a journal's header may be, nor a later line longer than a keyframe's may
            // be, so a file of gigabytes with no line in it (3 GB of zero bytes took 4.36 GB
            // to refuse) is refused after that many bytes.
            let (bytes, overlong) = try readRegularFile(path, limit: limit, lineLimit: lineLimit)
            if overlong == 1 {
                throw LoadError(kind: .invalid, lines: ["\(path):1: the first line is longer than \(Journal.maxHeaderLine) bytes, "
                    + "more than a scene, a journal's header or a state's has: not a cratebox file"])
            }
            if let line = overlong {
                throw LoadError(kind: .invalid, lines: ["\(path):\(line): the line is longer than any line of a scene or a journal may be "
                    + "(\(Limits.fileBytes) bytes; a keyframe's \(Journal.maxKeyframeLine))"])
            }
            return bytes
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(kind: .unreadable, lines: ["\(error)"])
        }
    }

    /// The longest each line of a file may be: a first line as a journal's header (the
    /// longest first line of a scene, a journal or a state); after a state's header,
    /// anything (its payload is binary, bounded by the file's limit); a keyframe line as
    /// a state of `StateFile.maxBytes` in base64; any other line as a whole scene file.
    static func lineLimit(_ line: Int, _ lineStart: ArraySlice<UInt8>, _ fileStart: ArraySlice<UInt8>) -> Int {
        if line == 1 { return Journal.maxHeaderLine }
        if StateFile.looksLikeState(Array(fileStart)) { return .max }
        if lineStart.count < 64 || Journal.startsLikeKeyframe(lineStart) { return Journal.maxKeyframeLine }
        return Limits.fileBytes
    }

    private static func scene(_ bytes: [UInt8], _ path: String) throws(LoadError) -> LoadedScene {
        if let other = FileKind.other(than: .scene, bytes) { throw wrongKind(path, is: other, wanted: .scene) }
        if let what = FileKind.binary(bytes) { throw notCratebox(path, is: what) }
        let scene: Scene
        var unread: LoadError?  // why the script beside the scene cannot be read, said as the loader says it
        do {
            scene = try Scene.decode(bytes, file: path, script: { name in
                do throws(LoadError) { return try scriptText(name, besideScene: path) } catch {
                    unread = error
                    return nil
                }
            }, modules: { name in
                // A module that is not there is skipped (16.18: its require fails when it runs); one that is, is read as the script is.
                var info = stat()
                guard stat(Scene.scriptPath(name + ".lua", besideScene: path), &info) == 0 else { return nil }
                do throws(LoadError) { return try scriptText(name + ".lua", besideScene: path) } catch {
                    unread = error
                    return nil
                }
            })
        } catch {
            throw unread ?? LoadError(kind: .invalid, lines: error.errors.map(\.description))
        }
        if let unread { throw unread }  // a module that is there and cannot be read (16.18)
        // A decoded scene is valid UTF-8 (the reader refuses anything else).
        return LoadedScene(scene: scene, text: String(decoding: bytes, as: UTF8.self), fileName: fileName(path))
    }

    /// The text of the script `name`, beside the scene file at `path` (section 16.5).
    /// A script that cannot be read is said with the scene that asks for it and where it was looked for.
    static func scriptText(_ name: String, besideScene path: String) throws(LoadError) -> String {
        let scriptPath = Scene.scriptPath(name, besideScene: path)
        let bytes: [UInt8]
        do {
            bytes = try readRegularFile(scriptPath, limit: FileLimits.script)
        } catch {
            throw LoadError(kind: .unreadable, lines: ["\(path): the script it names, \(name), cannot be read at \(scriptPath): \(error.reason)"])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LoadError(kind: .invalid, lines: ["\(scriptPath): the script is not UTF-8 text"])
        }
        return text
    }

    private static func journal(_ bytes: [UInt8], _ path: String, requireHeader: Bool) throws(LoadError) -> LoadedJournal {
        if let other = FileKind.other(than: .journal, bytes) { throw wrongKind(path, is: other, wanted: .journal) }
        if let what = FileKind.binary(bytes) { throw notCratebox(path, is: what) }
        do {
            let journal = try Journal.parse(bytes, file: path, requireHeader: requireHeader)
            let scene = journal.header == nil ? nil : try Replay.embeddedScene(of: journal, file: path)
            return LoadedJournal(journal: journal, scene: scene)
        } catch {
            throw LoadError(kind: .invalid, lines: [error.description])
        }
    }
}

extension Loader {
    /// The files named, or found (recursively) under the folders named, whose
    /// names end in `suffix`: each once, in byte order of their paths. A path
    /// that is neither a file nor a folder stays in the list, to be reported
    /// as an error when it is read.
    public static func files(in paths: [String], endingIn suffix: String) -> [String] {
        var found: [String] = []
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                // A folder that cannot be opened stays in the list, so reading it says why.
                guard access(path, R_OK | X_OK) == 0 else { found.append(path); continue }
                collect(directory: path, endingIn: suffix, into: &found)
            } else {
                found.append(path)
            }
        }
        return Array(Set(found)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    private static func collect(directory: String, endingIn suffix: String, into found: inout [String]) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let path = base + "/" + name
            var info = stat()
            // lstat: a symbolic link to a folder is not followed (no loops).
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: collect(directory: path, endingIn: suffix, into: &found)
            case S_IFREG, S_IFLNK: if name.hasSuffix(suffix) { found.append(path) }
            default: break
            }
        }
    }
}
