import CSDL2
import WindowModel
import CrateboxGeometry
import Render
import SceneFormat
import Simulation

/// A frame's input and its picture.
extension App {
    /// Handles the frame's SDL events and held keys; returns false to quit.
    /// Each event goes where the window's mode says: every key event to
    /// `Keyboard` (which decides whose it is), the mouse to the builder in
    /// build mode, else to `Input`.
    func handleInput(frame: Double) -> Bool {
        if case .playing(let physics) = mode { followScriptKeys(physics.latest.drawn) }
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if clickSkipsSplash(event) { continue }
            let type = SDL_EventType(event.type)
            if type == SDL_WINDOWEVENT && event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue) {
                // Keys let go of while the window is not looking would stay held.
                releaseSceneControls()
            }
            if sceneButton(event) { continue }
            if let builder = mode.builder, builder.capture(event) { continue }
            let commands: [Command]
            if type == SDL_KEYDOWN || type == SDL_KEYUP {
                let (key, name, modifiers, repeated) = SDLKeys.translate(event.key)
                let meaning = type == SDL_KEYDOWN
                    ? keyboard.press(key, name: name, modifiers: modifiers, repeated: repeated, in: mode.keys,
                                     revealing: isRevealing, binding: mode.builder?.isBinding ?? false)
                    : keyboard.release(key, name: name)
                switch meaning {
                case .scene(let name, let down): commands = [.physics(.event(.key(.key(name), down: down)))]
                case .sandbox(let actions): commands = actions.map(Command.key)
                case .endReveal: decor.splash = nil; commands = []
                case .bind(let binding): mode.builder?.bind(binding); commands = []
                }
            } else if let builder = mode.builder {
                commands = builder.handle(event, pointer: buildPointer)
            } else {
                commands = input.handle(event, pointer: pointer)
            }
            for command in commands where !perform(command) { return false }
        }
        if case .playing(let physics) = mode, scene.sandbox.tilt, let tilt = input.tiltEvent(frame: frame, keys: keyboard.tiltKeys(in: mode.keys)) {
            physics.send(.event(tilt))
        }
        if case .playing(let physics) = mode, let moved = input.pointerEvent() { physics.send(.event(moved)) }
        if mode.physics != nil { scrub(frame: frame) }
        return true
    }

    /// Backspace held runs time backwards through the remembered past, faster
    /// the longer it is held (Shift+Backspace forwards, up to the present): `Scrubbing`.
    func scrub(frame: Double) {
        guard let steps = scrubbing.steps(direction: keyboard.scrubDirection(in: mode.keys), frame: frame, now: Monotonic.now) else { return }
        mode.physics?.send(.scrub(by: steps))
    }

    /// The timeline's range: a replay's steps, or while showing the past, the remembered ones.
    func timelineRange(_ status: PhysicsStatus) -> (first: Int, last: Int)? {
        if let replay = status.replay { return (0, replay.lastStep) }
        if status.showing != nil || status.rebuilding != nil, let history = status.history { return history }
        return nil
    }

    /// What the mouse needs of the picture now.
    var pointer: Input.Pointer {
        let scale = window.pixelScale, camera = self.camera
        let toWorld = { (x: Int32, y: Int32) in camera.toWorld(x: Double(x) * scale, y: Double(y) * scale) }
        let bar = timelineBar, range = mode.physics.flatMap { timelineRange($0.latest.status) }
        let step = { (x: Int32) -> Int? in
            guard let range else { return nil }
            let px = min(max(Double(x) * scale, Double(bar.x)), Double(bar.x + bar.w))
            return range.first + Int((px - Double(bar.x)) / Double(bar.w) * Double(range.last - range.first))
        }
        return Input.Pointer(
            toWorld: toWorld,
            // A few pixels of slack, so small bodies are easy to hit.
            slack: 4 * scale / camera.scale,
            timeline: { x, y in
                let px = Double(x) * scale, py = Double(y) * scale
                let near = 10 * scale
                guard py >= Double(bar.y) - near && py <= Double(bar.y + bar.h) + near && px >= Double(bar.x) && px <= Double(bar.x + bar.w) else { return nil }
                return step(x)
            },
            timelineStep: step,
            pointsPerPixel: scale / camera.scale,
            clickExplodes: keyboard.clickExplodes(in: mode.keys),
            scripted: scene.script != nil && mode.isPlaying, clicksToScript: scene.rightClickToScript && mode.isPlaying,
            sandbox: mode.isPlaying ? scene.sandbox : SandboxInputs())
    }

    /// T: the body under the pointer starts or stops drawing its path.
    func toggleTrace() {
        if let builder = mode.builder { return builder.toggleTrace(pointer: buildPointer) }
        guard let physics = mode.physics else { return }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        let drawn = physics.latest.drawn, p = pointer
        guard let index = drawn.body(at: p.toWorld(x, y), slack: p.slack) else {
            hud.show("T traces the body under the pointer: point at one")
            return
        }
        hud.show(decor.trails.toggle(index, in: drawn) ? "tracing body \(index)" : "body \(index) no longer traced")
    }

    /// Does what a command says; returns false to quit.
    func perform(_ command: Command) -> Bool {
        switch command {
        case .quit: return quitOrCancelRebuild()
        case .key(let action): return perform(action)
        case .fit: fit()
        case .physics(let request):
            // A replay refuses inputs: no ring for an explosion that does not happen.
            if case .event(.explode(let x, let y, let radius, _)) = request, !mode.isWatching { decor.blasts.append((Vector(x, y), radius, Monotonic.now)) }
            mode.physics?.send(request)
        case .pan(let by):
            looking.following = false
            looking.motion.pan(by: by)
        case .zoom(let factor, let about):
            looking.following = false
            looking.motion.zoom(by: factor, about: about)
        case .openController(let which): if let said = window.openController(which) { hud.show(said) }
        case .openFile(let path): if open(path) { hud.show("opened \(path)") }
        }
        return true
    }

    /// Esc while a branch is rebuilt cancels the rebuild, not the window; false to quit.
    private func quitOrCancelRebuild() -> Bool {
        if let physics = mode.physics, physics.latest.status.rebuilding != nil {
            physics.cancelRebuild()
            return true
        }
        return false
    }

    /// Does what a key asks (`KeyMap`); returns false to quit.
    func perform(_ action: KeyAction) -> Bool {
        if let request = PhysicsRequest(action) {
            mode.physics?.send(request)
            if action == .reset { input.reset() }
            return true
        }
        switch action {
        case .quit: return quitOrCancelRebuild()
        case .toggleHelp: hud.help.toggle()
        case .toggleHUD: hud.hidden.toggle()
        case .toggleTrace: toggleTrace()
        case .toggleSound: hud.show(sound.toggle())
        case .fit: fit()
        case .screenshot: screenshotRequested = true
        case .toggleBuild: toggleBuild()
        case .level: input.level()
        case .toggleDebug:
            decor.debug.toggle()
            mode.physics?.send(.debug(decor.debug))
        case .toggleGraphs:
            decor.graphs = decor.graphs == nil ? LiveGraphs() : nil
            mode.physics?.send(.stats(decor.graphs != nil))
        case .openNeighbour(let direction): openNeighbour(direction)
        case .saveDocument: saveDocument()
        case .recoverEdits: recoverEdits()
        default:
            // The builder's: tools, edits, typing.
            guard let builder = mode.builder else { return true }
            if action == .cancelOrQuit && !builder.cancel() { return false }
            for command in builder.act(action, pointer: buildPointer) where !perform(command) { return false }
        }
        return true
    }

    /// Draws the newest drawn world between its last two steps, as far as real
    /// time (`now`) has gone past the later one, and presents it.
    func draw(_ published: Published, now: Double) {
        let (pw, ph) = window.outputSize
        let drawn = published.drawn, status = published.status
        let alpha = status.paused ? 1 : min(max((now - published.stateTime) * status.timeScale / World.stepDuration, 0), 1)
        follow(drawn, alpha: alpha, now: now)
        let layout = freshLayout, camera = camera(in: layout)
        looking.drawnLayout = layout
        // The world stays in its room: what a followed body's box has beyond it is not drawn under the HUD.
        window.painter.draw(drawn, camera: camera, alpha: alpha, width: Int(pw), height: Int(ph), clip: layout.world)
        decor.trails.update(drawn, alpha: alpha)
        window.painter.drawTrails(decor.trails, camera: camera)
        if let knife = input.knife { window.painter.drawKnife(from: knife.from, to: knife.to, camera: camera) }
        decor.blasts.removeAll { now - $0.at >= Painter.blastSeconds }
        for blast in decor.blasts { window.painter.drawBlast(at: blast.point, radius: blast.radius, age: now - blast.at, camera: camera) }
        SDL_RenderSetClipRect(window.renderer, nil)
        // (A game that turned tilting off has no level to show.)
        if let level = layout.level, scene.sandbox.tilt { window.painter.drawLevel(tilt: drawn.tilt ?? Vector(0, -1), at: (level.x, level.y), radius: level.r, scale: window.pixelScale) }
        if screenshotRequested {
            // Of the frame just drawn: one drawn world, whatever the physics thread does meanwhile.
            screenshotRequested = false
            hud.show(captures.screenshot(window, step: drawn.stepCount))
        }
        hud.draw(self.status(published), in: window, layout: layout)
        // A file that does not load, or else what stopped the world (a script's error, with its file and line).
        let problems = opened.problems.isEmpty ? status.stopped.map { ["stopped: " + $0] } ?? [] : opened.problems
        if !problems.isEmpty {
            Overlays.drawProblems(problems, text: window.text, renderer: window.renderer, width: pw, top: layout.strip.h, scale: window.pixelScale)
        }
        if let range = timelineRange(status) {
            Overlays.drawTimeline(layout.timeline, played: drawn.stepCount - range.first, last: range.last - range.first,
                                  ticks: status.replay?.checkpoints ?? [], renderer: window.renderer)
        }
        if decor.graphs != nil, let stats = status.stats {
            decor.graphs!.add(time: now, stepCost: status.stepCost, stats: stats)
            decor.graphs!.draw(in: window)
        }
        if let rebuilding = status.rebuilding {
            Overlays.drawProgress(done: rebuilding.done, total: rebuilding.total, width: pw, height: ph, scale: window.pixelScale, renderer: window.renderer)
        }
        drawSplash(now: now)
        SDL_RenderPresent(window.renderer)
    }

    /// What the HUD reports this frame.
    func status(_ published: Published) -> HUD.Status {
        var s = HUD.Status(physics: published.status, shown: HUD.Shown(published.drawn), sceneName: scene.name, fps: meter.fps,
                           lostFiles: published.status.lostFiles + captures.lost)
        s.soundOff = sound.muted
        s.playingDocument = document != nil && mode.isPlaying
        return s
    }
}
