#if canImport(Glibc)
import Glibc
#endif
import WindowModel

/// A value shared between the window's thread and the physics thread, behind
/// a pthread mutex, with a condition variable to wait on it.
///
/// Why not `Synchronization.Mutex`: ThreadSanitizer, which `scripts/test` runs
/// on the window and on the hand-off, does not model it on this toolchain and
/// reports false races through it, while it does see pthread mutexes. The
/// `@unchecked Sendable` is what any lock type needs: `value` is only ever
/// touched inside `withLock` or `wait`, with the mutex held.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)  // timed waits on the monotonic clock
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Changes the value and wakes a thread waiting on it.
    func update(_ body: (inout Value) -> Void) {
        withLock { value in
            body(&value)
            pthread_cond_signal(condition)
        }
    }

    /// Waits (at most `seconds`) until `ready` holds, then runs `body` with the lock held.
    func wait<R>(atMost seconds: Double, until ready: (Value) -> Bool, _ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if seconds == .infinity {
            while !ready(value) { pthread_cond_wait(condition, mutex) }
        } else if !ready(value), seconds > 0 {
            let deadline = Monotonic.now + seconds
            var spec = timespec(tv_sec: Int(deadline), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
            while !ready(value) {
                if pthread_cond_timedwait(condition, mutex, &spec) == ETIMEDOUT { break }
            }
        }
        return body(&value)
    }
}
