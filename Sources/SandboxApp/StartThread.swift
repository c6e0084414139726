#if canImport(Glibc)
import Glibc
#endif

/// Starts `body` on a thread of its own: a pthread, which ThreadSanitizer
/// sees (the physics thread and the recovery file's writer). The thread, or
/// the error number pthread_create gave; join the thread when done with it.
func startThread(_ body: @escaping @Sendable () -> Void) -> Result<pthread_t, ThreadNotStarted> {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    guard created == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return .failure(ThreadNotStarted(errorNumber: created))
    }
    return .success(thread)
}

/// pthread_create refused (its error number).
struct ThreadNotStarted: Error {
    var errorNumber: Int32
}

/// A closure handed to a new thread.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
