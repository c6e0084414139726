import ChipmunkGuard

/// Linking ChipmunkGuard turns a failed Chipmunk assertion into a clean
/// exit 70 with one line on stderr instead of an abort (see chipmunk_guard.c).

/// Chipmunk's version, as the library reports it (`cpVersionString`).
public var chipmunkVersion: String { String(cString: chipmunk_guard_version()) }
