import CrateboxGeometry

/// What `bench --window` reports of a window left running with no input,
/// measured from its first second on (the first second settles the clock and
/// fills the caches, and is left out).
public struct WindowFigures: Sendable {
    public var frames = 0
    public var seconds = 0.0
    public var frameP50 = 0.0, frameP99 = 0.0
    /// CPU seconds of the physics thread per step (`CLOCK_THREAD_CPUTIME_ID`).
    public var physicsPerStep = 0.0
    /// Seconds per frame spent drawing and presenting.
    public var drawPerFrame = 0.0
    public var droppedSeconds = 0.0
    public var steps = 0
    /// Steps run before the measured ones (in the first second).
    public var stepsBefore = 0
    /// The time machine's keyframes written over the measured steps, the
    /// physics thread's CPU seconds they took per step (part of
    /// `physicsPerStep`), and the bytes of them kept, grown by.
    public var keyframes = 0
    public var keyframesPerStep = 0.0
    public var keyframeGrowth = 0
    /// The audio callback's CPU seconds per second, its buffers, the longest
    /// a sound waited from its step to its buffer, and sounds dropped (nil: no sound played).
    public var sound: (cpuPerSecond: Double, buffers: Int, longestWait: Double, dropped: Int)?

    public var fps: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}

/// Collects the window's frames for `WindowFigures`.
struct FrameFigures {
    static let warmUp = 1.0
    private var intervals: [Double] = []
    private var drawing = 0.0
    private var baseline: PhysicsStatus?
    private var soundBaseline: SoundOutput.Figures?
    private var measuredFrom = 0.0, lastTime = 0.0
    private(set) var result: WindowFigures?

    /// One frame: its interval, its drawing time, the physics status it drew, and when it began (seconds since the window opened).
    mutating func frame(interval: Double, drawing: Double, status: PhysicsStatus, sound: SoundOutput.Figures?, since time: Double) {
        guard time >= FrameFigures.warmUp else { return }
        if baseline == nil {
            baseline = status
            soundBaseline = sound
            measuredFrom = time
            return
        }
        intervals.append(interval)
        self.drawing += drawing
        lastTime = time
    }

    mutating func finish(_ status: PhysicsStatus, sound: SoundOutput.Figures?) {
        guard let baseline, !intervals.isEmpty else { return }
        let sorted = intervals.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))] }
        var r = WindowFigures()
        r.frames = intervals.count
        r.seconds = lastTime - measuredFrom
        r.frameP50 = percentile(0.5)
        r.frameP99 = percentile(0.99)
        r.steps = status.steps - baseline.steps
        r.stepsBefore = baseline.steps
        r.physicsPerStep = r.steps > 0 ? (status.cpuSeconds - baseline.cpuSeconds) / Double(r.steps) : 0
        r.drawPerFrame = drawing / Double(intervals.count)
        r.droppedSeconds = status.droppedTime - baseline.droppedTime
        r.keyframes = status.keyframes.count - baseline.keyframes.count
        r.keyframesPerStep = r.steps > 0 ? (status.keyframes.seconds - baseline.keyframes.seconds) / Double(r.steps) : 0
        r.keyframeGrowth = status.keyframes.kept - baseline.keyframes.kept
        if let sound, let before = soundBaseline, sound.callbacks > before.callbacks {
            r.sound = ((sound.cpuSeconds - before.cpuSeconds) / max(r.seconds, 1e-9), sound.callbacks - before.callbacks, sound.longestWait, sound.dropped - before.dropped)
        }
        result = r
    }
}
