import ChipmunkGuard

/// Linking ChipmunkGuard turns a failed Chipmunk assertion into a clean
/// exit 70 with one line on stderr instead of an abort (see chipmunk_guard.c).

/// Chipmunk's version, as the library reports it (`cpVersionString`).
public var chipmunkVersion: String { String(cString: chipmunk_guard_version()) }

/// The warnings Chipmunk gave so far in this process, a kind each (at most
/// eight) with how many times it came: said when a command ends well, never
/// before a refusal (one line).
public var chipmunkWarnings: [(text: String, times: Int)] {
    (0..<Int(chipmunk_guard_warning_kinds())).compactMap { kind in
        var times: Int64 = 0
        guard let text = chipmunk_guard_warning(Int32(kind), &times) else { return nil }
        return (String(cString: text), Int(times))
    }
}
