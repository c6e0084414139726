#if canImport(Glibc)
import Glibc
#endif
import FileOutput

/// A clip made by piping raw frames to Debian's `ffmpeg`. It writes to
/// `OUT.part` and renames that into place only when ffmpeg succeeded, so
/// nothing half-written is ever left under the clip's name.
final class VideoEncoder {
    enum Container: String {
        case mp4, webm, gif

        init?(path: String) {
            guard let dot = path.lastIndex(of: "."), let c = Container(rawValue: path[path.index(after: dot)...].lowercased()) else { return nil }
            self = c
        }

        /// The sound's codec and its bit-exact flag (the same track gives the same bytes).
        var soundArguments: [String] {
            switch self {
            case .mp4: return ["-c:a", "aac", "-b:a", "160k", "-flags:a", "+bitexact"]
            case .webm: return ["-c:a", "libvorbis", "-q:a", "5", "-flags:a", "+bitexact"]
            case .gif: return []
            }
        }

        /// ffmpeg's arguments after the input: codec, pixel format and muxer.
        var arguments: [String] {
            // H.264 and VP8 in 4:2:0 need even sizes: pad by a pixel when odd.
            let even = ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p"]
            switch self {
            case .mp4: return ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20"] + even + ["-movflags", "+faststart", "-f", "mp4"]
            case .webm: return ["-c:v", "libvpx", "-b:v", "4M", "-deadline", "realtime", "-cpu-used", "8"] + even + ["-f", "webm"]
            case .gif: return ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-f", "gif"]
            }
        }
    }

    let output: String
    private let partial: String
    private let pid: pid_t
    private var input: Int32
    private let errors: String

    /// The ffmpeg on PATH, if any.
    static func ffmpeg() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/ffmpeg" }.first { access($0, X_OK) == 0 }
    }

    /// Starts ffmpeg on `width` x `height` RGBA frames at `fps`, with the WAV file `sound` as the clip's sound.
    init(ffmpeg: String, output: String, container: Container, width: Int, height: Int, fps: Int, sound: String?) throws(Failure) {
        self.output = output
        partial = output + ".part"
        errors = "/tmp/cratebox-ffmpeg-\(getpid()).log"
        let arguments = [ffmpeg, "-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-"]
            + (sound.map { ["-i", $0, "-map", "0:v", "-map", "1:a"] + container.soundArguments } ?? [])
            + container.arguments + ["-fflags", "+bitexact", "-flags:v", "+bitexact", partial]
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(Exit.cannotCreate, "cratebox: cannot start ffmpeg: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var child: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        let spawned = posix_spawn(&child, ffmpeg, &actions, nil, argv, environ)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw Failure(Exit.cannotCreate, "cratebox: cannot start ffmpeg: \(String(cString: strerror(spawned)))")
        }
        pid = child
        input = pipeEnds[1]
        // A write to an ffmpeg that has stopped is an error to report, not a signal that kills us.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Sends one frame (RGBA, top row first).
    func write(_ frame: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < frame.count {
            let n = frame.withUnsafeBytes { Glibc.write(input, $0.baseAddress! + sent, $0.count - sent) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw fail() }
            sent += n
        }
    }

    /// Ends the clip: ffmpeg finishes the file, which is renamed into place.
    func finish() throws(Failure) {
        close(input)
        input = -1
        guard wait() == 0 else { throw fail() }
        unlink(errors)
        guard rename(partial, output) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw Failure(Exit.cannotCreate, "cratebox: \(output): cannot write: \(reason)")
        }
    }

    /// Stops ffmpeg and removes what it wrote, when the run itself failed before the clip was whole.
    func abandon() { _ = fail() }

    /// Stops ffmpeg and removes what it wrote; the error names ffmpeg's last line.
    private func fail() -> Failure {
        if input >= 0 {
            close(input)
            input = -1
            kill(pid, SIGTERM)
        }
        let status = wait()
        unlink(partial)
        let text = (try? readRegularFile(errors, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        unlink(errors)
        let last = text.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
        return Failure(Exit.cannotCreate, "cratebox: \(output): ffmpeg failed: \(last)")
    }

    private var waited: Int32?

    private func wait() -> Int32 {
        if let waited { return waited }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        waited = status
        return status
    }
}
