import CSDL2
import Controls
import Physics
import Render
import Simulation

/// A frame's input and its picture.
extension App {
    /// Handles the frame's SDL events and held keys; returns false to quit.
    func handleInput(frame: Double) -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            for command in input.handle(event, pointer: pointer) {
                if !perform(command) { return false }
            }
        }
        if mode.session != nil, let tilt = input.tiltEvent(frame: frame) { apply(tilt) }
        return true
    }

    /// What the mouse needs of the picture now.
    var pointer: Input.Pointer {
        let scale = window.pixelScale, camera = self.camera
        let toWorld = { (x: Int32, y: Int32) in camera.toWorld(x: Double(x) * scale, y: Double(y) * scale) }
        // A few pixels of slack, so small bodies are easy to hit.
        let slack = 4 * scale / camera.scale
        let world = self.world
        let bar = timelineBar, lastStep = mode.watching?.replay.lastStep
        return Input.Pointer(
            toWorld: toWorld,
            hit: { p in world.hit(at: p, tolerance: slack).map { ($0.index, $0.point, world.bodies[$0.index]?.kind == .dynamic) } },
            timeline: { x, y in
                guard let lastStep else { return nil }
                let px = Double(x) * scale, py = Double(y) * scale
                guard py >= Double(bar.y) - 10 && px >= Double(bar.x) && px <= Double(bar.x + bar.w) else { return nil }
                return Int((px - Double(bar.x)) / Double(bar.w) * Double(lastStep))
            },
            pointsPerPixel: scale / camera.scale)
    }

    /// Does what a command says; returns false to quit.
    func perform(_ command: Command) -> Bool {
        let watching = mode.watching
        switch command {
        case .quit: return false
        case .togglePause: paused.toggle()
        case .step: if paused { stepOnce = true } else { paused = true }
        case .reset:
            if watching != nil { seek(to: 0) } else {
                apply(.reset)
                input.reset()
                hud.show("reset")
            }
        case .seek(let step): seek(to: step)
        case .seekBy(let steps): if watching != nil { seek(to: world.stepCount + steps) }
        case .seekToEnd: if let watching { seek(to: watching.replay.lastStep) }
        case .toggleRecording: if let session = mode.session { hud.show(captures.toggleRecording(session)) }
        case .slower: timeScaleIndex = max(0, timeScaleIndex - 1)
        case .faster: timeScaleIndex = min(App.timeScales.count - 1, timeScaleIndex + 1)
        case .toggleDebug: debug.toggle()
        case .toggleHelp: hud.help.toggle()
        case .toggleHUD: hud.hidden.toggle()
        case .fit: cameraMotion.fitScene()
        case .screenshot: screenshotRequested = true
        case .saveScene: hud.show(captures.saveScene(world))
        case .world(let event): apply(event)
        case .pan(let by): cameraMotion.pan(by: by)
        case .zoom(let factor, let about): cameraMotion.zoom(by: factor, about: about)
        case .openController(let which): if let said = window.openController(which) { hud.show(said) }
        }
        return true
    }

    /// An input for the world: journaled in a live session, refused while watching.
    func apply(_ event: Event) {
        guard let session = mode.session else {
            if let watching = mode.watching, !watching.refusalShown {
                hud.show("watching a replay: inputs that would change the world are off")
                watching.refusalShown = true
            }
            return
        }
        do {
            try session.apply(event)
        } catch {
            hud.show("\(error)")
        }
        switch event {
        case .grab(let index, _, _): input.grabbing = world.grabbedBody == index
        case .remove: if world.grabbedBody == nil { input.grabbing = false }
        default: break
        }
    }

    var camera: Camera {
        let (pw, ph) = window.outputSize
        let view = cameraMotion.current
        // While watching, the timeline along the bottom gets its own strip.
        let reserved = mode.watching == nil ? 0 : Int32(32 * window.pixelScale)
        return Camera(worldWidth: scene.width, worldHeight: scene.height, pixelWidth: Int(pw), pixelHeight: Int(ph - reserved),
                      zoom: view.zoom, center: view.center)
    }

    /// The timeline bar along the bottom while watching.
    var timelineBar: SDL_Rect {
        let (pw, ph) = window.outputSize
        return Overlays.timelineBar(width: pw, height: ph, scale: window.pixelScale)
    }

    func draw(alpha: Double) {
        let (pw, ph) = window.outputSize
        window.painter.draw(world, camera: camera, alpha: alpha, debug: debug, width: Int(pw), height: Int(ph))
        window.painter.drawLevel(tilt: world.tilt ?? Vector(0, -1), width: Int(pw), scale: window.pixelScale)
        if screenshotRequested {
            screenshotRequested = false
            hud.show(captures.screenshot(window, step: world.stepCount))
        }
        hud.draw(status, in: window)
        if let watching = mode.watching {
            Overlays.drawTimeline(timelineBar, played: world.stepCount, last: watching.replay.lastStep,
                                  ticks: watching.replay.journal.checkpoints.map(\.step), renderer: window.renderer)
        }
        SDL_RenderPresent(window.renderer)
    }

    /// What the HUD reports this frame.
    var status: HUD.Status {
        var s = HUD.Status()
        s.sceneName = scene.name
        s.step = world.stepCount
        s.fps = fps
        s.stepsPerFrame = stepsLastFrame
        s.stepCost = clock.stepCost
        s.physicsShare = clock.physicsShare
        s.bodies = world.liveBodyCount
        s.timeScale = App.timeScales[timeScaleIndex]
        s.tilt = world.tilt ?? Vector(0, -1)
        s.paused = paused
        s.recording = mode.session?.isRecording == true
        if let failure = mode.session?.recordingFailure {
            s.recordingStopped = "recording stopped at step \(failure.step): \(failure.error.message)"
        }
        s.lostFiles = captures.lost
        if let watching = mode.watching {
            s.replay = (watching.replay.lastStep, watching.replay.journal.truncated, watching.problem)
        }
        s.droppedTime = clock.droppedTime
        s.droppedFrames = clock.droppedFrames
        s.halfRate = clock.shouldHalveFrameRate
        return s
    }
}
