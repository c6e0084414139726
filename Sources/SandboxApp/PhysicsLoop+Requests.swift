import Controls
import Physics
import Replay
import Simulation

/// The window's requests, applied between steps on the physics thread.
extension PhysicsLoop {
    func handle(_ request: PhysicsRequest) {
        // Showing the past: anything that changes the world resumes from there first.
        if showing != nil, request.changesTheWorld {
            guard branchFromShownStep() else { return }
            if case .togglePause = request { return }  // Space resumes; it does not also pause
        }
        switch request {
        case .event(let event): apply(event)
        case .press(let point, let slack):
            if let hit = world.hit(at: point, tolerance: slack) {
                if world.bodies[hit.index]?.kind == .dynamic {
                    // Held at the point on the body nearest the click.
                    apply(.grab(body: hit.index, x: hit.point.x, y: hit.point.y))
                }
            } else {
                apply(.spawn(x: point.x, y: point.y))
            }
        case .drag(let point): if world.grabbedBody != nil { apply(.drag(x: point.x, y: point.y)) }
        case .release: if world.grabbedBody != nil { apply(.release) }
        case .remove(let point, let slack):
            if let hit = world.hit(at: point, tolerance: slack) { apply(.remove(body: hit.index)) }
        case .togglePause: paused.toggle()
        case .step: if paused { stepOnce = true } else { paused = true }
        case .slower: timeScaleIndex = max(0, timeScaleIndex - 1)
        case .faster: timeScaleIndex = min(PhysicsLoop.timeScales.count - 1, timeScaleIndex + 1)
        case .debug(let on): debug = on
        case .seek(let step): if mode.watching != nil { seek(to: step) } else { show(step) }
        case .seekBy(let steps): seek(to: world.stepCount + steps)
        case .seekToEnd: if let watching = mode.watching { seek(to: watching.replay.lastStep) } else { show(nil) }
        case .scrub(let steps): if mode.session != nil { show((showing ?? world.stepCount) + steps) }
        case .toggleRecording: if let session = mode.session { say(captures.toggleRecording(session)) }
        case .saveScene: say(captures.saveScene(world))
        }
    }

    /// An input for the world: journaled in a live session, refused while watching.
    private func apply(_ event: Event) {
        guard let session = mode.session else {
            if let watching = mode.watching, !watching.refusalShown {
                say("watching a replay: inputs that would change the world are off")
                watching.refusalShown = true
            }
            return
        }
        do {
            try session.apply(event)
        } catch {
            say("\(error)")
        }
    }

    /// Shows a remembered step (clamped to what is remembered), or the present.
    private func show(_ step: Int?) {
        guard let step, let first = history.firstStep, let last = history.lastStep, step < last else {
            showing = nil
            return
        }
        showing = min(max(step, first), last)
        // Shown steps are the remembered ones; a thinned past snaps to the one before.
        showing = history.frame(at: showing!)?.stepCount
    }

    private func seek(to step: Int) {
        guard let watching = mode.watching else { return }
        watching.endShown = false
        do {
            if let problem = try watching.replay.seek(to: max(0, min(step, watching.replay.lastStep))) { report(problem, watching) }
        } catch {
            say("cannot rebuild the scene: \(error)")
        }
        world.keepsPreviousPoses = true  // a seek backwards makes a new World
        clock = FixedStepClock()
    }
}

extension PhysicsRequest {
    /// Whether it changes the world (or resumes it): from a shown past step, it branches.
    var changesTheWorld: Bool {
        switch self {
        case .event, .press, .remove, .togglePause, .step: true
        case .drag, .release, .slower, .faster, .debug, .seek, .seekBy, .seekToEnd, .scrub, .toggleRecording, .saveScene: false
        }
    }
}
