import CChipmunk
import CrateboxGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Debian builds Chipmunk in debug mode, and its first `cpSpaceNew` prints a
/// two-line banner with `printf`. Machine-readable output (`simulate --json`)
/// must not carry it, so the first space of the process is made while stdout
/// points at /dev/null. Chipmunk prints the banner only once per process.
private let bannerSilenced: Void = {
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    let null = open("/dev/null", O_WRONLY)
    if saved >= 0 && null >= 0 {
        dup2(null, STDOUT_FILENO)
        cpSpaceFree(cpSpaceNew())
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
    }
    if null >= 0 { close(null) }
    if saved >= 0 { close(saved) }
}()

/// Makes sure Chipmunk's debug banner has been printed (to /dev/null).
public func silenceChipmunkBanner() {
    _ = bannerSilenced
}
