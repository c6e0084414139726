import Testing
@testable import Sound

/// Issue 46, point 6: what a new user heard wrong. The thruster's hiss was
/// white noise flat to 24 kHz, a splash's tail lasted 3 to 6 s, and the
/// limiter held loud peaks as runs of equal samples.
@Suite struct SoundFirstHourTests {
    static let rate = 48_000

    static func left(_ samples: [Int16]) -> [Double] { stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) } }

    /// The mean square of the signal's first differences against its own: white noise about 2, a low-passed one far less.
    static func brightness(_ x: [Double]) -> Double {
        let power = x.reduce(0) { $0 + $1 * $1 }
        let edges = zip(x.dropFirst(), x).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        return edges / max(power, 1e-9)
    }

    @Test func aThrusterHissesLikeARocketNotStatic() {
        // A held thruster: a hiss every step (120 a second) for a second.
        var synth = Synth(sampleRate: Self.rate)
        for step in 0..<120 { synth.schedule(SoundEvent(.hiss, strength: 0.5, size: 32), at: step * Self.rate / 120) }
        let x = Self.left(synth.render(frames: Self.rate))
        #expect(x.map(abs).max()! > 500, "it is heard")
        #expect(Self.brightness(x) < 0.05, "band-limited, not flat to 24 kHz: \(Self.brightness(x))")
        // The rumble: a good part of its power is below about 100 Hz (what a 10 ms average keeps).
        let n = Self.rate / 100
        var average: [Double] = []
        var sum = 0.0
        for (i, v) in x.enumerated() { sum += v; if i >= n { sum -= x[i - n] }; if i >= n { average.append(sum / Double(n)) } }
        let low = average.reduce(0) { $0 + $1 * $1 } / Double(average.count), all = x.reduce(0) { $0 + $1 * $1 } / Double(x.count)
        #expect(low / all > 0.15, "a rumble under the hiss: \(low / all)")
    }

    @Test func aSplashIsWellUnderASecondWhateverItsSize() {
        for size in [32.0, 300, 2000] {
            var synth = Synth(sampleRate: Self.rate)
            synth.schedule(SoundEvent(.splash, strength: 1, size: size), at: 0)
            let x = Self.left(synth.render(frames: Self.rate))
            let peak = x.map(abs).max()!
            let tail = x[(Self.rate * 7 / 10)...].map(abs).max()!
            #expect(peak > 1_000 && tail < peak / 1_000, "size \(size): silent (-60 dB) by 0.7 s: \(tail) of \(peak)")
            #expect(synth.playing == 0, "its voice has ended by 1 s")
        }
    }

    @Test func theLimiterHoldsNoFlatTops() {
        var synth = Synth(sampleRate: Self.rate, maxVoices: 32)
        for i in 0..<200 {
            synth.schedule(SoundEvent(.impact(i % 2 == 0 ? .wood : .metal), strength: 1, size: Double(16 + i % 48), pan: Double(i % 21) / 10 - 1),
                           at: (i % 5) * 480)
        }
        let out = synth.render(frames: 24_000)
        let loud = Int(0.7 * Synth.ceiling * 32_767)
        var longest = 1, run = 1
        for i in 2..<out.count where i % 2 == 0 {
            run = out[i] == out[i - 2] && abs(Int(out[i])) >= loud ? run + 1 : 1
            longest = max(longest, run)
        }
        #expect(longest < 3, "loud samples held equal \(longest) in a row")
        #expect(out.map { abs(Int($0)) }.max()! <= Int(Synth.ceiling * 32_767) + 1, "never over the ceiling")
        #expect(out.map { abs(Int($0)) }.max()! > 18_000, "and still loud")
    }

    /// The limiter's look-ahead delays the mix by `latency` frames (1 ms), exactly: a sound starts there, never before.
    @Test func theMixIsALookAheadBehind() {
        var synth = Synth(sampleRate: Self.rate)
        #expect(synth.latency == 48)
        synth.schedule(SoundEvent(.impact(.wood), strength: 0.8, size: 32), at: 4_800)
        let x = Self.left(synth.render(frames: 9_600))
        #expect(x.firstIndex { $0 != 0 } == 4_800 + synth.latency)
    }
}
