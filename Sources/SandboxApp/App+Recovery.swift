#if canImport(Glibc)
import Glibc
#endif
import Editing
import FileOutput
import CrateboxReplay
import Render
import SceneFormat

/// Nothing built is lost: quitting, or opening another file, with unsaved
/// edits keeps them in a recovery file beside the document, and opening the
/// document again in build mode offers them back (Ctrl+R).
extension App {
    /// The document being built, or kept through Play (with its undo).
    var currentDocument: Document? { mode.builder?.document ?? document }

    /// Writes the document's unsaved edits, if any, to `NAME.unsaved.json`
    /// beside it (never over an existing file, unless they were recovered
    /// from it) and says where in one line.
    /// A write that fails is reported when the window closes (exit 73).
    func keepUnsavedEdits() {
        guard let unsaved = currentDocument, unsaved.hasUnsavedEdits else { return }
        // Edits recovered from a file go back into it (they hold its edits and
        // more); any others beside it, never over a file.
        let path = recovery.taken ? recovery.path ?? AtomicFile.unusedPath(Document.recoveryStem(for: unsaved.file), ".json")
                             : AtomicFile.unusedPath(Document.recoveryStem(for: unsaved.file), ".json")
        do {
            try writeTextFile(unsaved.scene.json(), to: path)
            hud.show("unsaved edits of \(unsaved.file) kept in \(path) (`cratebox run --build \(unsaved.file)` offers them back)")
        } catch {
            captures.lose("\(error) (the unsaved edits of \(unsaved.file))")
            hud.show("the unsaved edits of \(unsaved.file) could not be kept: \(error)")
        }
        // Kept once: the edits are in the recovery file now.
        mode.builder?.document.markSaved()
        document?.markSaved()
    }

    /// Ctrl+R in build mode: the edits kept from an earlier session replace the
    /// document's scene, as one edit (Ctrl+Z goes back). Saving them (Ctrl+S)
    /// removes the recovery file.
    func recoverEdits() {
        guard let builder = mode.builder else { return }
        guard let path = recovery.path, !recovery.taken else {
            hud.show("no unsaved edits to recover")
            return
        }
        let scene: Scene
        do {
            scene = try Loader.scene(path).scene
        } catch {
            hud.show("cannot recover: \(error.lines.first ?? "")")
            return
        }
        builder.perform { doc throws(EditRefused) in try doc.commit(scene, select: nil) }
        recovery.taken = true
        hud.show("recovered the edits in \(path) (Ctrl+S saves them to \(builder.document.file), Ctrl+Z goes back)")
    }

    /// After a save: the recovery file whose edits were recovered and are now saved goes.
    func forgetRecoveryFile() {
        guard recovery.taken, let path = recovery.path else { return }
        if unlink(path) == 0 { hud.show("removed \(path): its edits are saved") }
        recovery.path = nil
    }
}
