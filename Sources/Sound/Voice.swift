import Glibc

/// One sound being played: a few decaying sine partials (the modes of what
/// was struck) and a decaying, low-passed noise (the click of the blow, a
/// splash's rush), panned. Every number comes from its event, and the noise
/// from a generator seeded by the voice's number, so a voice is the same
/// samples every time.
struct Voice {
    /// Up to four decaying sines, one a lane: the recurrence
    /// y[n] = k y[n-1] - y[n-2] with k = 2 cos(w), times an envelope. A
    /// lane of amplitude 0 is silent. Fixed size: starting a voice on the
    /// audio thread allocates nothing.
    var y1 = SIMD4<Double>(), y2 = SIMD4<Double>(), k = SIMD4<Double>()
    var amplitude = SIMD4<Double>(), decay = SIMD4<Double>(repeating: 1)
    var noise: Double, noiseDecay: Double, noiseStart: Double
    /// One-pole low-pass of the noise: the higher, the brighter; a second
    /// stage (`twice`) makes it steeper (a thruster's hiss, band-limited).
    var brightness: Double
    var twice: Bool
    var lowpass = 0.0, lowpass2 = 0.0
    /// A rumble under the noise: the same noise low-passed far down (about 80 Hz), and how much of it.
    var rumble: Double
    var rumblePass = 0.0
    var left: Double, right: Double
    /// Samples played and the most it lasts (then it is silent to 1e-4 of its start).
    var age = 0, length: Int
    var random: UInt32

    /// The voice of `event` at `rate` samples a second; `number` seeds its noise.
    init(_ event: SoundEvent, rate: Double, number: UInt32) {
        let loud = pow(event.strength, 1.5) * event.gain
        let recipe = Recipe(event)
        func decay(_ seconds: Double) -> Double { seconds > 0 ? exp(-1 / (seconds * rate)) : 0 }
        for i in 0..<recipe.count {
            let w = 2 * Double.pi * recipe.pitch * recipe.ratios[i] / rate
            guard w < Double.pi * 0.9 else { continue }  // above the band the rate carries: left out, never aliased
            y1[i] = sin(w)
            k[i] = 2 * cos(w)
            amplitude[i] = loud * recipe.amplitudes[i]
            self.decay[i] = decay(recipe.times[i])
        }
        noise = loud * recipe.noise
        noiseStart = noise
        noiseDecay = decay(recipe.noiseTime)
        brightness = recipe.brightness
        twice = recipe.twice
        rumble = loud * recipe.rumble
        // Equal power across the stereo field.
        let angle = (event.pan + 1) * Double.pi / 4
        (left, right) = (cos(angle), sin(angle))
        var longest = recipe.noiseTime
        for i in 0..<recipe.count { longest = max(longest, recipe.times[i]) }
        length = Int(longest * rate * log(1e4)) + 1
        random = number &* 2_654_435_761 | 1
    }

    /// How loud it is now (for choosing which voice gives way).
    var level: Double { noise + amplitude.sum() }

    var isDone: Bool { age >= length }

    /// The next sample, left and right.
    mutating func next() -> (Double, Double) {
        let y = k * y1 - y2
        y2 = y1
        y1 = y
        var sum = (y2 * amplitude).sum()
        amplitude *= decay
        // xorshift32: white noise in [-1, 1].
        random ^= random << 13
        random ^= random >> 17
        random ^= random << 5
        let white = Double(random) / Double(UInt32.max) * 2 - 1
        lowpass += brightness * (white - lowpass)
        var rushing = lowpass
        if twice {
            lowpass2 += brightness * (lowpass - lowpass2)
            rushing = lowpass2
        }
        sum += rushing * noise
        if rumble > 0 {
            rumblePass += 0.0105 * (white - rumblePass)
            sum += rumblePass * rumble * (noise / max(noiseStart, 1e-12))
        }
        noise *= noiseDecay
        age += 1
        return (sum * left, sum * right)
    }
}

/// How each kind of sound is made: its pitch, its partials (ratios to the
/// pitch, amplitudes, decay times in seconds) and its noise.
struct Recipe {
    var pitch: Double
    /// How many partials (at most four), and each one's ratio, amplitude and decay time.
    var count: Int
    var ratios: SIMD4<Double>, amplitudes: SIMD4<Double>, times: SIMD4<Double>
    var noise: Double, noiseTime: Double, brightness: Double
    /// Two low-pass stages instead of one, and a rumble under the noise (a thruster's).
    var twice = false, rumble = 0.0

    init(_ event: SoundEvent) {
        // A 32-point crate knocks at about 570 Hz; four times the size, half the pitch.
        let pitch = 3200 / event.size.squareRoot(), ring = (event.size / 32).squareRoot()
        switch event.kind {
        case .impact(.wood):
            self.init(pitch: pitch, ratios: [1, 2.57, 4.15, 0], amplitudes: [0.6, 0.3, 0.15, 0], times: [0.07 * ring, 0.04 * ring, 0.025, 0],
                      noise: 0.5, noiseTime: 0.008, brightness: 0.5)
        case .impact(.metal):
            self.init(pitch: pitch * 1.6, ratios: [1, 2.76, 5.4, 8.93], amplitudes: [0.45, 0.3, 0.2, 0.12], times: [0.6 * ring, 0.45 * ring, 0.3, 0.2],
                      noise: 0.3, noiseTime: 0.004, brightness: 0.8)
        case .impact(.stone):
            self.init(pitch: pitch * 0.8, ratios: [1, 1.7, 3.1, 0], amplitudes: [0.4, 0.25, 0.15, 0], times: [0.04, 0.03, 0.02, 0],
                      noise: 0.9, noiseTime: 0.03 * ring, brightness: 0.25)
        case .impact(.rubber):
            self.init(pitch: pitch * 0.45, ratios: [1, 2, 0, 0], amplitudes: [0.8, 0.15, 0, 0], times: [0.09 * ring, 0.05, 0, 0],
                      noise: 0.2, noiseTime: 0.006, brightness: 0.15)
        case .splash:
            // Well under a second, however big the body (its rush was 0.25 s a size step: 3 to 6 s of tail).
            self.init(pitch: 180, ratios: [1, 0, 0, 0], amplitudes: [0.3, 0, 0, 0], times: [0.05, 0, 0, 0], noise: 0.9, noiseTime: 0.06 * min(ring, 1.5), brightness: 0.2)
        case .snap:
            self.init(pitch: 2200, ratios: [1, 1.5, 0, 0], amplitudes: [0.4, 0.2, 0, 0], times: [0.03, 0.02, 0, 0], noise: 1, noiseTime: 0.004, brightness: 0.9)
        case .cut:
            self.init(pitch: 900, ratios: [0, 0, 0, 0], amplitudes: [0, 0, 0, 0], times: [0, 0, 0, 0], noise: 0.7, noiseTime: 0.12, brightness: 0.6)
        case .explosion:
            self.init(pitch: 55, ratios: [1, 1.5, 0, 0], amplitudes: [0.7, 0.3, 0, 0], times: [0.5, 0.3, 0, 0], noise: 1, noiseTime: 0.7, brightness: 0.05)
        case .hiss:
            // A rocket, not a television between stations: noise through two low-pass stages (about 1 kHz), a rumble under it.
            self.init(pitch: 1, ratios: [0, 0, 0, 0], amplitudes: [0, 0, 0, 0], times: [0, 0, 0, 0], noise: 0.5, noiseTime: 0.005, brightness: 0.12)
            twice = true
            rumble = 2.5
        }
    }

    /// A recipe of up to four partials: those of ratio 0 are none.
    init(pitch: Double, ratios: SIMD4<Double>, amplitudes: SIMD4<Double>, times: SIMD4<Double>, noise: Double, noiseTime: Double, brightness: Double) {
        (self.pitch, self.ratios, self.amplitudes, self.times) = (pitch, ratios, amplitudes, times)
        count = (0..<4).reduce(0) { ratios[$1] > 0 ? $1 + 1 : $0 }
        (self.noise, self.noiseTime, self.brightness) = (noise, noiseTime, brightness)
    }
}
