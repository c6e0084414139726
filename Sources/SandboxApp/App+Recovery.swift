import Editing

/// What the window says and does of the recovery file (`RecoveryFile`):
/// keeping the document's unsaved edits, offering them back, removing the
/// file once they are saved.
extension App {
    /// The document being built, or kept through Play (with its undo).
    var currentDocument: Document? { mode.builder?.document ?? document }

    /// Keeps the document's unsaved edits, if any (`RecoveryFile.keep`), and
    /// says where in one line. A write that fails is reported when the window
    /// closes (exit 73).
    func keepUnsavedEdits() {
        recoveryWriter?.flush()
        guard let unsaved = currentDocument, unsaved.hasUnsavedEdits else {
            // Saved or undone since the writer last followed: its file goes with the document.
            if let own = recovery.dropOwn() { recoveryWriter?.remove(own) }
            recoveryWriter?.flush()
            return
        }
        defer { _ = recovery.dropOwn() }
        switch recovery.keep(unsaved) {
        case .kept(let path):
            hud.show("unsaved edits of \(unsaved.file) kept in \(path) (`cratebox run --build \(unsaved.file)` offers them back)")
        case .lost(let error):
            captures.lose("\(error) (the unsaved edits of \(unsaved.file))")
            hud.show("the unsaved edits of \(unsaved.file) could not be kept: \(error)")
        }
        // Kept once: the edits are in the recovery file now.
        mode.builder?.document.markSaved()
        document?.markSaved()
    }

    /// Each frame: the recovery file follows the document's edits (`RecoveryFile.follow`),
    /// written on the writer's thread; a write that failed is said in the HUD (and tried
    /// again with the next edit, and on quitting, where a failure is reported at exit).
    func followEdits(now: Double) {
        guard let writer = recoveryWriter else { return }
        if let failure = writer.takeFailure(), let file = currentDocument?.file {
            hud.show("the unsaved edits of \(file) could not be kept: \(failure)")
        }
        switch recovery.follow(currentDocument, now: now) {
        case .write(let scene, let path): writer.write(scene, to: path)
        case .remove(let path): writer.remove(path)
        case nil: break
        }
    }

    /// Ctrl+R in build mode: the edits kept from an earlier session replace the
    /// document's scene, as one edit (Ctrl+Z goes back). Saving them (Ctrl+S)
    /// removes the recovery file.
    func recoverEdits() {
        guard let builder = mode.builder else { return }
        switch recovery.recover() {
        case .failure(let refused):
            hud.show(refused.message)
        case .success(let (scene, path)):
            builder.perform { doc throws(EditRefused) in try doc.commit(scene, select: nil) }
            hud.show("recovered the edits in \(path) (Ctrl+S saves them to \(builder.document.file), Ctrl+Z goes back)")
        }
    }

    /// After a save: the recovery file whose edits were recovered and are now saved goes.
    func forgetRecoveryFile() {
        if let removed = recovery.forgetAfterSave() { hud.show("removed \(removed): its edits are saved") }
    }
}
