/// RIFF WAVE, 16-bit PCM, stereo: the header of a file of `frames` frames,
/// and samples as little-endian bytes. What `render --audio` writes and
/// ffmpeg reads for a clip's track.
public enum Wave {
    /// The 44 bytes before the samples of a stereo 16-bit file of `frames` frames at `sampleRate`.
    public static func header(frames: Int, sampleRate: Int) -> [UInt8] {
        let data = UInt32(clamping: frames * 4)
        var out: [UInt8] = []
        out.reserveCapacity(44)
        func text(_ s: String) { out += Array(s.utf8) }
        func u32(_ v: UInt32) { out += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)] }
        func u16(_ v: UInt16) { out += [UInt8(v & 0xff), UInt8(v >> 8)] }
        text("RIFF"); u32(36 &+ data); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(2)  // PCM, two channels
        u32(UInt32(sampleRate)); u32(UInt32(sampleRate * 4)); u16(4); u16(16)
        text("data"); u32(data)
        return out
    }

    /// Interleaved samples as the file holds them.
    public static func bytes(of samples: [Int16]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, s) in samples.enumerated() {
            let u = UInt16(bitPattern: s)
            out[2 * i] = UInt8(u & 0xff)
            out[2 * i + 1] = UInt8(u >> 8)
        }
        return out
    }
}
