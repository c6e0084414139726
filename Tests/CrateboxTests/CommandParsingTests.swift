import ArgumentParser
import Testing
@testable import cratebox

/// Each command's options, parsed and validated in this process, as
/// swift-argument-parser's own tests do: what each word sets, and the one
/// line a mistake gets with its exit status (64), without starting a process.
@Suite struct CommandParsingTests {
    /// The command `arguments` parse to, validated.
    func parse<C: ParsableCommand>(_ arguments: [String], as _: C.Type) throws -> C {
        let command = try Cratebox.parseAsRoot(arguments)
        return try #require(command as? C, "\(arguments) parsed as \(type(of: command))")
    }

    @Test func simulateSetsWhatItsWordsSay() throws {
        let s = try parse(["simulate", "Scenes/crates.json", "--seconds", "2.5", "--tilt", "-1,0", "--record", "r.jsonl", "--keyframes", "0.5", "--json"], as: Simulate.self)
        #expect(s.input.scene == "Scenes/crates.json" && s.duration.stepCount == 300 && s.json)
        #expect(s.tilt.tilt?.x == -1 && s.tilt.tilt?.y == 0 && s.record == "r.jsonl" && s.keyframes == 0.5)
        #expect(Simulate.keyframeSteps(0.5) == 60)
        let branch = try parse(["simulate", "--from", "j.jsonl", "--at", "240", "--steps", "10"], as: Simulate.self)
        #expect(branch.from == "j.jsonl" && branch.at == 240 && branch.input.scene == nil && branch.duration.stepCount == 10)
        #expect(try parse(["simulate"], as: Simulate.self).duration.stepCount == 600, "600 steps by default")
    }

    @Test func simulatesMistakesAreOneLineEach() {
        let cases: [([String], String)] = [
            (["simulate", "--steps", "5", "--seconds", "1"], "give --steps or --seconds, not both"),
            (["simulate", "--steps", "-1"], "--steps must be between 0 and 10000000, got -1"),
            (["simulate", "--from", "j.jsonl"], "--from and --at go together"),
            (["simulate", "--from", "j.jsonl", "--at", "5", "Scenes/crates.json"], "--from runs the scene embedded in the journal; give no scene file"),
            (["simulate", "--keyframes", "1"], "--keyframes goes with --record (they are lines of the journal)"),
            (["simulate", "--save", "out.txt"], "--save writes a scene (.json) or the exact state (.state)"),
        ]
        for (arguments, message) in cases {
            let r = refusal(arguments)
            #expect(r?.status == 64 && r?.message.contains(message) == true, "\(arguments): \(String(describing: r))")
        }
    }

    @Test func runAndReplayOptions() throws {
        let r = try parse(["run", "Scenes/crates.json", "--size", "800x600", "--history-mb", "64", "--keyframes-mb", "0", "--keyframes", "2"], as: Run.self)
        let options = r.windowOptions
        #expect(options.windowWidth == 800 && options.windowHeight == 600)
        #expect(options.timeMachine.historyBudget == 64 << 20 && options.timeMachine.keyframeBudget == 0 && options.timeMachine.keyframeSteps == 240)
        for (arguments, message) in [(["run", "--keyframes-mb", "70000"], "--keyframes-mb must be between 0 and 65536"),
                                     (["run", "--watch"], "--watch needs a scene file"),
                                     (["run", "--build", "b.json", "--record", "r.jsonl"], "--record records a scene played from the start")] {
            let refused = refusal(arguments)
            #expect(refused?.status == 64 && refused?.message.contains(message) == true, "\(arguments): \(String(describing: refused))")
        }
        let replay = try parse(["replay", "--verify", "a.jsonl", "b.jsonl"], as: ReplayCommand.self)
        #expect(replay.verify && replay.journals == ["a.jsonl", "b.jsonl"])
        // Watching takes the same window settings as run: one value, the time machine's bounds included.
        let watched = try parse(["replay", "a.jsonl", "--size", "640x480", "--history-mb", "32", "--keyframes-mb", "0", "--no-splash", "--save-to", "out"],
                                as: ReplayCommand.self).window.options
        #expect(watched.windowWidth == 640 && watched.windowHeight == 480 && watched.screenshotDirectory == "out" && !watched.splash)
        #expect(watched.timeMachine.historyBudget == 32 << 20 && watched.timeMachine.keyframeBudget == 0)
        #expect(refusal(["replay", "a.jsonl", "--history-mb", "0"])?.status == 64)
    }
}
