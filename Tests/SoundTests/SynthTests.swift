import Testing
@testable import Sound

/// The synthesis alone, without SDL: events in, samples out.
@Suite struct SynthTests {
    static let rate = 48_000

    /// Left and right of interleaved samples.
    static func channels(_ samples: [Int16]) -> (left: [Int16], right: [Int16]) {
        (stride(from: 0, to: samples.count, by: 2).map { samples[$0] }, stride(from: 1, to: samples.count, by: 2).map { samples[$0] })
    }

    static func peak(_ samples: some Collection<Int16>) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }

    @Test func theSameEventsGiveTheSameBytesAndNothingIsSilence() {
        func run() -> [Int16] {
            var synth = Synth(sampleRate: Self.rate)
            synth.schedule(SoundEvent(.impact(.wood), strength: 0.7, size: 32, pan: -0.3), at: 100)
            synth.schedule(SoundEvent(.splash, strength: 0.5, size: 40, pan: 0.5), at: 2_000)
            synth.schedule(SoundEvent(.explosion, strength: 1), at: 9_000)
            return synth.render(frames: 48_000)
        }
        let once = run()
        #expect(once == run())
        #expect(Self.peak(once) > 1_000, "it is heard")
        var quiet = Synth(sampleRate: Self.rate)
        #expect(quiet.render(frames: 4_800).allSatisfy { $0 == 0 })
    }

    /// A knock starts at its frame, not before, and is at its loudest within a few milliseconds.
    @Test func anImpactSoundsAtItsFrame() {
        var synth = Synth(sampleRate: Self.rate)
        synth.schedule(SoundEvent(.impact(.wood), strength: 0.8, size: 32), at: 4_800)
        let (left, _) = Self.channels(synth.render(frames: 9_600))
        #expect(left[..<4_800].allSatisfy { $0 == 0 }, "silent before its frame")
        let loudest = left.indices.max { abs(Int(left[$0])) < abs(Int(left[$1])) }!
        #expect(loudest >= 4_800 && loudest < 4_800 + 480, "at its loudest within 10 ms: frame \(loudest)")
    }

    /// 200 crates landing in the same frame: a limited roar, never clipped, never more voices than the limit.
    @Test func twoHundredImpactsAtOnceNeverClip() {
        var synth = Synth(sampleRate: Self.rate, maxVoices: 32)
        for i in 0..<200 {
            synth.schedule(SoundEvent(.impact(i % 2 == 0 ? .wood : .metal), strength: 1, size: Double(16 + i % 48), pan: Double(i % 21) / 10 - 1), at: 0)
        }
        let out = synth.render(frames: 24_000)
        #expect(synth.playing <= 32)
        #expect(Self.peak(out) <= Int(Synth.ceiling * 32_767) + 1, "under the ceiling: \(Self.peak(out))")
        #expect(Self.peak(out) > 20_000, "and loud: \(Self.peak(out))")
    }

    @Test func panningMovesItAcross() {
        var synth = Synth(sampleRate: Self.rate)
        synth.schedule(SoundEvent(.impact(.metal), strength: 0.6, size: 24, pan: -1), at: 0)
        let (left, right) = Self.channels(synth.render(frames: 4_800))
        #expect(Self.peak(left) > 1_000 && Self.peak(right) < 2, "hard left: \(Self.peak(left)) and \(Self.peak(right))")
    }

    /// A big crate knocks lower than a small one: fewer zero crossings in the same time.
    @Test func biggerIsLower() {
        func crossings(size: Double) -> Int {
            var synth = Synth(sampleRate: Self.rate)
            synth.schedule(SoundEvent(.impact(.metal), strength: 0.6, size: size), at: 0)
            let (left, _) = Self.channels(synth.render(frames: 9_600))
            return zip(left, left.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        }
        #expect(crossings(size: 64) < crossings(size: 16))
    }

    /// When every voice is taken, a louder sound takes the quietest's place and a quieter one is not heard.
    @Test func theLoudestAreKept() {
        var synth = Synth(sampleRate: Self.rate, maxVoices: 2)
        synth.schedule(SoundEvent(.impact(.wood), strength: 0.3, size: 32), at: 0)
        synth.schedule(SoundEvent(.impact(.wood), strength: 0.4, size: 32), at: 0)
        _ = synth.render(frames: 1)
        let quiet = synth.voices.map(\.level).min()!
        synth.schedule(SoundEvent(.impact(.wood), strength: 0.01, size: 32), at: synth.frame)
        _ = synth.render(frames: 1)
        #expect(synth.voices.count == 2 && synth.voices.map(\.level).min()! >= quiet * 0.99, "the whisper was dropped")
        synth.schedule(SoundEvent(.impact(.metal), strength: 1, size: 32), at: synth.frame)
        _ = synth.render(frames: 1)
        #expect(synth.voices.map(\.level).max()! > 0.5, "the loud one took a place")
    }

    @Test func eventsAreClampedToTheirRanges() {
        let e = SoundEvent(.snap, strength: 7, size: -3, pan: .nan, gain: -1)
        #expect(e.strength == 1 && e.size == 1 && e.pan == -1 && e.gain == 0)
    }
}
