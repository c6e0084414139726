#if canImport(Glibc)
import Glibc
#endif
import WindowModel
import CrateboxGeometry
import Render
import CrateboxReplay
import SceneFormat
import Simulation

/// The time machine's settings, as `run` takes them and every physics thread of the window uses them.
public struct TimeMachineSettings: Sendable {
    /// The most memory the drawn history may take, in bytes (`--history-mb`).
    public var historyBudget = History.defaultBudget
    /// The most memory the exact keyframes may take, in bytes (`--keyframes-mb`; 0: resuming re-simulates from the last reset).
    public var keyframeBudget = Keyframes.defaultBudget
    /// Recordings (`--record`, F9) write a keyframe line every this many steps (nil: none; `--keyframes`).
    public var keyframeSteps: Int?
    public init() {}
}

/// What the window asks of the physics thread. Each takes effect at the next
/// step boundary, and what changes the world is journaled at that step.
enum PhysicsRequest: Sendable {
    /// An input for the world as it is (a tilt, a reset).
    case event(Event)
    /// A left click: holds the dynamic body under the point, or spawns when
    /// there is none (a click on a static body does nothing).
    case press(at: Vector, slack: Double)
    /// The mouse moved while its left button is down; drags a held body.
    case drag(to: Vector)
    /// The left button went up; lets go of a held body.
    case release
    /// A right click: removes the body under the point.
    case remove(at: Vector, slack: Double)
    case togglePause, step, slower, faster
    /// Debug drawing wants outlines and contacts in the drawn worlds.
    case debug(Bool)
    /// The live graphs (F3) want the world's figures in the status.
    case stats(Bool)
    /// Watching a replay: jump to a step, by a number of steps, or to the end.
    /// In a live session, the same move through the remembered past.
    case seek(to: Int), seekBy(Int), seekToEnd
    /// Live: scrub through the remembered past by this many steps (back when negative).
    case scrub(by: Int)
    case toggleRecording, saveScene
    /// R: back to where the session began: the scene's start (a `reset`
    /// event), or, for a session begun from a saved state, that moment.
    case restart
    /// `--watch` reloaded the scene: the run before the reload, drawn, goes
    /// before this one's first step in the time machine's history.
    case keepHistory(History)
}

extension PhysicsRequest {
    /// The request a key's action is, when it is one for the physics thread
    /// as it stands (the one table of them; nil for the window's own actions).
    init?(_ action: KeyAction) {
        switch action {
        case .togglePause: self = .togglePause
        case .step: self = .step
        case .slower: self = .slower
        case .faster: self = .faster
        case .toggleRecording: self = .toggleRecording
        case .saveScene: self = .saveScene
        case .seekBy(let steps): self = .seekBy(steps)
        case .seekToStart: self = .seek(to: 0)
        case .seekToEnd: self = .seekToEnd
        case .reset: self = .restart
        default: return nil
        }
    }
}

/// The figures the HUD shows that only the physics thread knows.
struct PhysicsStatus: Sendable {
    struct ReplayStatus: Sendable {
        var lastStep: Int, truncated: Bool, problem: String?, checkpoints: [Int]
    }

    var paused = false
    /// Why the world stopped (a script's error: `NAME.lua:LINE: what (step N)`), until it steps again.
    var stopped: String?
    var timeScale = 1.0
    var recording = false
    var recordingStopped: String?
    var lostFiles: [String] = []
    var replay: ReplayStatus?
    var grabbing = false
    /// Smoothed CPU seconds of the physics thread per step (its own CPU time, so
    /// that being preempted by drawing does not count as cost).
    var stepCost = 0.0
    /// Simulated seconds per real second while running (2 at time x2, when keeping up).
    var simSpeed = 1.0
    var droppedTime = 0.0
    var droppedFrames = 0
    /// Live: the steps remembered (first, last), and the one shown while scrubbing.
    var history: (first: Int, last: Int)?
    var showing: Int?
    /// What the time machine's keyframes have cost so far.
    var keyframes = KeyframeCost()
    /// A branch being rebuilt: steps done of the total.
    var rebuilding: (done: Int, total: Int)?
    /// The world's figures after the step, while the graphs are on.
    var stats: WorldStats?
    /// Totals since the thread started: steps run and the CPU seconds they took.
    var steps = 0
    var cpuSeconds = 0.0
}

/// The newest state the physics thread has published.
struct Published: Sendable {
    var drawn: DrawnWorld
    var status: PhysicsStatus
    /// When (monotonic seconds) the real-time clock reached the drawn world's
    /// step: the picture is drawn between the drawn world's last two steps, as far
    /// as real time has gone past this.
    var stateTime: Double
}

/// The physics thread: it owns the World (through the `Timeline`, whose
/// session or replay it builds itself, so the World never belongs to two threads), runs the
/// fixed-step clock against real time, applies the window's requests between
/// steps and publishes a drawn world after each step. The window's thread only
/// sends requests and reads the newest publication; neither waits on the other
/// for longer than it takes to swap a reference.
final class PhysicsThread: Sendable {
    /// The window's options as they are (one value, not copied field by
    /// field), with what is this thread's own.
    struct Configuration: Sendable {
        /// The window's options: where captures go, the time machine's bounds and the recording's keyframes, `--record`.
        var options = App.Options()
        /// The scene played, for the captures' names.
        var sceneName = "scene"
        /// Whether this thread records from step 0 to `options.recordPath` (only the window's first does).
        var recordsFromStart = false

        var captureDirectory: String { options.screenshotDirectory }
        var timeMachine: TimeMachineSettings { options.timeMachine }
        /// The journal recorded from step 0, if any.
        var recordPath: String? { recordsFromStart ? options.recordPath : nil }
        /// Where what each step sounds like goes (nil: silent, the world does not listen).
        var sound: SoundOutput?

        /// The timeline of `source` as configured: its keyframes' budget, the
        /// recording's keyframe lines, and the clock that times the keyframes
        /// (the thread's CPU time, as the steps are timed).
        func timeline(_ source: Timeline.Source) -> Timeline {
            let budget = timeMachine.keyframeBudget
            let timeline = switch source {
            case .live(let session): Timeline(session, keyframeBudget: budget, clock: { Monotonic.threadCPU })
            case .replay(let replay): Timeline(replay, keyframeBudget: budget, clock: { Monotonic.threadCPU })
            }
            timeline.keyframeSteps = timeMachine.keyframeSteps
            return timeline
        }
    }

    struct Inbox: Sendable {
        var requests: [PhysicsRequest] = []
        /// The window is open: real time starts counting (not before, or the
        /// time the window takes to open would be dropped sim time).
        var begun = false
        var stop = false
        /// Stopping for build mode: the world's state as a scene is wanted.
        var capture = false
        /// Esc while a branch is rebuilt.
        var cancelRebuild = false
    }

    struct Outbox: Sendable {
        enum Start: Sendable { case waiting, ready, failed(String, cannotWrite: Bool) }
        var start = Start.waiting
        var published: Published?
        var messages: [(text: String, seconds: Double)] = []
        /// Set when the thread has finished: what the closing said, files lost,
        /// and when asked for, the world's state as a scene; and the drawn history.
        var finished: (said: String?, lost: [String], scene: Scene?, history: History)?
    }

    private let inbox = Locked(Inbox())
    private let outbox = Locked(Outbox())
    private let handle: pthread_t

    /// Starts the thread, which builds what it plays with `makeSource` and,
    /// when asked to, starts recording; returns once the first drawn world is
    /// published. Throws what building or recording failed with. `now` is
    /// real time as the thread steps against it (a test gives its own).
    init(configuration: Configuration, now: @escaping @Sendable () -> Double = { Monotonic.now },
         makeSource: @escaping @Sendable () throws -> Timeline.Source) throws(StartFailure) {
        let inbox = self.inbox, outbox = self.outbox
        let body: @Sendable () -> Void = {
            PhysicsLoop.run(configuration: configuration, makeSource: makeSource, inbox: inbox, outbox: outbox, now: now)
        }
        let thread: pthread_t
        switch startThread(body) {
        case .success(let started): thread = started
        case .failure(let refused):
            throw StartFailure(message: "cannot start the physics thread (error \(refused.errorNumber))", cannotWrite: false)
        }
        handle = thread
        let start = outbox.wait(atMost: .infinity, until: { if case .waiting = $0.start { false } else { true } }) { $0.start }
        if case .failed(let message, let cannotWrite) = start {
            pthread_join(thread, nil)
            throw StartFailure(message: message, cannotWrite: cannotWrite)
        }
    }

    struct StartFailure: Error {
        var message: String
        var cannotWrite: Bool
    }

    /// The window is open: the clock starts.
    func begin() {
        inbox.update { $0.begun = true }
    }

    /// Stops rebuilding a branch (the past stays shown).
    func cancelRebuild() {
        inbox.update { $0.cancelRebuild = true }
    }

    func send(_ request: PhysicsRequest) {
        inbox.update { $0.requests.append(request) }
    }

    /// The newest publication (there is one from the start).
    var latest: Published { outbox.withLock { $0.published! } }

    /// Messages for the HUD since the last call.
    func takeMessages() -> [(text: String, seconds: Double)] {
        outbox.withLock { outbox in
            defer { outbox.messages = [] }
            return outbox.messages
        }
    }

    /// Stops the thread after its current step and waits for it: a recording
    /// is ended there. Returns what to tell the user and the files that could
    /// not be written.
    /// Stopping a stopped thread returns what it said when it stopped (once: the files it lost are reported once).
    func stop(capturing: Bool = false) -> (said: String?, lost: [String], scene: Scene?, history: History?) {
        var first = false
        inbox.update { inbox in  // wakes the thread, which may be waiting for `begin`
            first = !inbox.stop
            inbox.stop = true
            inbox.capture = inbox.capture || capturing
        }
        guard first else { return (nil, [], nil, nil) }
        pthread_join(handle, nil)
        return outbox.withLock { $0.finished.map { ($0.said, $0.lost, $0.scene, $0.history) } ?? (nil, [], nil, nil) }
    }
}

