import WindowModel
import CrateboxGeometry
import Render
import CrateboxReplay
import Simulation

/// Everything the physics thread owns: the timeline (and through it the
/// World), the fixed-step clock, pause and time scale, the drawn history and
/// the captures. Made on the physics thread and never shared; it talks to the
/// window only through the inbox (requests) and the outbox (publications and
/// messages). Its clock is given, so a test can drive it pass by pass
/// (`pass`) without a thread or a wait.
final class PhysicsLoop {
    /// Time scales offered by - and +.
    static let timeScales = [0.125, 0.25, 0.5, 1, 2]

    /// The session or replay, its keyframes and recording.
    let timeline: Timeline
    /// What a watched replay has reported (nil: a live session).
    let watching: Watching?
    let captures: Captures
    let inbox: Locked<PhysicsThread.Inbox>
    let outbox: Locked<PhysicsThread.Outbox>
    /// Monotonic seconds: real time, as the loop sees it.
    let now: () -> Double
    var clock = FixedStepClock()
    var debug = false
    var wantsStats = false
    var paused = false
    var stepOnce = false
    var timeScaleIndex = 3
    var status = PhysicsStatus()
    /// The drawn worlds published, drawn between the poses before each step and after it.
    let drawnWorlds = DrawnWorldMaker()
    /// What was drawn after each step, for scrubbing.
    var history: History
    /// The step shown while scrubbing through the past (nil: the present).
    var showing: Int?
    /// When the last pass ran (nil: none yet); a branch or a seek restarts it,
    /// so that re-simulating does not count as real time.
    var lastPass: Double?
    /// Sim seconds per real second (the HUD's "sim at N% of real time").
    var speed = SpeedMeter()
    /// Where the sounds of the steps taken in real time go (nil: none are heard).
    var sound: SoundOutput?

    var world: World { timeline.world }
    var timeScale: Double { PhysicsLoop.timeScales[timeScaleIndex] }

    init(timeline: Timeline, captures: Captures, historyBudget: Int,
         inbox: Locked<PhysicsThread.Inbox>, outbox: Locked<PhysicsThread.Outbox>,
         now: @escaping () -> Double = { Monotonic.now }) {
        self.timeline = timeline
        watching = timeline.replay.map(Watching.init)
        history = History(budget: historyBudget)
        self.captures = captures
        self.inbox = inbox
        self.outbox = outbox
        self.now = now
    }

    /// The thread's body: builds the timeline, starts a recording if asked,
    /// publishes the first drawn world, then loops until it is told to stop.
    static func run(configuration: PhysicsThread.Configuration, makeSource: () throws -> Timeline.Source,
                    inbox: Locked<PhysicsThread.Inbox>, outbox: Locked<PhysicsThread.Outbox>, now: @escaping () -> Double) {
        let timeline: Timeline
        do { timeline = configuration.timeline(try makeSource()) } catch {
            outbox.update { $0.start = .failed("\(error)", cannotWrite: false) }
            return
        }
        if let path = configuration.recordPath, timeline.session != nil {
            do { try timeline.startRecording(to: path) } catch {
                outbox.update { $0.start = .failed("cannot record: \(error)", cannotWrite: true) }
                return
            }
        }
        let captures = Captures(directory: configuration.captureDirectory, sceneName: configuration.sceneName)
        let loop = PhysicsLoop(timeline: timeline, captures: captures, historyBudget: configuration.timeMachine.historyBudget, inbox: inbox, outbox: outbox,
                               now: now)
        loop.sound = configuration.sound
        loop.publish(stateTime: loop.now())
        outbox.update { $0.start = .ready }
        loop.loop()
    }

    /// Passes until told to stop, each followed by a wait until the next step
    /// is due or a request comes.
    private func loop() {
        let begun = inbox.wait(atMost: .infinity, until: { $0.begun || $0.stop }) { $0.begun }
        if !begun { return finish() }
        lastPass = now()
        while true {
            let (requests, stop) = inbox.withLock { inbox in
                defer { inbox.requests = [] }
                return (inbox.requests, inbox.stop)
            }
            if stop { return finish() }
            let due = pass(requests)
            inbox.wait(atMost: due, until: { !$0.requests.isEmpty || $0.stop }) { _ in }
        }
    }

    /// Requests, then the steps real time asks for since the last pass (each
    /// published). Returns the seconds until the next step is due.
    func pass(_ requests: [PhysicsRequest]) -> Double {
        // The time since the last pass was spent paused (or showing the
        // past) if it was so before these requests: not play time.
        let halted = paused || showing != nil
        for request in requests { handle(request) }
        let now = self.now()
        let frame = halted ? 0 : now - (lastPass ?? now)
        lastPass = now
        let steps = stepsFor(frame)
        let cpuStart = Monotonic.threadCPU
        var ran = 0
        while ran < steps, runStep() {
            ran += 1
            // The state after this step was due when real time reached it.
            let behind = clock.accumulator + Double(steps - ran) * clock.stepDuration
            sound?.hear(world.takeHeard(), step: world.stepCount, due: now - behind / timeScale)
            publish(stateTime: now - behind / timeScale)
        }
        if ran > 0 {
            let cpu = Monotonic.threadCPU - cpuStart
            clock.record(physics: cpu, steps: ran, frame: max(frame, 1e-6))
            status.steps += ran
            status.cpuSeconds += cpu
        } else if !requests.isEmpty || paused != halted {
            // A request, or a step that stopped (physics or a script): the HUD says so at once.
            publish(stateTime: now - clock.accumulator / timeScale)
        }
        if !(paused || showing != nil) { speed.record(real: frame, sim: Double(ran) * clock.stepDuration) }
        status.simSpeed = speed.value
        return paused ? 0.25 : (clock.stepDuration - clock.accumulator) / timeScale - (self.now() - now)
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

    /// One step of the timeline; false when stepping stops (a replay's end or
    /// problem, physics that stopped).
    private func runStep() -> Bool {
        if let replay = timeline.replay, let watching, world.stepCount >= replay.lastStep {
            if !paused && !watching.endShown { say("end of the replay (step \(replay.lastStep))") }
            watching.endShown = true
            paused = true
            return false
        }
        drawnWorlds.willStep(world)
        setAudience(true)
        defer { showPrinted() }
        let wasRecording = timeline.isRecording
        do {
            if let problem = try timeline.step() {
                report(problem)
                return false
            }
        } catch {
            say("physics stopped: \(error)", seconds: 30)
            status.stopped = "\(error)"
            paused = true
            return false
        }
        status.stopped = nil
        if wasRecording, !timeline.isRecording, let failure = timeline.session?.recordingFailure {
            say("recording stopped: \(failure.error)", seconds: 8)
        }
        return true
    }

    func report(_ problem: Replay.Outcome) {
        guard let replay = timeline.replay, let watching else { return }
        if case .verified = problem { return }
        let said = replay.report(problem)
        watching.problem = said
        print(said)  // shown in the HUD's replay lines, and printed once
        paused = true
    }

    /// Ends a recording; leaves what to say and what was lost in the outbox.
    func finish() {
        let said = captures.stopRecording(timeline)
        let lost = captures.lost + timeline.lostRecordings
        let scene = inbox.withLock { $0.capture } ? world.currentScene() : nil
        outbox.update { [history] in $0.finished = (said, lost, scene, history) }
    }

    /// The lines the script printed in the step just run: `NAME.lua (step N): text`.
    private func showPrinted() {
        for line in world.takePrinted() { say(line.said(by: world.scene.script), seconds: 6) }
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
        if let session = timeline.session {
            status.recording = session.isRecording
            status.recordingStopped = session.recordingFailure.map { "recording stopped at step \($0.step): \($0.error.message)" }
        }
        status.lostFiles = captures.lost + timeline.lostInBranches
        status.keyframes = timeline.keyframeCost
        if let replay = timeline.replay, let watching {
            status.replay = .init(lastStep: replay.lastStep, truncated: replay.journal.truncated, problem: watching.problem,
                                  checkpoints: watching.checkpointSteps)
        }
        status.stats = wantsStats ? world.stats : nil
        var drawn = drawnWorlds.drawn(world, debug: debug)
        // The state after each step, before the events at that step (what a branch from it rebuilds);
        // a replay's too, so that both scrub the same way.
        if history.lastStep.map({ drawn.stepCount > $0 }) ?? true { history.record(drawn) }
        if let showing, let past = history.frame(at: showing) { drawn = past }
        status.history = history.firstStep.map { ($0, history.lastStep!) }
        status.showing = showing.map { history.frame(at: $0)?.stepCount ?? $0 }
        let published = Published(drawn: drawn, status: status, stateTime: stateTime)
        outbox.withLock { $0.published = published }
    }
}
