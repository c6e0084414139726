import CrateboxPhysics
import Simulation

/// A session's timeline, whole: the live session or the replay it plays, the
/// exact keyframes the time machine resumes from (and the policy that keeps
/// them), and the recording file with its rotation when a branch leaves a
/// future behind. The window's physics loop, `simulate --from`, `bench resume`
/// and the tests all step, seek and branch through here, so the time machine
/// behaves the same wherever it runs (docs/time-machine.md).
///
/// It belongs to one thread at a time, as its World does. It reads no clock:
/// the one given measures what keyframes cost, and nothing else.
public final class Timeline {
    /// What the timeline plays: a session that takes input, or a replay.
    public enum Source {
        /// A session that takes input and can be recorded.
        case live(Session)
        /// A journal played back; inputs are refused.
        case replay(Replay)
    }

    /// The session or replay played; a branch replaces it with a live session.
    public internal(set) var source: Source
    /// The time machine's keyframes of this timeline (replay keyframes hold no journal lines).
    public internal(set) var keyframes: Keyframes
    /// What keeping keyframes has cost so far.
    public private(set) var keyframeCost = KeyframeCost()
    /// A recording writes a keyframe line after every step that is a multiple
    /// of this (nil: none): `--keyframes SECONDS`. Kept by branches.
    public var keyframeSteps: Int? {
        didSet { session?.keyframeSteps = keyframeSteps }
    }
    /// Recordings that branches could not write, one line each, kept to be
    /// reported at the end (`lostRecordings` adds the live session's own).
    public internal(set) var lostInBranches: [String] = []
    /// A journal's lines as read, for branching a replay (`simulate --from`).
    let journalLines: [String]?
    private let clock: (() -> Double)?

    /// A live timeline of `session`, keeping keyframes within `keyframeBudget`
    /// bytes. `clock` (seconds, any origin) only measures the keyframes' cost.
    public init(_ session: Session, keyframeBudget: Int = Keyframes.defaultBudget, clock: (() -> Double)? = nil) {
        source = .live(session)
        keyframes = Keyframes(budget: keyframeBudget)
        keyframeSteps = session.keyframeSteps
        journalLines = nil
        self.clock = clock
    }

    /// A timeline that plays `replay` (with the journal's `lines` as read, so
    /// that it can be branched), keeping keyframes to seek back.
    public init(_ replay: Replay, lines: [String]? = nil, keyframeBudget: Int = Keyframes.defaultBudget, clock: (() -> Double)? = nil) {
        source = .replay(replay)
        keyframes = Keyframes(budget: keyframeBudget)
        journalLines = lines
        self.clock = clock
    }

    /// The world as the timeline stands.
    public var world: World {
        switch source {
        case .live(let session): session.world
        case .replay(let replay): replay.world
        }
    }

    /// The live session, if the timeline takes input.
    public var session: Session? {
        if case .live(let session) = source { return session }
        return nil
    }

    /// The replay, if the timeline plays one.
    public var replay: Replay? {
        if case .replay(let replay) = source { return replay }
        return nil
    }

    /// The scene, whole, with its file's text and name as journals embed them.
    public var sceneSource: LoadedScene {
        switch source {
        case .live(let session): session.source
        case .replay(let replay): LoadedScene(scene: replay.scene, text: replay.journal.header?.sceneText ?? "", fileName: replay.journal.header?.sceneFile ?? "")
        }
    }

    /// Applies an input to a live session (journaled). A replay refuses it.
    public func apply(_ event: Event) throws(TimelineError) {
        guard let session else { throw .watching }
        do { try session.apply(event) } catch { throw .refused(error) }
    }

    /// One step, then a keyframe when one is due. A replay reports what it
    /// found at that step (a divergence, a refused event), or nil; its caller
    /// stops at `Replay.lastStep` (past it, the journal vouches for nothing).
    @discardableResult
    public func step() throws(SimulationError) -> Replay.Outcome? {
        switch source {
        case .live(let session):
            try session.step()
            keep { session.keyframe() }
        case .replay(let replay):
            if let problem = replay.advance() { return problem }
            keepState { try? replay.world.snapshot() }
        }
        return nil
    }

    /// Runs `count` steps (a replay's first problem ends them).
    public func step(_ count: Int) throws(SimulationError) -> Replay.Outcome? {
        for _ in 0..<count {
            if let problem = try step() { return problem }
        }
        return nil
    }

    /// The keyframe policy, in one place: after a step that is a multiple of
    /// `Keyframes.interval`, the state is kept (thinned within the budget).
    private func keep(_ frame: () -> Keyframes.Frame?) {
        let step = world.stepCount
        guard keyframes.isDue(after: step) else { return }
        let started = clock?()
        guard let frame = frame() else { return }
        keyframes.record(frame)
        keyframeCost.add(bytes: frame.state.count, seconds: started.map { clock!() - $0 } ?? 0, kept: keyframes.bytes)
    }

    private func keepState(_ state: () -> [UInt8]?) {
        guard let replay else { return }
        keep { () -> Keyframes.Frame? in
            state().map { Keyframes.Frame(step: replay.world.stepCount, state: $0, lines: 0, events: replay.nextEvent) }
        }
    }

    /// A replay plays to `step` (not past its last), from the nearest keyframe
    /// (the journal's or one kept) when that is nearer than where it is.
    public func seek(to step: Int) throws -> Replay.Outcome? {
        guard let replay else { throw TimelineError.watching }
        let target = max(0, min(step, replay.lastStep))
        if let problem = try replay.jump(toward: target, kept: keyframes) { return problem }
        while replay.world.stepCount < target {
            if let problem = try self.step() { return problem }
        }
        if replay.world.stepCount == replay.lastStep, replay.journal.end != nil { return replay.applyDueEvents() }
        return nil
    }
}

/// What keeping the time machine's keyframes has cost: how many, the bytes
/// written, the seconds spent writing them (when a clock was given), and the
/// most bytes kept at once (the memory they grew to).
public struct KeyframeCost: Sendable, Equatable {
    /// Keyframes written.
    public var count = 0
    /// Their bytes, all told.
    public var bytes = 0
    /// Seconds spent writing them (0 without a clock).
    public var seconds = 0.0
    /// The bytes of keyframes kept now, and the most kept at once.
    public var kept = 0, mostKept = 0

    /// Nothing spent yet.
    public init() {}

    mutating func add(bytes: Int, seconds: Double, kept: Int) {
        count += 1
        self.bytes += bytes
        self.seconds += seconds
        self.kept = kept
        mostKept = max(mostKept, kept)
    }
}

/// Why a timeline refused something.
public enum TimelineError: Error, CustomStringConvertible {
    /// A replay is watched: inputs that would change it are refused.
    case watching
    /// The world refused the input.
    case refused(WorldError)

    /// One line, as the HUD shows it.
    public var description: String {
        switch self {
        case .watching: "watching a replay: inputs that would change the world are off"
        case .refused(let error): "\(error)"
        }
    }
}
