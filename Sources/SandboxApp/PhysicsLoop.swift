import Controls
import Geometry
import Render
import Replay
import Simulation

/// Everything the physics thread owns: the mode (and through it the World),
/// the fixed-step clock, pause and time scale, the scene saves and recordings.
/// Made on the physics thread and never shared; it talks to the window only
/// through the inbox (requests) and the outbox (publications and messages).
final class PhysicsLoop {
    /// Time scales offered by - and +.
    static let timeScales = [0.125, 0.25, 0.5, 1, 2]

    /// A branch replaces the live session with a rebuilt one.
    var mode: PhysicsMode
    let captures: Captures
    let inbox: Locked<PhysicsThread.Inbox>
    let outbox: Locked<PhysicsThread.Outbox>
    var clock = FixedStepClock()
    var debug = false
    var wantsStats = false
    var paused = false
    var stepOnce = false
    var timeScaleIndex = 3
    var status = PhysicsStatus()
    /// The snapshots published, drawn between the poses before each step and after it.
    let snapshots = SnapshotMaker()
    /// The live session's past, for scrubbing.
    var history: History
    /// Exact keyframes of the live session, so that resuming re-simulates only from the last one.
    var keyframes: Keyframes
    /// The step shown while scrubbing through the past (nil: the present).
    var showing: Int?
    /// Set by a branch, so that the loop does not count the rebuild as real time.
    var clockRestarted = false
    /// Simulated and real seconds since the speed was last measured.
    /// Sim seconds per real second (the HUD's "sim at N% of real time").
    var speed = SpeedMeter()

    var world: World { mode.world }
    var timeScale: Double { PhysicsLoop.timeScales[timeScaleIndex] }

    init(mode: PhysicsMode, captures: Captures, budgets: (history: Int, keyframes: Int),
         inbox: Locked<PhysicsThread.Inbox>, outbox: Locked<PhysicsThread.Outbox>) {
        self.mode = mode
        history = History(budget: budgets.history)
        keyframes = Keyframes(budget: budgets.keyframes)
        self.captures = captures
        self.inbox = inbox
        self.outbox = outbox
    }

    /// The thread's body: builds the mode, starts a recording if asked, publishes
    /// the first snapshot, then loops until it is told to stop.
    static func run(configuration: PhysicsThread.Configuration, makeMode: () throws -> PhysicsMode,
                    inbox: Locked<PhysicsThread.Inbox>, outbox: Locked<PhysicsThread.Outbox>) {
        let mode: PhysicsMode
        do { mode = try makeMode() } catch {
            outbox.update { $0.start = .failed("\(error)", cannotWrite: false) }
            return
        }
        let captures = Captures(directory: configuration.captureDirectory, sceneName: configuration.sceneName)
        // Recordings write keyframe lines if asked; a replay watched keeps keyframes as the time machine does, to seek back.
        mode.session?.keyframeSteps = configuration.keyframeSteps
        mode.watching?.replay.keptKeyframes = Keyframes(budget: configuration.keyframeBudget)
        if let path = configuration.recordPath, let session = mode.session {
            do { try session.startRecording(to: path) } catch {
                outbox.update { $0.start = .failed("cannot record: \(error)", cannotWrite: true) }
                return
            }
        }
        let loop = PhysicsLoop(mode: mode, captures: captures, budgets: (configuration.historyBudget, configuration.keyframeBudget),
                               inbox: inbox, outbox: outbox)
        loop.publish(stateTime: Monotonic.now)
        outbox.update { $0.start = .ready }
        loop.loop()
    }

    /// Requests, then the steps real time asks for (each published), then a
    /// wait until the next step is due or a request comes.
    private func loop() {
        let begun = inbox.wait(atMost: .infinity, until: { $0.begun || $0.stop }) { $0.begun }
        if !begun { return finish() }
        var last = Monotonic.now
        while true {
            let (requests, stop) = inbox.withLock { inbox in
                defer { inbox.requests = [] }
                return (inbox.requests, inbox.stop)
            }
            if stop { return finish() }
            // The time since the last pass was spent paused (or showing the
            // past) if it was so before these requests: not play time.
            let halted = paused || showing != nil
            for request in requests { handle(request) }
            if clockRestarted {
                // A branch was rebuilt: the time it took is not play time.
                last = Monotonic.now
                clockRestarted = false
            }
            let now = Monotonic.now
            let frame = halted ? 0 : now - last
            last = now
            let steps = stepsFor(frame)
            let cpuStart = Monotonic.threadCPU
            var ran = 0
            while ran < steps, runStep() {
                ran += 1
                // The state after this step was due when real time reached it.
                let behind = clock.accumulator + Double(steps - ran) * clock.stepDuration
                publish(stateTime: now - behind / timeScale)
            }
            if ran > 0 {
                let cpu = Monotonic.threadCPU - cpuStart
                clock.record(physics: cpu, steps: ran, frame: max(frame, 1e-6))
                status.steps += ran
                status.cpuSeconds += cpu
            } else if !requests.isEmpty {
                publish(stateTime: now - clock.accumulator / timeScale)
            }
            if !(paused || showing != nil) { speed.record(real: frame, sim: Double(ran) * clock.stepDuration) }
            status.simSpeed = speed.value
            let due = paused ? 0.25 : (clock.stepDuration - clock.accumulator) / timeScale - (Monotonic.now - now)
            inbox.wait(atMost: due, until: { !$0.requests.isEmpty || $0.stop }) { _ in }
        }
    }

    /// Whole steps from the accumulator, at the time scale; one when stepping while paused.
    private func stepsFor(_ frame: Double) -> Int {
        defer { stepOnce = false }
        if paused || showing != nil {
            clock.restart()
            return stepOnce ? 1 : 0
        }
        return clock.advance(by: frame * timeScale).steps
    }

    /// One step of the live session or of the replay; false when stepping stops.
    private func runStep() -> Bool {
        snapshots.willStep(world)
        switch mode {
        case .watching(let watching):
            guard world.stepCount < watching.replay.lastStep else {
                if !paused && !watching.endShown { say("end of the replay (step \(watching.replay.lastStep))") }
                watching.endShown = true
                paused = true
                return false
            }
            if let problem = watching.replay.advance() {
                report(problem, watching)
                return false
            }
        case .live(let session):
            let wasRecording = session.isRecording
            do {
                try session.step()
            } catch {
                say("physics stopped: \(error)")
                paused = true
                return false
            }
            if wasRecording, !session.isRecording, let failure = session.recordingFailure {
                say("recording stopped: \(failure.error)", seconds: 8)
            }
            if keyframes.isDue(after: world.stepCount), let keyframe = session.keyframe() { keyframes.record(keyframe) }
        }
        return true
    }

    func report(_ problem: Replay.Outcome, _ watching: Watching) {
        if case .verified = problem { return }
        let said = watching.replay.report(problem)
        watching.problem = said
        print(said)  // shown in the HUD's replay lines, and printed once
        paused = true
    }

    /// Ends a recording; leaves what to say and what was lost in the outbox.
    private func finish() {
        let said = mode.session.flatMap { captures.stopRecording($0) }
        let lost = captures.lostFiles(mode.session)
        let scene = inbox.withLock { $0.capture } ? mode.world.currentScene() : nil
        outbox.update { $0.finished = (said, lost, scene) }
    }

    func say(_ text: String, seconds: Double = 4) {
        outbox.withLock { $0.messages.append((text, seconds)) }
    }

    /// Publishes what the window draws next: the world after its last step, or
    /// while scrubbing, the remembered step shown. A live session's steps are
    /// remembered as they are published.
    func publish(stateTime: Double) {
        status.paused = paused
        status.timeScale = timeScale
        status.grabbing = world.grabbedBody != nil
        status.stepCost = clock.stepCost
        status.droppedTime = clock.droppedTime
        status.droppedFrames = clock.droppedFrames
        if let session = mode.session {
            status.recording = session.isRecording
            status.recordingStopped = session.recordingFailure.map { "recording stopped at step \($0.step): \($0.error.message)" }
        }
        status.lostFiles = captures.lost
        if let watching = mode.watching {
            let replay = watching.replay
            status.replay = .init(lastStep: replay.lastStep, truncated: replay.journal.truncated, problem: watching.problem,
                                  checkpoints: watching.checkpointSteps)
        }
        status.stats = wantsStats ? world.stats : nil
        var snapshot = snapshots.snapshot(world, debug: debug)
        // The state after each step, before the events at that step (what a branch from it rebuilds);
        // a replay's too, so that both scrub the same way.
        if history.lastStep.map({ snapshot.stepCount > $0 }) ?? true { history.record(snapshot) }
        if let showing, let past = history.frame(at: showing) { snapshot = past }
        status.history = history.firstStep.map { ($0, history.lastStep!) }
        status.showing = showing.map { history.frame(at: $0)?.stepCount ?? $0 }
        let published = Published(snapshot: snapshot, status: status, stateTime: stateTime)
        outbox.withLock { $0.published = published }
    }
}
