import Foundation
import Testing
import TestSupport
@testable import cratebox

/// The window's sound, as SDL's `disk` audio driver writes what the window
/// plays to a file: a landing is heard within the promised latency of its
/// step and where the trace (`CRATEBOX_SOUND_LOG`) says; muted and paused
/// are silent; 200 crates landing together never clip.
@Suite(.serialized) struct SoundWindowTests: WindowTesting {
    /// One sound as the window's trace has it.
    struct Played {
        var step: Int, due: Double, started: Double, frame: Int
        init?(_ line: Substring) {
            let w = line.split(separator: " ")
            guard w.count == 8, let step = Int(w[1]), let due = Double(w[3]), let started = Double(w[5]), let frame = Int(w[7]) else { return nil }
            (self.step, self.due, self.started, self.frame) = (step, due, started, frame)
        }
    }

    /// What a run of `scene` played: the trace and the samples' levels (the louder channel, 0...1),
    /// with `act` done to the window meanwhile; the monotonic time `act` began.
    func play(_ scene: String, seconds: Double, act: (WindowDriver) throws -> Void = { _ in }) throws
        -> (played: [Played], levels: [Double], peak: Int, began: Double) {
        let display = try VirtualDisplay.started()
        defer { display.stop() }
        let folder = try temporaryFolder("sound-window")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var env = display.env
        env["SDL_AUDIODRIVER"] = "disk"
        env["SDL_DISKAUDIOFILE"] = folder + "/played.raw"
        env["CRATEBOX_SOUND_LOG"] = folder + "/played.log"
        let (app, out) = try launch(["run", scene, "--no-splash", "--size", "1280x720"], env: env)
        defer { if app.isRunning { app.terminate() } }
        let person = try driver("cratebox: ", of: app, env: env)
        try person.focus()
        let began = monotonicNow()
        try act(person)
        usleep(useconds_t(seconds * 1e6))
        try person.key("Escape")
        awaitExit(app, seconds: 20)
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "\(said)")
        let log = try String(contentsOfFile: folder + "/played.log", encoding: .utf8)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/played.raw"))
        var levels: [Double] = [], peak = 0
        data.withUnsafeBytes { bytes in
            let s = bytes.bindMemory(to: Int16.self)
            levels.reserveCapacity(s.count / 2)
            for i in stride(from: 0, to: s.count - 1, by: 2) {
                let m = max(abs(Int(s[i])), abs(Int(s[i + 1])))
                peak = max(peak, m)
                levels.append(Double(m) / 32767)
            }
        }
        return (log.split(separator: "\n").compactMap(Played.init), levels, peak, began)
    }

    /// The levels from where the trace's frame 0 is. SDL's audio thread writes silence, without
    /// calling the window, while the device is still paused between its opening and the window's
    /// unpause: whole buffers, more than none on a busy machine, so the file may run that many
    /// buffers behind the trace. Nil unless the first sound is where the trace says but for
    /// whole buffers (at most 8), within 32 frames.
    func traceAligned(_ run: (played: [Played], levels: [Double], peak: Int, began: Double)) -> [Double]? {
        let buffer = 512  // SoundOutput.bufferFrames
        guard let first = run.played.first, let heard = run.levels.firstIndex(where: { $0 > 0 }) else { return nil }
        let paused = (heard - first.frame) / buffer, lead = heard - first.frame - paused * buffer
        guard (0...8).contains(paused), (0..<32).contains(lead) else { return nil }
        return Array(run.levels.dropFirst(paused * buffer))
    }

    func monotonicNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    @Test func aLandingIsHeardWithinTheLatencyOfItsStep() throws {
        let run = try play("Scenes/bounce.json", seconds: 2.5)
        let landings = run.played
        #expect(landings.count >= 3, "the ball lands again and again: \(landings.count) sounds")
        // Headless, the ball first touches the floor after step 37 (Tests/Fixtures/replays/bounce-lands.jsonl).
        #expect(landings.first?.step == 37, "\(landings.first.map { "\($0.step)" } ?? "none")")
        let levels = try #require(traceAligned(run), "the first sound is where the trace says, but for whole silent buffers")
        for (i, sound) in landings.enumerated() {
            // From the moment its step was due to the buffer it starts in: at most 30 ms (the device's buffer comes on top).
            #expect(sound.started - sound.due <= 0.030, "step \(sound.step): \((sound.started - sound.due) * 1000) ms")
            // It is in what was played, where the trace says. The first from silence; a later one rings
            // into the last one's tail (of the same pitch: their sum may cancel), so it is only heard.
            let before = levels[max(0, sound.frame - 1200)..<max(0, sound.frame - 10)].max() ?? 0
            let after = levels[min(levels.count, sound.frame)..<min(levels.count, sound.frame + 400)].max() ?? 0
            if i == 0 {
                #expect(before == 0 && after > 0.1, "the first landing, at frame \(sound.frame): \(before) then \(after)")
            } else {
                #expect(after > 0.005, "step \(sound.step) at frame \(sound.frame): \(after)")
            }
        }
    }

    @Test func mutedAndPausedAreSilent() throws {
        for key in ["m", "p"] {
            var pressed = 0.0
            let run = try play("Scenes/bounce.json", seconds: 2) { person in
                usleep(600_000)
                pressed = monotonicNow()
                try person.key(key, pause: 0)
            }
            let heardBefore = run.played.filter { $0.started < pressed }
            #expect(!heardBefore.isEmpty, "\(key): the first landings are heard")
            #expect(!run.played.contains { $0.started > pressed + 0.05 }, "\(key): nothing is heard after it")
            // Frame of a moment, from the trace's last sound before it (its buffer began then).
            guard let anchor = heardBefore.last else { continue }
            let levels = try #require(traceAligned(run), "\(key): the first sound is where the trace says, but for whole silent buffers")
            let quiet = anchor.frame + Int((pressed + 0.15 - anchor.started) * 48_000)
            let loudest = levels[min(quiet, levels.count)...].max() ?? 0
            #expect(loudest == 0, "\(key): silent from 0.15 s after the key, got \(loudest)")
        }
    }

    @Test func twoHundredCratesLandingNeverClip() throws {
        let folder = try temporaryFolder("sound-crates")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var crates: [String] = []
        for i in 0..<200 { crates.append(#"{"position": [\#(60 + (i % 20) * 56), \#(300 + (i / 20) * 36)], "mass": 100, "shapes": [{"box": [32, 32]}]}"#) }
        let scene = folder + "/rain.json"
        try #"{"format": "cratebox/scene@1", "name": "rain", "bounds": [1200, 700], "bodies": [\#(crates.joined(separator: ", "))]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let run = try play(scene, seconds: 3)
        #expect(run.played.count > 200, "\(run.played.count) sounds")
        #expect(run.peak > 16_000, "a roar: peak \(run.peak)")
        #expect(run.peak <= 29_164, "never over the limiter's ceiling (0.89 of full scale): \(run.peak)")
    }
}
