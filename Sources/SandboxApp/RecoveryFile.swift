#if canImport(Glibc)
import Glibc
#endif
import Editing
import FileOutput
import CrateboxReplay
import SceneFormat

/// Nothing built is lost: a document's unsaved edits kept in
/// `NAME.unsaved.json` beside it (quitting, or opening another file), offered
/// back when the document is opened again in build mode (Ctrl+R), and the
/// file removed once its edits are saved. The job whole, without SDL: `App`
/// says what it reports.
struct RecoveryFile {
    /// The file of unsaved edits from an earlier session (`--build` found it), if any.
    var path: String?
    /// Whether its edits were taken into the document (then they go back into it).
    private(set) var taken = false

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

    /// Writes `unsaved`'s scene beside its file: back into the file its edits
    /// were recovered from (they hold its edits and more), else under a name
    /// not taken, never over a file.
    func keep(_ unsaved: Document) -> Kept {
        let fresh = AtomicFile.unusedPath(Document.recoveryStem(for: unsaved.file), ".json")
        let target = taken ? path ?? fresh : fresh
        do {
            try writeTextFile(unsaved.scene.json(), to: target)
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
