#if canImport(Glibc)
import Glibc
#endif
import FileOutput
import SceneFormat
import CrateboxReplay

/// Writes the document's unsaved edits to its recovery file on a thread of its
/// own, so that a window that freezes or is killed loses at most the last
/// moments of building (issue 46: a frozen window once lost every edit).
/// The window's thread only hands over the scene, a value; encoding it and
/// writing it (atomically: a temporary name renamed into place) happen here,
/// off the frame. Only the newest scene handed over is written: one not yet
/// written when a newer comes is dropped.
final class RecoveryWriter: Sendable {
    /// What the window's thread asks, and what the writer did.
    private struct Mailbox: Sendable {
        /// The newest scene to write, and where.
        var pending: (scene: Scene, path: String)?
        /// A file to remove (the edits it held are saved, or undone).
        var removal: String?
        var stop = false
        /// Whether the writer is writing (so `flush` can wait for it).
        var busy = false
        /// The last write's failure, once (for the HUD).
        var failure: String?
        /// How many writes have been done (for tests and `flush`).
        var written = 0
    }

    private let mailbox = Locked(Mailbox())
    private let handle: pthread_t

    init?() {
        let mailbox = self.mailbox
        guard case .success(let thread) = startThread({ RecoveryWriter.serve(mailbox) }) else { return nil }
        handle = thread
    }

    /// Hands over `scene` to be written to `path` (replacing one not yet written).
    func write(_ scene: Scene, to path: String) {
        mailbox.update { $0.pending = (scene, path); $0.removal = nil }
    }

    /// Asks for `path` to be removed (a write of it not yet done is dropped).
    func remove(_ path: String) {
        mailbox.update { $0.pending = nil; $0.removal = path }
    }

    /// The last failure since the previous call, if any.
    func takeFailure() -> String? {
        mailbox.withLock { mailbox in
            defer { mailbox.failure = nil }
            return mailbox.failure
        }
    }

    /// Waits (at most `seconds`) until what was handed over is done; returns the writes done so far.
    @discardableResult
    func flush(atMost seconds: Double = 5) -> Int {
        mailbox.wait(atMost: seconds, until: { $0.pending == nil && $0.removal == nil && !$0.busy }) { $0.written }
    }

    /// Stops the thread once what was handed over is done, and waits for it (once).
    func stop() {
        var first = false
        mailbox.update { first = !$0.stop; $0.stop = true }
        if first { pthread_join(handle, nil) }
    }

    deinit { stop() }

    /// The writer's loop: waits for work, does it without the lock, says what happened.
    private static func serve(_ mailbox: Locked<Mailbox>) {
        while true {
            let job = mailbox.wait(atMost: .infinity, until: { $0.pending != nil || $0.removal != nil || $0.stop }) { box in
                defer { box.pending = nil; box.removal = nil; box.busy = true }
                return (box.pending, box.removal, box.stop)
            }
            var failure: String?
            if let (scene, path) = job.0 {
                do { try SceneSave.keep(scene, to: path) } catch { failure = "\(error)" }
            } else if let path = job.1, unlink(path) != 0, errno != ENOENT {
                failure = "cannot remove \(path): \(String(cString: strerror(errno)))"
            }
            mailbox.update { box in
                box.busy = false
                if job.0 != nil && failure == nil { box.written += 1 }
                if let failure { box.failure = failure }
            }
            if job.2 && job.0 == nil && job.1 == nil { return }
        }
    }
}
