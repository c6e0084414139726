import Glibc

/// The mix: events scheduled at the frame they start, voices playing them
/// (at most `maxVoices`: a new sound quieter than every one playing is
/// dropped, a louder one takes the quietest's place), and a limiter on the
/// sum, so that 200 crates landing at once are a clean roar that never
/// clips. Rendering is a pure function of what was scheduled: the same
/// events give the same samples, live or exported.
public struct Synth: Sendable {
    /// Samples a second, per channel.
    public let sampleRate: Int
    /// The most sounds heard at once.
    public let maxVoices: Int
    /// The loudest a sample may be after the limiter (of full scale).
    public static let ceiling = 0.89

    var voices: [Voice] = []
    /// Events waiting for their frame, in the order scheduled (stable for equal frames).
    var pending: [(frame: Int, event: SoundEvent)] = []
    /// Frames rendered so far.
    public private(set) var frame = 0
    /// The limiter (`Limiter`): the mix a millisecond behind, so that its gain
    /// comes down before a peak arrives; the gains each of those samples asks
    /// for; where the oldest is; the gain now.
    var delayed: [Double]
    var asked: [Double]
    var delayAt = 0
    var gain = 1.0
    /// The least of `asked`, kept as frames come and go (a scan only when the least leaves).
    var leastAsked = 1.0
    var voicesMade: UInt32 = 0

    /// A silent mix at `sampleRate` frames a second, of at most `maxVoices` sounds at once.
    public init(sampleRate: Int = 48_000, maxVoices: Int = 32) {
        self.sampleRate = sampleRate
        self.maxVoices = max(1, maxVoices)
        // Room made once: on the audio thread, rendering and scheduling up to this many allocate nothing.
        voices.reserveCapacity(self.maxVoices)
        pending.reserveCapacity(Synth.pendingRoom)
        let lookAhead = max(1, sampleRate / 1000)
        delayed = [Double](repeating: 0, count: 2 * lookAhead)
        asked = [Double](repeating: 1, count: lookAhead)
    }

    /// The events that may wait at once before more allocate (live, they wait for the next buffer at most).
    public static let pendingRoom = 4096

    /// Plays `event` from frame `at` (now, if that has passed).
    public mutating func schedule(_ event: SoundEvent, at frame: Int) {
        pending.append((max(frame, self.frame), event))
    }

    /// Stops every voice and forgets what waits (muting, pausing): keeps the room made.
    public mutating func stopAll() {
        voices.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        for i in delayed.indices { delayed[i] = 0 }
        for i in asked.indices { asked[i] = 1 }
        gain = 1
        leastAsked = 1
    }

    /// Counts `frames` frames of silence played instead of rendering them (nothing plays, nothing waits).
    public mutating func rest(frames: Int) {
        precondition(voices.isEmpty && pending.isEmpty, "rest only when stopped")
        frame += max(0, frames)
    }

    /// The voices playing now.
    public var playing: Int { voices.count }

    /// How many frames the mix is behind what was scheduled: the limiter's look-ahead (1 ms).
    public var latency: Int { asked.count }

    /// The next `frames` frames, interleaved left and right, as 16-bit samples.
    public mutating func render(frames: Int) -> [Int16] {
        var out = [Int16](repeating: 0, count: 2 * max(0, frames))
        out.withUnsafeMutableBufferPointer { render(into: $0) }
        return out
    }

    /// Fills `buffer` (interleaved left and right) with the next frames.
    public mutating func render(into buffer: UnsafeMutableBufferPointer<Int16>) {
        let limiter = Limiter(sampleRate: Double(sampleRate), lookAhead: asked.count)
        for i in 0..<(buffer.count / 2) {
            startDue()
            var left = 0.0, right = 0.0
            for v in voices.indices {
                let (l, r) = voices[v].next()
                left += l
                right += r
            }
            voices.removeAll { $0.isDone }
            // In: this frame, and the gain it asks for; out: the frame a millisecond old, at the gain now.
            let (outLeft, outRight) = (delayed[2 * delayAt], delayed[2 * delayAt + 1])
            (delayed[2 * delayAt], delayed[2 * delayAt + 1]) = (left, right)
            let leaving = asked[delayAt], coming = limiter.asks(max(abs(left), abs(right)))
            asked[delayAt] = coming
            delayAt = delayAt + 1 == asked.count ? 0 : delayAt + 1
            if coming <= leastAsked {
                leastAsked = coming
            } else if leaving == leastAsked && leastAsked < 1 {
                // The least left the window: the next least (the audio thread scans only then, not every frame).
                leastAsked = 1
                for g in asked where g < leastAsked { leastAsked = g }
            }
            gain = limiter.next(gain, towards: leastAsked)
            buffer[2 * i] = Synth.sample(limiter.knee(outLeft * gain))
            buffer[2 * i + 1] = Synth.sample(limiter.knee(outRight * gain))
            frame += 1
        }
    }

    /// Starts the events whose frame has come, in the order they were scheduled (in place: no allocation).
    mutating func startDue() {
        guard !pending.isEmpty, pending.contains(where: { $0.frame <= frame }) else { return }
        var kept = 0
        for i in pending.indices {
            if pending[i].frame <= frame {
                start(pending[i].event)
            } else {
                pending[kept] = pending[i]
                kept += 1
            }
        }
        pending.removeLast(pending.count - kept)
    }

    mutating func start(_ event: SoundEvent) {
        guard event.strength > 0, event.gain > 0 else { return }
        voicesMade &+= 1
        let voice = Voice(event, rate: Double(sampleRate), number: voicesMade)
        if voices.count < maxVoices {
            voices.append(voice)
            return
        }
        // Full: the quietest gives way, if the new one is louder (the first of equals, so the choice never depends on chance).
        var quietest = 0
        for i in voices.indices where voices[i].level < voices[quietest].level { quietest = i }
        if voice.level > voices[quietest].level { voices[quietest] = voice }
    }

    /// A sample in [-1, 1] as 16 bits, rounded.
    static func sample(_ x: Double) -> Int16 {
        Int16((min(1, max(-1, x)) * 32767).rounded())
    }
}

/// The mix's limiter (issue 46: it cut the gain at once to hold each peak at
/// the ceiling, and loud sums came out as runs of equal samples, flat tops
/// that buzz). It looks a millisecond ahead: each frame asks for the gain
/// that brings it to the knee, and the gain glides (a quarter of the look-ahead
/// a time constant) down to the least that the frames about to play ask for,
/// so it is down before their peak arrives, and back up over 50 ms. A soft
/// knee (linear below it, then a tanh curve up to the ceiling it never
/// reaches) takes the little the glide leaves. No flat tops, never a clip.
struct Limiter {
    let attack: Double, release: Double
    /// Where the knee begins, and the ceiling it bends towards.
    static let knee = 0.75 * Synth.ceiling

    init(sampleRate: Double, lookAhead: Int) {
        attack = 1 - exp(-4 / Double(max(lookAhead, 1)))
        release = exp(-1 / (0.05 * sampleRate))
    }

    /// The gain a frame of `level` asks for.
    func asks(_ level: Double) -> Double { level > Limiter.knee ? Limiter.knee / level : 1 }

    /// The gain after `gain`, gliding down to `least` or back up towards 1.
    func next(_ gain: Double, towards least: Double) -> Double {
        if least < gain { return gain + (least - gain) * attack }
        return min(least, 1 - (1 - gain) * release)
    }

    /// The soft knee: `x` below the knee, then bent towards the ceiling.
    func knee(_ x: Double) -> Double {
        let k = Limiter.knee, room = Synth.ceiling - Limiter.knee, a = abs(x)
        guard a > k else { return x }
        let bent = k + room * tanh((a - k) / room)
        return x < 0 ? -bent : bent
    }
}
