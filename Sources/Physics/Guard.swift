import ChipmunkGuard

/// How many warnings Chipmunk has printed (to stderr) in this process.
/// Linking ChipmunkGuard also turns a failed Chipmunk assertion into a clean
/// exit 70 with one line on stderr instead of an abort (see chipmunk_guard.c).
public var chipmunkWarnings: Int { Int(chipmunk_guard_warnings()) }

/// Chipmunk's version, as the library reports it (`cpVersionString`).
public var chipmunkVersion: String { String(cString: chipmunk_guard_version()) }
