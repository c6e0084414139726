#if canImport(Glibc)
import Glibc
#endif
import CSDL2

public struct RenderError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Writes a file through a temporary name in the same directory and renames
/// it into place, so a crash or a full disk never leaves half a file where the
/// user's was.
func writeAtomically(_ path: String, _ write: (String) -> Bool) throws(RenderError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(directory)/.\(name).tmp-\(getpid())"
    guard write(temporary) else {
        unlink(temporary)
        throw RenderError("\(path): cannot write: \(String(cString: SDL_GetError()))")
    }
    guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw RenderError("\(path): cannot write: \(reason)")
    }
}

/// Saves an SDL surface as a PNG, atomically.
func savePNG(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(RenderError) {
    try writeAtomically(path) { IMG_SavePNG(surface, $0) == 0 }
}

/// Writes text to a file, atomically.
public func writeTextFile(_ text: String, to path: String) throws(RenderError) {
    try writeAtomically(path) { temporary in
        guard let file = fopen(temporary, "wb") else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        return fclose(file) == 0 && written == bytes.count && flushed
    }
}
