#if canImport(Glibc)
import Glibc
#endif
import CrateboxReplay
import FileOutput
import JSONText
import SceneFormat
import Simulation

extension RenderPicture {
    /// The run's sound alone (`--audio`): steps 0 to `total`, `total + 1` steps long.
    func writeAudio(to path: String, total: Int, scene: Scene, world: () -> World, advance: () throws -> Void) throws {
        let heard = try writeSoundtrack(to: path, frames: (total + 1) * Soundtrack.framesPerStep, total: total, scene: scene,
                                        world: world, advance: advance)
        say("\(path): \(NumberText.fixed(Double(total + 1) / 120, 2)) s of 48 kHz stereo, \(heard) sounds (\(total) steps)")
    }

    /// Steps the run `total` times with its world listening and writes what
    /// it heard as a WAV file of `frames` frames; returns how many sounds.
    func writeSoundtrack(to path: String, frames: Int, total: Int, scene: Scene, world: () -> World,
                         advance: () throws -> Void) throws -> Int {
        // A WAV file's sizes are 32 bits.
        guard frames <= (Int(UInt32.max) - 36) / 4 else { throw Failure.usage("a sound track is at most \((Int(UInt32.max) - 36) / 4 / Soundtrack.framesPerStep) steps (about 6 hours)") }
        do {
            var track = try Soundtrack(path: path, frames: frames, scene: scene, startStep: world().stepCount)
            world().listening = true
            for _ in 0..<total {
                try advance()
                try track.heard(world())
            }
            try track.finish()
            return track.heardCount
        } catch let error as FileError {
            throw Failure.cannotCreate(error)
        }
    }

    /// The track a clip of `total` steps at `fps` carries, in a temporary file
    /// the caller removes (nil for a GIF, which has no sound, with --no-sound,
    /// or without ffmpeg, which the clip then reports); the clip's folder holds only the clip.
    func clipTrack(for video: String, total: Int, scene: Scene, world: () -> World, advance: () throws -> Void) throws -> String? {
        guard !noSound, VideoEncoder.Container(path: video) != .gif, VideoEncoder.ffmpeg() != nil else { return nil }
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(folder)/cratebox-track-\(getpid()).wav"
        let frames = (total * fps / 120 + 1) * Soundtrack.sampleRate / fps
        _ = try writeSoundtrack(to: path, frames: frames, total: total, scene: scene, world: world, advance: advance)
        return path
    }
}
