#if canImport(Glibc)
import Glibc
#endif

/// Seconds on the monotonic clock (the pacing of real time, never the simulation's).
public enum Monotonic {
    public static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// CPU seconds the calling thread has used.
    public static var threadCPU: Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
