import Foundation
import Testing
import TestSupport

/// `render --video`: a clip made by ffmpeg, checked with ffprobe; a missing
/// ffmpeg and a failing one are one line each, and leave nothing behind.
@Suite(.serialized) struct VideoTests {
    func probe(_ path: String) throws -> [String: String] {
        let text = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                       "-show_entries", "stream=nb_read_frames,r_frame_rate,width,height,codec_name",
                                                       "-of", "default=nw=1", path]).stdout
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { fields[kv[0]] = kv[1] }
        }
        return fields
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-video-\(getpid())-\(name)").path
    }

    @Test func aShortClipHasTheFramesAndRateAsked() throws {
        let mp4 = temporary("clip.mp4"), webm = temporary("replay.webm")
        defer { unlink(mp4); unlink(webm) }
        // Half a second of sim time at 30 frames a second: frames at steps 0, 4, ... 60.
        let r = try cratebox("render", "Scenes/crates.json", "--seconds", "0.5", "--fps", "30", "--size", "320x240", "--video", mp4)
        #expect(r.status == 0, "\(r.stderr)")
        let clip = try probe(mp4)
        #expect(clip["codec_name"] == "h264" && clip["width"] == "320" && clip["height"] == "240", "\(clip)")
        #expect(clip["nb_read_frames"] == "16" && clip["r_frame_rate"] == "30/1", "\(clip)")
        // A journal's clip runs to its end by default: 480 steps at 60 fps is 241 frames.
        let j = try cratebox("render", "Tests/Fixtures/replays/pyramid-tilted.jsonl", "--size", "160x120", "--video", webm)
        #expect(j.status == 0, "\(j.stderr)")
        let replay = try probe(webm)
        #expect(replay["codec_name"] == "vp8" && replay["nb_read_frames"] == "241" && replay["r_frame_rate"] == "60/1", "\(replay)")
        #expect(!FileManager.default.fileExists(atPath: mp4 + ".part"))
    }

    @Test func withoutFfmpegItSaysHowToInstallItAndExits69() throws {
        let out = temporary("none.mp4")
        let r = try cratebox(["render", "--seconds", "0.5", "--video", out], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 69)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("apt-get install ffmpeg"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anFfmpegFailureGivesItsLastLineAndLeavesNothingUnderTheName() throws {
        // A 64 KiB disk: the clip does not fit.
        let dir = temporary("full")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try mountSmallDisk(dir)
        defer { unmountSmallDisk(dir) }
        let out = dir + "/big.mp4"
        let r = try cratebox("render", "Scenes/pile.json", "--seconds", "2", "--size", "640x360", "--video", out)
        #expect(r.status == 73, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.hasPrefix("cratebox: \(out): ffmpeg failed: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing is left behind")
    }
}
