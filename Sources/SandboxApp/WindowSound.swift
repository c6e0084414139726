import FileOutput

/// The window's sound: the device that plays what the physics heard (nil:
/// silent) and, when it is silent, why (said once). M mutes it; closing it
/// writes the trace asked for (`CRATEBOX_SOUND_LOG`).
struct WindowSound {
    /// The device (nil: `--no-sound`, or none could be opened).
    private(set) var output: SoundOutput?
    /// Why there is no sound, to say once.
    private(set) var said: String?

    /// Made before the physics thread starts (it is handed `output`), started once the window is open.
    init(_ options: App.Options) {
        output = options.sound ? SoundOutput(trace: options.soundLog != nil) : nil
        said = options.sound ? nil : "sound off (--no-sound or CRATEBOX_NO_SOUND)"
    }

    /// Opens the device; without one, the window is silent and says why
    /// (the physics thread's copy stays unstarted: it queues nothing).
    mutating func start() {
        guard let failure = output?.start() else { return }
        output = nil
        said = failure
    }

    /// Whether M has turned it off.
    var muted: Bool { output?.muted.load(ordering: .relaxed) ?? false }

    /// M: off, or on again; what the HUD says.
    func toggle() -> String {
        guard let output else { return said ?? "no sound" }
        let muted = !output.muted.load(ordering: .relaxed)
        output.muted.store(muted, ordering: .relaxed)
        return muted ? "sound off (M turns it on)" : "sound on"
    }

    /// Closes the device and writes the trace to `path`, if asked (empty when
    /// nothing played: no device, or none wanted); returns the files not written.
    func close(writingTraceTo path: String?) -> [String] {
        output?.close()
        guard let path else { return [] }
        let lines = output?.traceLines ?? []
        do {
            try AtomicFile.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
            return []
        } catch {
            return ["\(error)"]
        }
    }
}
