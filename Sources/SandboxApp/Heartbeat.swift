#if canImport(Glibc)
import Glibc
#endif
import FileOutput

/// Proof that the window's thread goes on: the count of frames drawn, written
/// to a file (`CRATEBOX_HEARTBEAT`) a few times a second, for the UI exerciser
/// and the soak, which read it to tell a window that answers from one frozen
/// on its last frame (issue 46: a key froze the window while its picture
/// stayed up). Not a user's file: nothing is written unless the variable names one.
struct Heartbeat {
    let path: String
    private var frames = 0
    private var written = -Double.infinity
    private var failed = false

    /// How often the count is written, in seconds.
    static let interval = 0.25

    init(path: String) { self.path = path }

    /// One more frame; writes the count when `interval` has passed since the last write.
    mutating func beat(now: Double) {
        frames += 1
        guard now - written >= Heartbeat.interval else { return }
        written = now
        do {
            try writeTextFile("\(frames)\n", to: path)
        } catch {
            if !failed {
                let line = Array("cratebox: the heartbeat cannot be written: \(error)\n".utf8)
                _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            }
            failed = true
        }
    }
}
