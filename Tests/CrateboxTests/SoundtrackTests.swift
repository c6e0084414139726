import Foundation
import Simulation
import Testing
import TestSupport
@testable import cratebox

/// `render --audio` and the sound of `render --video`: the window's synthesis
/// of what the world heard at each step, the same bytes on every run, its
/// sounds where the journal's contacts are.
@Suite(.serialized) struct SoundtrackTests {
    /// A ball that bounces on the floor: silent in flight, each landing a contact that begins.
    let journal = "Tests/Fixtures/replays/bounce-lands.jsonl"

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-sound-\(getpid())-\(name)").path
    }

    /// The landings: steps after which shapes touch after a flight of at least 0.1 s (12 steps) in
    /// which nothing touched, replaying the journal up to `steps` (the physics' own contacts, not what is heard).
    func landings(upTo steps: Int) throws -> [Int] {
        let replay = try makeReplay(packageRoot.appendingPathComponent(journal).path)
        var begun: [Int] = [], lastTouch = -100
        while replay.world.stepCount < steps {
            #expect(replay.advance() == nil)
            guard !replay.world.contactPoints.isEmpty else { continue }
            if replay.world.stepCount - lastTouch > 12 { begun.append(replay.world.stepCount) }
            lastTouch = replay.world.stepCount
        }
        return begun
    }

    /// Whether the sound rises at frame `at` (within `slack` frames): louder just after than just before.
    func rises(_ levels: [Double], at: Int, slack: Int) -> Bool {
        let before = levels[max(0, at - slack - 1200)..<max(0, at - slack)].max() ?? 0
        let after = levels[max(0, at - slack)..<min(levels.count, at + slack)].max() ?? 0
        return after > 0.02 && after > 1.5 * before
    }

    /// A file's sound as 48 kHz stereo 16-bit samples, decoded by ffmpeg; the louder channel of each frame.
    func levels(of path: String) throws -> [Double] {
        let raw = temporary("decoded.raw")
        defer { unlink(raw) }
        let r = try runProgram("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path, "-map", "0:a", "-f", "s16le", "-ac", "2", "-ar", "48000", raw])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        return data.withUnsafeBytes { bytes in
            let samples = bytes.bindMemory(to: Int16.self)
            return stride(from: 0, to: samples.count - 1, by: 2).map { max(abs(Double(samples[$0])), abs(Double(samples[$0 + 1]))) / 32767 }
        }
    }

    /// The first frame louder than `threshold`.
    func onset(_ levels: [Double], above threshold: Double = 0.01) -> Int? { levels.firstIndex { $0 > threshold } }

    @Test func theTrackIsSilentUntilTheFirstContactAndSoundsThere() throws {
        let wav = temporary("track.wav"), again = temporary("again.wav")
        defer { unlink(wav); unlink(again) }
        for path in [wav, again] {
            let r = try cratebox("render", journal, "--audio", path)
            #expect(r.status == 0 && r.stdout.contains("sounds"), "\(r.stderr)")
        }
        #expect(FileManager.default.contentsEqual(atPath: wav, andPath: again), "two runs, the same bytes")
        let begun = try landings(upTo: 480), sound = try levels(of: wav)
        #expect(begun.count >= 5, "the ball lands again and again: \(begun)")
        let heard = try #require(onset(sound))
        // A step is 400 frames; the sound starts with the step after which the bodies touch.
        #expect(abs(heard - begun[0] * 400) <= 400, "first sound at frame \(heard), first contact after step \(begun[0])")
        let unheard = begun.filter { !rises(sound, at: $0 * 400, slack: 400) }
        #expect(unheard.isEmpty, "landings not heard after steps \(unheard) of \(begun)")
        let probe = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels", "-of", "csv=p=0", wav])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "pcm_s16le,48000,2")
    }

    @Test func aClipCarriesTheSoundInTimeAndTheSameBytesTwice() throws {
        let mp4 = temporary("clip.mp4"), again = temporary("again.mp4"), silent = temporary("silent.mp4")
        defer { unlink(mp4); unlink(again); unlink(silent) }
        for path in [mp4, again] {
            let r = try cratebox("render", journal, "--steps", "240", "--size", "160x120", "--video", path)
            #expect(r.status == 0 && r.stdout.contains("with sound"), "\(r.stderr)")
        }
        #expect(FileManager.default.contentsEqual(atPath: mp4, andPath: again), "two runs, the same bytes")
        let streams = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name", "-of", "csv=p=0", mp4])
        #expect(streams.stdout.split(separator: "\n").sorted() == ["aac,audio", "h264,video"], "\(streams.stdout)")
        // Within a frame of the picture (1/60 s: 800 frames of sound) of the first contact.
        let begun = try landings(upTo: 240), sound = try levels(of: mp4)
        let heard = try #require(onset(sound))
        #expect(abs(heard - begun[0] * 400) <= 800, "first sound at frame \(heard), first contact after step \(begun[0])")
        let unheard = begun.filter { !rises(sound, at: $0 * 400, slack: 800) }
        #expect(unheard.isEmpty, "landings not heard in the clip after steps \(unheard) of \(begun)")
        let r = try cratebox("render", journal, "--steps", "240", "--size", "160x120", "--no-sound", "--video", silent)
        #expect(r.status == 0 && r.stdout.contains("no sound"), "\(r.stderr)")
        let none = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", silent])
        #expect(none.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "video")
    }

    @Test func anUnwritableTrackIsOneLineAndLeavesNothing() throws {
        let r = try cratebox("render", journal, "--audio", "/nonexistent-dir/track.wav")
        #expect(r.status == 73 && r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("/nonexistent-dir/track.wav"), "\(r.stderr)")
        // A 64 KiB disk: the track (1.5 MB) does not fit; nothing is left, not even its temporary file.
        let dir = temporary("full")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try mountSmallDisk(dir)
        defer { unmountSmallDisk(dir) }
        let full = try cratebox("render", journal, "--audio", dir + "/track.wav")
        #expect(full.status == 73 && full.stderr.split(separator: "\n").count == 1 && full.stderr.contains(dir + "/track.wav"), "\(full.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing is left behind")
        let both = try cratebox("render", journal, "--audio", "a.wav", "--output", "a.png")
        #expect(both.status == 64 && both.stderr.contains("give one of --output, --frames, --video and --audio"), "\(both.stderr)")
    }
}
