import WindowModel
import CrateboxGeometry
import CrateboxReplay
import Simulation

/// The window's requests, applied between steps on the physics thread.
extension PhysicsLoop {
    func handle(_ request: PhysicsRequest) {
        // Showing the past: anything that changes the world resumes from there first.
        if let shown = showing, request.changesTheWorld {
            if watching != nil {
                // A replay plays on from the step shown (inputs that would change it stay refused).
                showing = nil
                seek(to: shown)
                if case .togglePause = request {
                    paused = false
                    return
                }
            } else {
                guard branchFromShownStep() else { return }
                if case .togglePause = request { return }  // Space resumes; it does not also pause
            }
        }
        switch request {
        case .event(.key(let trigger, let down)):
            // The window's idea of a key can lag the world's (a branch lets
            // go of every key): a press of a held key, or a release of one
            // that is not, changes nothing and is not journaled.
            if world.held.contains(trigger) != down { apply(.key(trigger, down: down)) }
        case .event(.pointer) where showing != nil:
            break  // the pointer moving over a shown past does not branch it; the next move after resuming tells the script
        case .event(let event): apply(event)
        case .press(let point, let slack):
            let sandbox = world.scene.sandbox  // what the scene leaves on (scene-format.md 16.14)
            if let hit = world.hit(at: point, tolerance: slack) {
                if sandbox.grab, world.bodies[hit.index]?.kind == .dynamic {
                    // Held at the point on the body nearest the click.
                    apply(.grab(body: hit.index, x: hit.point.x, y: hit.point.y))
                }
            } else if sandbox.spawn {
                apply(.spawn(x: point.x, y: point.y))
            }
        case .drag(let point): if world.grabbedBody != nil { apply(.drag(x: point.x, y: point.y)) }
        case .release: if world.grabbedBody != nil { apply(.release) }
        case .remove(let point, let slack):
            if let hit = world.hit(at: point, tolerance: slack) { apply(.remove(body: hit.index)) }
        case .restart: restart()
        case .keepHistory(let before): history = before.beforeReload(then: history)
        case .togglePause:
            paused.toggle()
            speed.restart(expecting: timeScale)
        case .step: if paused { stepOnce = true } else { paused = true }
        case .slower:
            timeScaleIndex = max(0, timeScaleIndex - 1)
            speed.restart(expecting: timeScale)
        case .faster:
            timeScaleIndex = min(PhysicsLoop.timeScales.count - 1, timeScaleIndex + 1)
            speed.restart(expecting: timeScale)
        case .debug(let on): debug = on
        case .stats(let on): wantsStats = on
        case .seek(let step): move(to: step)
        // Left and Right jump through a replay; in a live session they tilt the box.
        case .seekBy(let steps): if watching != nil { move(to: (showing ?? world.stepCount) + steps) }
        case .seekToEnd: if let replay = timeline.replay { move(to: replay.lastStep) } else { show(nil) }
        case .scrub(let steps): show((showing ?? world.stepCount) + steps)
        case .toggleRecording: if timeline.session != nil { say(captures.toggleRecording(timeline)) }
        case .saveScene: say(captures.saveScene(world, scene: timeline.sceneSource), seconds: 6)
        }
    }

    /// An input for the world: journaled in a live session, refused while watching.
    func apply(_ event: Event) {
        do { try timeline.apply(event) } catch {
            if let watching {
                if !watching.refusalShown { say("\(error)") }
                watching.refusalShown = true
            } else {
                say("\(error)")
            }
        }
    }

    /// The timeline's move, the same in both modes: a remembered step is shown
    /// at once; a replay plays forward to a step it has not reached yet.
    private func move(to step: Int) {
        if watching != nil, history.lastStep.map({ step >= $0 }) ?? true {
            showing = nil
            seek(to: step)
        } else {
            show(step)
        }
    }

    /// R: a session begun from a saved state goes back to that moment (a
    /// branch at its step, as scrubbing back to it and resuming would); any
    /// other goes back to the scene's start with a `reset` event.
    private func restart() {
        guard let start = timeline.session?.start else {
            apply(.reset)
            say("reset")
            return
        }
        let wasPaused = paused
        showing = start.step
        if world.stepCount == start.step || branchFromShownStep() {
            showing = nil
            paused = wasPaused  // R while paused shows the moment, still paused (as a reset does)
            say("back to the saved moment (step \(start.step))")
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
        guard let watching else { return }
        watching.endShown = false
        setAudience(false)  // what a seek steps through is neither heard nor printed
        do {
            if let problem = try timeline.seek(to: step) { report(problem) }
        } catch {
            say("cannot rebuild the scene: \(error)")
        }
        clock = FixedStepClock()
        lastPass = now()  // re-simulating is not play time
    }
}

extension PhysicsRequest {
    /// Whether it changes the world (or resumes it): from a shown past step, it branches.
    var changesTheWorld: Bool {
        switch self {
        case .event(.pointer): false
        case .event, .press, .remove, .togglePause, .step, .restart: true
        case .drag, .release, .slower, .faster, .debug, .stats, .seek, .seekBy, .seekToEnd, .scrub, .toggleRecording, .saveScene, .keepHistory: false
        }
    }
}
