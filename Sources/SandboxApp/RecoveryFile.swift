#if canImport(Glibc)
import Glibc
#endif
import Editing
import FileOutput
import CrateboxReplay
import SceneFormat

/// Nothing built is lost: a document's unsaved edits kept in
/// `NAME.unsaved.json` beside it, as they are made (`follow`: a second behind,
/// written by `RecoveryWriter` off the window's thread) and on quitting or
/// opening another file (`keep`), offered
/// back when the document is opened again in build mode (Ctrl+R), and the
/// file removed once its edits are saved. The job whole, without SDL: `App`
/// says what it reports.
struct RecoveryFile {
    /// The file of unsaved edits from an earlier session (`--build` found it), if any.
    var path: String?
    /// Whether its edits were taken into the document (then they go back into it).
    private(set) var taken = false

    init(path: String? = nil) { self.path = path }

    /// What keeping a document's edits did.
    enum Kept: Equatable {
        /// Written to this file.
        case kept(String)
        /// Not written: why (the file that could not be written and the reason).
        case lost(String)
    }

    /// The offer shown as the window opens, when there are edits to recover of `file`.
    func offer(for file: String) -> String? {
        path.map { "\($0) holds unsaved edits of \(file) from an earlier session: Ctrl+R opens them" }
    }

    /// The file this session keeps the document's edits in, once it has
    /// written one (its own: rewritten as the edits go on, never another's).
    private(set) var own: String?
    /// The revision last handed to the writer, and when (the window's clock, in seconds).
    private var followed: (revision: Int, at: Double)?

    /// How often, at most, the edits are written while they go on: a window
    /// that freezes or is killed loses at most about this long of building.
    static let followInterval = 1.0

    /// Where `unsaved`'s edits go: back into the file they were recovered from
    /// (it holds its edits and more), else this session's own file, chosen
    /// once under a name not taken (never over a file).
    mutating func target(for unsaved: Document) -> String {
        if taken, let path { return path }
        if let own { return own }
        let fresh = AtomicFile.unusedPath(Document.recoveryStem(for: unsaved.file), ".json")
        own = fresh
        return fresh
    }

    /// What keeping the edits up to date asks of the writer this frame.
    enum Follow: Equatable {
        /// Write the scene to this file.
        case write(Scene, String)
        /// Remove this file: the edits it held are saved or undone.
        case remove(String)
    }

    /// The recovery file follows the edits (a second behind at most): the
    /// document's scene when it changed and the last was handed over at least
    /// `followInterval` ago; this session's own file goes once nothing is unsaved.
    mutating func follow(_ document: Document?, now: Double) -> Follow? {
        guard let document else { return nil }
        if document.hasUnsavedEdits {
            if let followed, followed.revision == document.revision || now - followed.at < RecoveryFile.followInterval { return nil }
            followed = (document.revision, now)
            return .write(document.scene, target(for: document))
        }
        guard followed != nil else { return nil }
        followed = nil
        return dropOwn().map(Follow.remove)
    }

    /// Forgets this session's own file (the document is saved or gone); returns it, if there was one.
    mutating func dropOwn() -> String? {
        defer { own = nil; followed = nil }
        return taken ? nil : own
    }

    /// Writes `unsaved`'s scene to `target(for:)`, now, on this thread (quitting, or opening another file).
    mutating func keep(_ unsaved: Document) -> Kept {
        let target = target(for: unsaved)
        do {
            try SceneSave.keep(unsaved.scene, to: target)
            return .kept(target)
        } catch {
            return .lost("\(error)")
        }
    }

    /// Ctrl+R: the scene of the edits kept, and the file it was read from;
    /// they count as taken. Fails with what to say (none to recover, or unreadable).
    mutating func recover() -> Result<(scene: Scene, path: String), RecoveryRefused> {
        guard let path, !taken else { return .failure(RecoveryRefused("no unsaved edits to recover")) }
        let scene: Scene
        do { scene = try Loader.scene(path).scene } catch {
            return .failure(RecoveryRefused("cannot recover: \(error.lines.first ?? "")"))
        }
        taken = true
        return .success((scene, path))
    }

    /// After a save: the file whose edits were taken, and are now saved, goes.
    /// Returns the path removed (nil: none).
    mutating func forgetAfterSave() -> String? {
        guard taken, let path else { return nil }
        self.path = nil
        return unlink(path) == 0 ? path : nil
    }
}

/// Why there was nothing to recover, in the words the HUD shows.
struct RecoveryRefused: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
