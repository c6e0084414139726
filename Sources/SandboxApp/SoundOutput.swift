#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import CrateboxGeometry
import Simulation
import Sound
import Synchronization
import WindowModel

/// The window's sound: SDL's audio device, whose callback runs on SDL's own
/// thread and mixes what the physics thread heard (`SoundQueue`: neither
/// thread ever waits for the other) with the synthesis `render --audio`
/// uses. A sound starts in the first buffer after its step is taken, so it
/// is heard at most a buffer (512 frames, 10.7 ms) after the step plus the
/// device's own buffer. Held (paused, showing the past, rebuilding) or
/// muted, it is silent: what plays fades out within one buffer.
final class SoundOutput: @unchecked Sendable {
    // Sendable: `queue`, `muted`, `held`, the view and the figures are
    // atomics or the lock-free queue; `synth` and the trace's records are
    // touched only by the callback, and the trace read only after the device is closed.

    /// One sound on its way: what was heard, after which step, and when that step was due (monotonic seconds).
    struct Entry {
        var heard: Heard
        var step: Int
        var due: Double
    }

    /// What the callback did with a sound (for `CRATEBOX_SOUND_LOG`).
    struct Traced {
        var step: Int
        var due: Double, started: Double
        /// The frame of the output it starts at.
        var frame: Int
    }

    static let sampleRate = 48_000
    static let bufferFrames = 512
    /// SDL's device (0 until opened); set before its callback first runs.
    private(set) var device: SDL_AudioDeviceID = 0
    let queue = SoundQueue<Entry>(capacity: 4096, filler: Entry(heard: Heard(sound: SoundEvent(.snap, strength: 0), position: .zero), step: 0, due: 0))
    let muted = Atomic<Bool>(false), held = Atomic<Bool>(false)
    /// The world rectangle on screen, as doubles' bits: min x, min y, max x, max y.
    private let minX = Atomic<UInt64>(0), minY = Atomic<UInt64>(0), maxX = Atomic<UInt64>(0), maxY = Atomic<UInt64>(0)
    /// The callback's CPU time (nanoseconds), its calls, and the longest a
    /// sound waited from its step's due time to its buffer (microseconds).
    let cpuNanoseconds = Atomic<Int>(0), callbacks = Atomic<Int>(0), longestWait = Atomic<Int>(0)

    private var synth = Synth(sampleRate: SoundOutput.sampleRate)
    private var silenced = false
    /// The trace's room (nil: no trace), and how many records it holds.
    private let trace: UnsafeMutablePointer<Traced>?
    private let traceRoom = 8192
    private var traced = 0

    /// Set once the device plays: until then (and if it never does) nothing is queued.
    private let active = Atomic<Bool>(false)

    /// Whether the device plays: the physics thread has its world listen only then.
    var isActive: Bool { active.load(ordering: .acquiring) }

    /// Sound for the window, to be started once it is open (`start`); nil with
    /// `--no-sound` / CRATEBOX_NO_SOUND. `trace`: keep what played, for `traceLines`.
    init(trace: Bool) {
        self.trace = trace ? .allocate(capacity: traceRoom) : nil
    }

    /// Opens SDL's audio device and starts playing; why not, if it cannot.
    func start() -> String? {
        // A machine with no sound card has ALSA write its search to stderr, line by line,
        // as SDL looks for devices and opens one: it is quiet for those, and the window
        // says "no sound" once instead.
        guard SoundOutput.quietly({ SDL_InitSubSystem(SDL_INIT_AUDIO) }) == 0 else { return "no sound: \(String(cString: SDL_GetError()))" }
        var want = SDL_AudioSpec(), have = SDL_AudioSpec()
        want.freq = Int32(SoundOutput.sampleRate)
        want.format = SDL_AudioFormat(AUDIO_S16LSB)
        want.channels = 2
        want.samples = UInt16(SoundOutput.bufferFrames)
        want.userdata = Unmanaged.passUnretained(self).toOpaque()
        want.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            Unmanaged<SoundOutput>.fromOpaque(userdata).takeUnretainedValue().fill(stream, bytes: Int(length))
        }
        // Format, rate and size as asked: SDL converts for a device that differs.
        let device = SoundOutput.quietly { SDL_OpenAudioDevice(nil, 0, &want, &have, 0) }
        guard device != 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            return "no sound: \(reason.isEmpty ? "no audio device" : reason)"
        }
        self.device = device
        active.store(true, ordering: .releasing)
        SDL_PauseAudioDevice(device, 0)
        return nil
    }

    /// Takes what the physics thread hands over with no device to play it
    /// (the tests of what the physics loop hears: they read `queue`).
    func acceptWithoutDevice() { active.store(true, ordering: .releasing) }

    /// `body` with stderr sent to /dev/null (the main thread, while nothing else writes there).
    static func quietly<T>(_ body: () -> T) -> T {
        fflush(nil)
        let saved = dup(2), null = open("/dev/null", O_WRONLY)
        if saved >= 0 && null >= 0 { dup2(null, 2) }
        defer {
            if saved >= 0 { dup2(saved, 2); Glibc.close(saved) }
            if null >= 0 { Glibc.close(null) }
        }
        return body()
    }

    deinit { trace?.deallocate() }

    /// Stops the callback (SDL waits for one running to return); nothing plays after.
    func close() {
        guard device != 0 else { return }
        active.store(false, ordering: .relaxed)
        SDL_CloseAudioDevice(device)
        device = 0
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// What the sound has cost so far: the callback's CPU seconds, its calls,
    /// the longest a sound waited from its step to its buffer, the sounds dropped (a full queue).
    struct Figures: Sendable {
        var cpuSeconds = 0.0, callbacks = 0, longestWait = 0.0, dropped = 0
    }

    var figures: Figures {
        Figures(cpuSeconds: Double(cpuNanoseconds.load(ordering: .relaxed)) * 1e-9, callbacks: callbacks.load(ordering: .relaxed),
                longestWait: Double(longestWait.load(ordering: .relaxed)) * 1e-6, dropped: queue.dropped)
    }

    /// What the world heard in the step just taken (the physics thread); dropped when the queue is full.
    func hear(_ heard: [Heard], step: Int, due: Double) {
        guard !heard.isEmpty, active.load(ordering: .acquiring) else { return }
        for h in heard { queue.put(Entry(heard: h, step: step, due: due)) }
    }

    /// Where the window looks (the main thread, each frame): sounds are panned and faded by it.
    func look(at min: Vector, _ max: Vector) {
        minX.store(min.x.bitPattern, ordering: .relaxed)
        minY.store(min.y.bitPattern, ordering: .relaxed)
        maxX.store(max.x.bitPattern, ordering: .relaxed)
        maxY.store(max.y.bitPattern, ordering: .relaxed)
    }

    private var view: ListenerView {
        // Four loads, not one: a view torn between two frames pans one buffer by a frame's camera motion.
        func d(_ a: borrowing Atomic<UInt64>) -> Double { Double(bitPattern: a.load(ordering: .relaxed)) }
        return ListenerView(minX: d(minX), minY: d(minY), maxX: d(maxX), maxY: d(maxY))
    }

    /// The callback, on SDL's audio thread: takes what was heard, renders a buffer.
    private func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let cpu = Monotonic.threadCPU, now = Monotonic.now
        let buffer = UnsafeMutableBufferPointer(start: UnsafeMutableRawPointer(stream).assumingMemoryBound(to: Int16.self), count: bytes / 2)
        let silent = muted.load(ordering: .relaxed) || held.load(ordering: .relaxed)
        let view = self.view
        queue.take { entry in
            guard !silent else { return }
            synth.schedule(entry.heard.sound.placed(atX: entry.heard.position.x, y: entry.heard.position.y, in: view), at: synth.frame)
            let waited = Int((now - entry.due) * 1e6)
            if waited > longestWait.load(ordering: .relaxed) { longestWait.store(waited, ordering: .relaxed) }
            if let trace, traced < traceRoom {
                // Where it is in what is played: the limiter's look-ahead delays the mix by its latency.
                trace[traced] = Traced(step: entry.step, due: entry.due, started: now, frame: synth.frame + synth.latency)
                traced += 1
            }
        }
        if !silent {
            silenced = false
            synth.render(into: buffer)
        } else if !silenced {
            // What was playing fades out over this buffer, then nothing plays.
            synth.render(into: buffer)
            for i in 0..<(buffer.count / 2) {
                let fade = 1 - Double(i) / Double(buffer.count / 2)
                buffer[2 * i] = Int16(Double(buffer[2 * i]) * fade)
                buffer[2 * i + 1] = Int16(Double(buffer[2 * i + 1]) * fade)
            }
            synth.stopAll()
            silenced = true
        } else {
            for i in buffer.indices { buffer[i] = 0 }
            synth.rest(frames: buffer.count / 2)  // the stream goes on: the trace's frames stay true
        }
        callbacks.wrappingAdd(1, ordering: .relaxed)
        cpuNanoseconds.wrappingAdd(Int((Monotonic.threadCPU - cpu) * 1e9), ordering: .relaxed)
    }

    /// The trace, a line a sound: its step, when the step was due, when its
    /// buffer was made (monotonic seconds) and the frame it starts at. Only after `close()`.
    var traceLines: [String] {
        guard let trace else { return [] }
        return (0..<traced).map { "step \(trace[$0].step) due \(trace[$0].due) started \(trace[$0].started) frame \(trace[$0].frame)" }
    }
}
