#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much work a command may do on a file before it gives up (issue 47):
/// a journal a stranger made slow on purpose (a script that uses most of its
/// budget at every step, for millions of steps) would otherwise keep
/// `replay --verify`, `render` or `simulate` busy for days. Counted in CPU
/// seconds of the whole process, never read by the simulation: where a run
/// gives up may vary, what it computed until then does not.
public enum WorkLimit {
    /// The CPU seconds allowed; 0 (the default, as in the window): no limit.
    /// Set once, before any work starts (the command line's `--time-limit`).
    nonisolated(unsafe) public static var seconds = 0.0

    /// The process's CPU seconds so far.
    public static var used: Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// Whether the work is over the limit.
    public static var exceeded: Bool { seconds > 0 && used > seconds }

    /// What a command says when it gives up, on one line.
    public static var reason: String {
        "gave up after \(Int(seconds)) s of work (--time-limit): the file asks for more work than that"
    }
}
