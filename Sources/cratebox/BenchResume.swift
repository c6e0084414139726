import ArgumentParser
import CrateboxReplay
import Simulation

/// `cratebox bench resume`: what resuming from the past costs the time machine
/// at the end of a long awake session, with its exact keyframes and without
/// (re-simulating from the build), as the window's branch does it.
struct BenchResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Time resuming a long awake session of a pile of crates at past steps, from the time machine's keyframes and without them.",
        discussion: """
        A session of the pile (every crate awake; the box tilts left and right
        every 5 s) runs --minutes with the window's keyframes (one every
        \(Keyframes.interval) steps, --keyframes-mb at most, thinned as in the window).
        Then it is resumed at --samples steps spread over the session (each just
        before a checkpoint, which the resumed session must reach with the same
        hash): the time of each rebuild from the last keyframe, and of the rebuild
        from step 0 at the last of them.
        """
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Crates in the pile.")
    var crates = 1000

    @Option(help: "The session's length in simulated minutes.")
    var minutes = 10.0

    @Option(help: "Past steps resumed at (spread evenly; the last just before the end).")
    var samples = 20

    @Option(help: "The keyframes' memory bound, in MB.")
    var keyframesMb = Keyframes.defaultBudget >> 20

    func validate() throws {
        guard (1...World.maxBodies).contains(crates) else { throw ValidationError("--crates must be between 1 and \(World.maxBodies)") }
        guard minutes >= 0.1, minutes <= 600 else { throw ValidationError("--minutes must be between 0.1 and 600") }
        guard (1...1000).contains(samples) else { throw ValidationError("--samples must be between 1 and 1000") }
        guard (1...65_536).contains(keyframesMb) else { throw ValidationError("--keyframes-mb must be between 1 and 65536") }
    }

    func run() throws {
        let clock = ContinuousClock(), f = Figures.self
        let pile = try Pile.scene(crates: crates)
        let session = try Session(LoadedScene(scene: pile.scene, text: pile.text, fileName: "pile.json"))
        let origin = clock.now
        let timeline = Timeline(session, keyframeBudget: keyframesMb << 20) { (clock.now - origin).seconds }
        let steps = Int(minutes * 60 * 120) / Journal.checkpointInterval * Journal.checkpointInterval
        let start = clock.now
        for step in 0..<steps {
            if step % 600 == 0 { try timeline.apply(.tilt(x: step % 1200 == 0 ? 0.3 : -0.3, y: -1)) }
            try timeline.step()
        }
        let sessionTime = (clock.now - start).seconds
        let keyframes = timeline.keyframes, keyframeTime = timeline.keyframeCost.seconds
        say("\(crates) crates, \(steps) steps (\(f.fixed(minutes, 1)) min) in \(f.fixed(sessionTime, 1)) s; keyframes took \(f.fixed(keyframeTime, 2)) s "
            + "(\(f.fixed(100 * keyframeTime / sessionTime, 1))%); kept \(keyframes.frames.count), \(f.fixed(Double(keyframes.bytes) / 1_048_576, 0)) MiB")
        var times: [Double] = [], gaps: [Int] = []
        let checkpoints = steps / Journal.checkpointInterval
        var points: [Int] = []
        for i in 1...samples {
            let checkpoint = max(1, checkpoints * i / samples)
            points.append(checkpoint * Journal.checkpointInterval - 1)
        }
        for step in points {
            let keyframe = keyframes.latest(atOrBefore: step)
            let t = clock.now
            let resumed = try rebuild(timeline, at: step)
            times.append((clock.now - t).seconds)
            gaps.append(step - (keyframe?.step ?? 0))
            try check(resumed, against: session)
        }
        let last = points.last!
        let t = clock.now
        try check(try rebuild(timeline, at: last, from: .lastReset), against: session)
        let without = (clock.now - t).seconds
        say("resuming at \(samples) steps from the last keyframe: median \(f.ms(f.median(times))) ms, at most \(f.ms(times.max()!)) ms "
            + "(re-simulating at most \(gaps.max()!) steps); at step \(last): \(f.ms(times.last!)) ms")
        say("resuming at step \(last) without keyframes (re-simulating from step 0): \(f.ms(without)) ms, \(f.fixed(without / times.last!, 0)) times longer")
    }

    private func rebuild(_ timeline: Timeline, at step: Int, from origin: Timeline.Origin = .keyframe) throws -> Session {
        guard let resumed = try timeline.rebuilt(at: step, from: origin) else {
            throw Failure.failed("the rebuild was cancelled")
        }
        return resumed
    }

    /// One more step reaches a checkpoint of the session: the hash must be the one it recorded.
    private func check(_ resumed: Session, against session: Session) throws {
        try resumed.step()
        let step = resumed.world.stepCount, line = Journal.checkpointLine(step: step, hash: resumed.world.stateHash)
        guard session.lines.contains(line) else { throw Failure.failed("resumed at step \(step - 1), the session does not reach its checkpoint at step \(step)") }
    }
}
