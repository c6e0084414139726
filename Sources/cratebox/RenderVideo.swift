#if canImport(Glibc)
import Glibc
#endif
import Render
import Simulation

extension RenderPicture {
    /// A clip of the run: a frame every 1/fps s of sim time up to step `total`,
    /// piped to ffmpeg, with the sound in `track` (a WAV file).
    func writeVideo(to path: String, total: Int, track: String?, world: () -> World, advance: () throws -> Void) throws {
        guard let ffmpeg = VideoEncoder.ffmpeg() else {
            throw Failure(Exit.unavailable, "cratebox: --video needs ffmpeg, which is not installed: sudo apt-get install ffmpeg (scripts/setup installs it)")
        }
        let encoder = try VideoEncoder(ffmpeg: ffmpeg, output: path, container: VideoEncoder.Container(path: path)!,
                                       width: size.width, height: size.height, fps: fps, sound: track)
        // Frame k shows step round(k * 120 / fps).
        let count = total * fps / 120 + 1
        let terminal = isatty(2) != 0
        var step = 0
        for frame in 0..<count {
            let due = (frame * 120 + fps / 2) / fps
            while step < due {
                do { try advance() } catch {
                    // A step that cannot be taken (or the time limit): ffmpeg stops and its OUT.part goes.
                    encoder.abandon()
                    throw error
                }
                step += 1
            }
            let pixels: [UInt8]
            do {
                pixels = try Offscreen.pixels(of: world(), width: size.width, height: size.height, debug: debug, band: band)
            } catch {
                encoder.abandon()
                throw Failure(Exit.failure, "cratebox: \(error)")
            }
            try encoder.write(pixels)
            if terminal {
                let width = 40, done = (frame + 1) * width / count
                var err = StandardError()
                err.write("\r[\(String(repeating: "#", count: done) + String(repeating: "-", count: width - done))] \(frame + 1)/\(count) frames")
            }
        }
        if terminal { var err = StandardError(); err.write("\n") }
        try encoder.finish()
        say("\(path): \(count) frames of \(size.width)x\(size.height) at \(fps) fps (\(step) steps)\(track == nil ? ", no sound" : ", with sound")")
    }
}
