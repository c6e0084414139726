import CSDL2
import FileOutput

/// Why a window, a picture or a file it was asked for could not be made:
/// no display, a file that could not be written, or anything else.
public struct WindowError: Error, CustomStringConvertible {
    /// What went wrong, for the exit status the command line gives it.
    public enum Kind: Sendable {
        /// No display to open a window on (exit 69).
        case noDisplay
        /// A file the user asked for could not be written (exit 73).
        case cannotWrite
        case other
    }
    public var kind: Kind
    public var message: String
    public init(_ message: String, kind: Kind = .other) {
        self.message = message
        self.kind = kind
    }
    public var description: String { message }
}

/// Saves an SDL surface as a PNG, atomically. SDL_image writes through stdio
/// and does not notice a write that fails when the file is closed (a full
/// disk), so the PNG is made in memory and written here, every write checked.
public func savePNG(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(WindowError) {
    let s = surface.pointee
    // A PNG is never much bigger than the raw pixels: a byte per row for the
    // filter, plus headers and deflate's stored-block overhead.
    var buffer = [UInt8](repeating: 0, count: Int(s.w) * Int(s.h) * 4 + Int(s.h) * 8 + 65536)
    let encoded: Int? = buffer.withUnsafeMutableBytes { raw in
        guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else { return nil }
        defer { SDL_RWclose(rw) }
        guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { return nil }
        return Int(SDL_RWtell(rw))
    }
    guard let encoded, encoded > 0 else {
        throw WindowError("\(path): cannot make the PNG: \(String(cString: SDL_GetError()))", kind: .cannotWrite)
    }
    try writeFile(Array(buffer.prefix(encoded)), to: path)
}

/// Writes bytes to a file, atomically, synced to disk before it is renamed.
func writeFile(_ bytes: [UInt8], to path: String) throws(WindowError) {
    do {
        try AtomicFile.write(bytes, to: path)
    } catch {
        throw WindowError(error.description, kind: .cannotWrite)
    }
}
