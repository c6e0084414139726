#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import FileOutput
import Controls
import Physics
import Render
import Replay
import SceneFormat
import Simulation

/// The interactive window: the seed's loop (a display-synced frame, a fixed
/// 1/120 s step from an accumulator, drawing interpolated between steps) with
/// every input turned into a World event.
public final class App {
    public struct Options {
        public var windowWidth = 1280
        public var windowHeight = 720
        public var screenshotDirectory = "."
        /// Record from the start to this journal.
        public var recordPath: String?
        public init() {}
    }

    /// Time scales offered by - and +.
    static let timeScales = [0.125, 0.25, 0.5, 1, 2]

    private let options: Options
    private let scene: Scene
    /// Live play goes through a Session (so it can be recorded); watching
    /// plays a Replay, and inputs that would change the world are refused.
    private let session: Session?
    private let replay: Replay?
    private var world: World {
        let world = replay?.world ?? session!.world
        world.keepsPreviousPoses = true  // the picture is drawn between steps
        return world
    }
    private var replayProblem: String?
    private var clock = FixedStepClock()
    private var tiltControl = TiltControl()
    private var gamepad = GamepadTilt()
    private var appliedTilt: Vector?
    private var timeScaleIndex = 3
    private var paused = false
    private var stepOnce = false
    private var debug = false
    private var help = false
    private var message: (text: String, until: UInt64)?
    private var grabbing = false
    private var panning = false
    private var cameraMotion: CameraMotion

    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var painter: Painter?
    private var text: Text?
    private var controllers: [OpaquePointer] = []

    // Measurements for the HUD (wall clock: the app loop, not the simulation).
    private var fps = 0.0
    private var stepsLastFrame = 0
    private var frameCounter = 0

    public init(scene: Scene, sceneText: String, sceneFile: String, options: Options) throws(PhysicsError) {
        self.scene = scene
        self.options = options
        session = try Session(scene: scene, sceneText: sceneText, sceneFile: sceneFile)
        replay = nil
        cameraMotion = CameraMotion(worldWidth: scene.width, worldHeight: scene.height)
    }

    public init(replay: Replay, options: Options) throws(PhysicsError) {
        self.scene = replay.scene
        self.options = options
        self.replay = replay
        session = nil
        cameraMotion = CameraMotion(worldWidth: replay.scene.width, worldHeight: replay.scene.height)
        try replay.rewind()
    }

    /// Opens the window and runs until the user quits. Throws `.noDisplay`
    /// when there is no display to open a window on, and `.cannotWrite` when
    /// the window closes after a file the user asked for (a recording, a
    /// screenshot, a saved scene) could not be written: one line per file.
    public func run() throws(RenderError) {
        try runWindow()
        stopRecording()
        if let failure = session?.recordingFailure {
            lostFiles.append("\(failure.error) (the recording stopped at step \(failure.step); the file is a valid journal up to its last complete line)")
        }
        if !lostFiles.isEmpty { throw RenderError(lostFiles.joined(separator: "\n"), kind: .cannotWrite) }
    }

    /// Files that could not be written, for the message at the end.
    private var lostFiles: [String] = []

    private func runWindow() throws(RenderError) {
        SDL_SetHint(SDL_HINT_VIDEO_HIGHDPI_DISABLED, "0")
        // A real display or nothing: without this, SDL falls back to an
        // invisible offscreen driver when the display cannot be reached.
        if getenv("SDL_VIDEODRIVER") == nil {
            let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }?.isEmpty == false
            SDL_SetHint(SDL_HINT_VIDEODRIVER, wayland ? "wayland,x11" : "x11")
        }
        // A recording that cannot be written is an error before any window opens.
        if let path = options.recordPath, let session {
            do {
                try session.startRecording(to: path)
            } catch {
                throw RenderError("cannot record: \(error)", kind: .cannotWrite)
            }
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) == 0 else {
            let display = getenv("DISPLAY").map { String(cString: $0) } ?? ""
            throw RenderError(display.isEmpty ? String(cString: SDL_GetError()) : "cannot reach the display \(display)", kind: .noDisplay)
        }
        defer { SDL_Quit() }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        guard let window = SDL_CreateWindow("cratebox: \(scene.name)", centered, centered,
                                            Int32(options.windowWidth), Int32(options.windowHeight), flags) else {
            throw RenderError(String(cString: SDL_GetError()), kind: .noDisplay)
        }
        self.window = window
        defer { SDL_DestroyWindow(window) }
        // The display link of the seed: vsync paces the frames.
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, 0) else {
            throw RenderError("cannot draw in the window: \(String(cString: SDL_GetError()))")
        }
        self.renderer = renderer
        defer { SDL_DestroyRenderer(renderer) }
        painter = Painter(renderer: renderer)
        text = Text(renderer: renderer, pointSize: Int32(14 * pixelScale))
        defer { painter = nil; text = nil; if TTF_WasInit() != 0 { TTF_Quit() } }
        defer { for c in controllers { SDL_GameControllerClose(c) } }

        if let path = options.recordPath { show("recording to \(path)") }
        if replay != nil { show("watching a replay: Space plays, Left/Right jump a second, Home/End, click the timeline", seconds: 6) }

        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = SDL_GetPerformanceCounter()
        var pacer = FramePacer()
        var first = true
        while true {
            let now = SDL_GetPerformanceCounter()
            // The first frame's duration is the window opening, not play time.
            let frame = first ? 0 : Double(now - last) / frequency
            first = false
            last = now
            fps += ((frame > 0 ? 1 / frame : 0) - fps) * 0.05

            cameraMotion.advance(by: frame)
            if !handleEvents(frame: frame) { break }
            updateTilt(frame: frame)

            // Physics: whole steps from the accumulator, scaled time.
            let physicsStart = SDL_GetPerformanceCounter()
            var steps = 0
            if paused {
                clock = FixedStepClock(maxFrameDuration: clock.maxFrameDuration)
                if stepOnce { steps = 1 }
            } else {
                steps = clock.advance(by: frame * App.timeScales[timeScaleIndex]).steps
            }
            stepOnce = false
            runSteps(steps)
            let physics = Double(SDL_GetPerformanceCounter() - physicsStart) / frequency
            if steps > 0 { clock.record(physics: physics, steps: steps, frame: max(frame, 1e-6)) }
            stepsLastFrame = steps
            frameCounter += 1

            // When physics takes more than half of real time, draw every other
            // display frame (the seed's rule) instead of stalling.
            if !pacer.shouldDraw(halve: clock.shouldHalveFrameRate && !paused) {
                SDL_Delay(UInt32(1000 / max(refreshRate, 30)))
                continue
            }
            draw(alpha: paused ? 1 : clock.accumulator / clock.stepDuration)
        }
    }

    private func runSteps(_ steps: Int) {
        for _ in 0..<steps {
            if let replay {
                guard world.stepCount < replay.lastStep else {
                    if !paused && !endShown { show("end of the replay (step \(replay.lastStep))") }
                    endShown = true
                    paused = true
                    return
                }
                if let problem = replay.advance() {
                    report(problem)
                    return
                }
            } else if let session {
                let wasRecording = session.isRecording
                do {
                    try session.step()
                } catch {
                    show("physics stopped: \(error)")
                    paused = true
                    return
                }
                if wasRecording, !session.isRecording, let failure = session.recordingFailure {
                    show("recording stopped: \(failure.error)", seconds: 8)
                }
            }
        }
    }

    private func report(_ problem: Replay.Outcome) {
        guard let replay else { return }
        if case .verified = problem { return }
        replayProblem = replay.report(problem)
        // Shown in the HUD's replay lines (and printed once).
        print(replayProblem!)
        paused = true
    }

    private func seek(to step: Int) {
        guard let replay else { return }
        endShown = false
        do {
            if let problem = try replay.seek(to: max(0, min(step, replay.lastStep))) { report(problem) }
        } catch {
            show("cannot rebuild the scene: \(error)")
        }
        clock = FixedStepClock()
    }

    private func startRecording(_ path: String) {
        guard let session else { return }
        do {
            try session.startRecording(to: path)
            show("recording to \(path)")
        } catch {
            show("cannot record: \(error)")
        }
    }

    private func stopRecording() {
        guard let session, session.isRecording else { return }
        do {
            if let path = try session.stopRecording() { show("recording saved to \(path)") }
        } catch {
            show("recording stopped: \(error)", seconds: 8)
        }
    }

    private var pixelScale: Double {
        guard let window, let renderer else { return 1 }
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return w > 0 ? max(1, Double(pw) / Double(w)) : 1
    }

    private var refreshRate: Int {
        guard let window else { return 60 }
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 { return Int(mode.refresh_rate) }
        return 60
    }

    private var camera: Camera {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let view = cameraMotion.current
        // While watching, the timeline along the bottom gets its own strip.
        let reserved = replay == nil ? 0 : Int32(32 * pixelScale)
        return Camera(worldWidth: scene.width, worldHeight: scene.height, pixelWidth: Int(pw), pixelHeight: Int(ph - reserved),
                      zoom: view.zoom, center: view.center)
    }

    private func show(_ text: String, seconds: Double = 4) {
        let until = SDL_GetTicks64() + UInt64(seconds * 1000)
        message = (text, until)
        print(text)
        fflush(nil)
    }

    private func apply(_ event: Event) {
        guard let session else {
            if !watchingNoticeShown { show("watching a replay: inputs that would change the world are off") }
            watchingNoticeShown = true
            return
        }
        do {
            try session.apply(event)
        } catch {
            show("\(error)")
        }
    }

    private var watchingNoticeShown = false
    private var endShown = false
    /// When D went down (a tap toggles debug drawing, a hold tilts), while it is down.
    private var dPressedAt: UInt64?
    /// When S went down without Ctrl (Ctrl+S saves; a hold weakens gravity), while it is down.
    private var sPressedAt: UInt64?

    // MARK: Input

    /// Handles the frame's SDL events; returns false to quit.
    private func handleEvents(frame: Double) -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                return false
            case SDL_KEYDOWN:
                if !handleKey(event.key) { return false }
            case SDL_KEYUP:
                if event.key.keysym.sym == Int32(SDLK_d.rawValue), let pressed = dPressedAt {
                    if SDL_GetTicks64() - pressed < KeyMapping.holdToTilt { debug.toggle() }
                    dPressedAt = nil
                }
                if event.key.keysym.sym == Int32(SDLK_s.rawValue) { sPressedAt = nil }
            case SDL_MOUSEBUTTONDOWN:
                mouseDown(event.button)
            case SDL_MOUSEBUTTONUP:
                if event.button.button == UInt8(SDL_BUTTON_LEFT) && grabbing {
                    apply(.release)
                    grabbing = false
                }
                if event.button.button == UInt8(SDL_BUTTON_MIDDLE) { panning = false }
            case SDL_MOUSEMOTION:
                if grabbing { apply(dragEvent(x: event.motion.x, y: event.motion.y)) }
                if panning {
                    let scale = camera.scale / pixelScale
                    cameraMotion.pan(by: Vector(-Double(event.motion.xrel) / scale, Double(event.motion.yrel) / scale))
                }
            case SDL_MOUSEWHEEL:
                var x: Int32 = 0, y: Int32 = 0
                SDL_GetMouseState(&x, &y)
                let wheel = Double(event.wheel.y) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
                if wheel != 0 { cameraMotion.zoom(by: pow(1.25, wheel), about: worldPoint(x: x, y: y)) }
            case SDL_WINDOWEVENT:
                if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) { cameraMotion.fitScene() }
            case SDL_CONTROLLERDEVICEADDED:
                if let controller = SDL_GameControllerOpen(event.cdevice.which) {
                    controllers.append(controller)
                    if SDL_GameControllerHasSensor(controller, SDL_SENSOR_ACCEL) == SDL_TRUE {
                        SDL_GameControllerSetSensorEnabled(controller, SDL_SENSOR_ACCEL, SDL_TRUE)
                        show("gamepad with an accelerometer: tilt it")
                    } else {
                        show("gamepad: the left stick tilts the box")
                    }
                }
            default:
                gamepad.handle(event, &tiltControl)
            }
        }
        return true
    }

    /// Returns false to quit.
    private func handleKey(_ key: SDL_KeyboardEvent) -> Bool {
        let sym = key.keysym.sym
        let ctrl = (UInt32(key.keysym.mod) & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue)) != 0
        switch sym {
        case Int32(SDLK_ESCAPE.rawValue):
            return false
        case Int32(SDLK_SPACE.rawValue) where key.repeat == 0:
            paused.toggle()
        case Int32(SDLK_n.rawValue), Int32(SDLK_PERIOD.rawValue):
            if paused { stepOnce = true } else { paused = true }
        case Int32(SDLK_r.rawValue) where key.repeat == 0:
            cameraMotion.fitScene()
            if replay != nil {
                seek(to: 0)
            } else {
                apply(.reset)
                tiltControl.reset()
                appliedTilt = nil
                grabbing = false
                show("reset")
            }
        case Int32(SDLK_LEFT.rawValue) where replay != nil:
            seek(to: world.stepCount - Journal.checkpointInterval)
        case Int32(SDLK_RIGHT.rawValue) where replay != nil:
            seek(to: world.stepCount + Journal.checkpointInterval)
        case Int32(SDLK_HOME.rawValue) where replay != nil:
            seek(to: 0)
        case Int32(SDLK_END.rawValue) where replay != nil:
            seek(to: replay!.lastStep)
        case Int32(SDLK_F9.rawValue) where key.repeat == 0 && session != nil:
            if session!.isRecording {
                stopRecording()
            } else {
                // The journal holds the session from step 0, so it replays from the scene.
                startRecording(AtomicFile.unusedPath("\(options.screenshotDirectory)/\(baseName)-session", ".replay.jsonl"))
            }
        case Int32(SDLK_MINUS.rawValue), Int32(SDLK_KP_MINUS.rawValue):
            timeScaleIndex = max(0, timeScaleIndex - 1)
        case Int32(SDLK_PLUS.rawValue), Int32(SDLK_EQUALS.rawValue), Int32(SDLK_KP_PLUS.rawValue):
            timeScaleIndex = min(App.timeScales.count - 1, timeScaleIndex + 1)
        case Int32(SDLK_d.rawValue) where key.repeat == 0 && !ctrl:
            // D is both "debug" (a tap) and "tilt right" (WASD, held): which one
            // is decided when it is released, or when it has been held long enough.
            dPressedAt = SDL_GetTicks64()
        case Int32(SDLK_h.rawValue) where key.repeat == 0:
            help.toggle()
        case Int32(SDLK_f.rawValue) where key.repeat == 0:
            cameraMotion.fitScene()
        case Int32(SDLK_TAB.rawValue) where key.repeat == 0:
            hudHidden.toggle()
        case Int32(SDLK_F12.rawValue) where key.repeat == 0:
            screenshotRequested = true
        case Int32(SDLK_s.rawValue) where key.repeat == 0:
            if ctrl { saveScene() } else { sPressedAt = SDL_GetTicks64() }
        default:
            break
        }
        return true
    }

    private func worldPoint(x: Int32, y: Int32) -> Vector {
        let s = pixelScale
        return camera.toWorld(x: Double(x) * s, y: Double(y) * s)
    }

    private func dragEvent(x: Int32, y: Int32) -> Event {
        let p = worldPoint(x: x, y: y)
        return .drag(x: p.x, y: p.y)
    }

    private func mouseDown(_ button: SDL_MouseButtonEvent) {
        if button.button == UInt8(SDL_BUTTON_MIDDLE) {
            panning = true
            return
        }
        if let replay, button.button == UInt8(SDL_BUTTON_LEFT) {
            let bar = timelineBar
            let x = Double(button.x) * pixelScale, y = Double(button.y) * pixelScale
            if y >= Double(bar.y) - 10 && x >= Double(bar.x) && x <= Double(bar.x + bar.w) {
                seek(to: Int((x - Double(bar.x)) / Double(bar.w) * Double(replay.lastStep)))
                return
            }
        }
        let p = worldPoint(x: button.x, y: button.y)
        // A few pixels of slack, so small bodies are easy to hit.
        let slack = 4 * pixelScale / camera.scale
        let found = world.hit(at: p, tolerance: slack)
        let hit = found?.index
        if button.button == UInt8(SDL_BUTTON_LEFT) {
            if let found, let hit, world.bodies[hit]?.body.kind == .dynamic {
                // Held at the point on the body nearest the click.
                apply(.grab(body: hit, x: found.point.x, y: found.point.y))
                grabbing = world.grabbedBody == hit
            } else if hit == nil {
                apply(.spawn(x: p.x, y: p.y))
            }
        } else if button.button == UInt8(SDL_BUTTON_RIGHT), let hit {
            apply(.remove(body: hit))
            if world.grabbedBody == nil { grabbing = false }
        }
    }

    private func updateTilt(frame: Double) {
        guard session != nil, let keys = SDL_GetKeyboardState(nil) else { return }
        let now = SDL_GetTicks64()
        func down(_ code: SDL_Scancode) -> Bool { keys[Int(code.rawValue)] != 0 }
        let state = KeyMapping.tiltKeys(
            left: down(SDL_SCANCODE_LEFT), right: down(SDL_SCANCODE_RIGHT), up: down(SDL_SCANCODE_UP), down: down(SDL_SCANCODE_DOWN),
            a: down(SDL_SCANCODE_A), w: down(SDL_SCANCODE_W),
            dHeld: dPressedAt.map { now - $0 } , sHeld: sPressedAt.map { now - $0 })
        tiltControl.update(keys: state, dt: frame)
        let tilt = tiltControl.tilt
        let current = appliedTilt ?? Vector(0, -1)
        if (tilt - current).length > 1e-6 {
            apply(.tilt(x: tilt.x, y: tilt.y))
            appliedTilt = tilt
        }
    }

    // MARK: Drawing

    private var screenshotRequested = false

    private func draw(alpha: Double) {
        guard let renderer, let painter else { return }
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        painter.draw(world, camera: camera, alpha: alpha, debug: debug, width: Int(pw), height: Int(ph))
        painter.drawLevel(tilt: world.tilt ?? Vector(0, -1), width: Int(pw), scale: pixelScale)
        if screenshotRequested {
            screenshotRequested = false
            saveScreenshot(width: pw, height: ph)
        }
        drawHUD(width: pw, height: ph)
        if replay != nil { drawTimeline() }
        SDL_RenderPresent(renderer)
    }

    private var hudHidden = false

    private func drawHUD(width: Int32, height: Int32) {
        guard let text, let renderer else { return }
        if hudHidden && !help { return }
        let scale = App.timeScales[timeScaleIndex]
        let share = Int((clock.physicsShare * 100).rounded())
        let tilt = world.tilt ?? Vector(0, -1)
        var lines: [(String, SDL_Color)] = [
            ("\(scene.name)   step \(world.stepCount)", Palette.text),
            ("\(Int(fps.rounded())) fps   \(stepsLastFrame) steps/frame", Palette.text),
            ("physics \(format(clock.stepCost * 1e6, 0)) us/step, \(share)% of real time", Palette.text),
            ("bodies \(world.liveBodyCount)   time x\(scale == 0.125 ? "1/8" : scale == 0.25 ? "1/4" : scale == 0.5 ? "1/2" : format(scale, 0))", Palette.text),
            ("tilt (\(format(tilt.x, 2)), \(format(tilt.y, 2))) g", Palette.text),
        ]
        if paused { lines.append(("PAUSED (space: run, N: step)", Palette.warning)) }
        if let session, session.isRecording { lines.append(("● RECORDING (F9 stops)", Palette.contact)) }
        if let failure = session?.recordingFailure {
            lines.append(("recording stopped at step \(failure.step): \(failure.error.message)", Palette.warning))
        }
        for lost in lostFiles { lines.append(("not saved: \(lost)", Palette.warning)) }
        if let replay {
            lines.append(("REPLAY step \(world.stepCount) of \(replay.lastStep)\(replay.journal.truncated ? " (truncated)" : ""): watching only", Palette.joint))
            if let replayProblem { lines.append((replayProblem, Palette.contact)) }
        }
        if clock.droppedTime > 0 {
            lines.append(("dropped \(format(clock.droppedTime, 2)) s of sim time in \(clock.droppedFrames) slow frame\(clock.droppedFrames == 1 ? "" : "s")", Palette.warning))
        }
        if clock.shouldHalveFrameRate { lines.append(("drawing at half rate", Palette.warning)) }
        if let message, SDL_GetTicks64() < message.until { lines.append((message.text, Palette.joint)) }
        lines.append(("H: help", Palette.text))
        Overlays.drawPanel(lines, text: text, renderer: renderer, scale: pixelScale)
        if help { Overlays.drawHelp(text: text, renderer: renderer, width: width, height: height, scale: pixelScale) }
    }

    /// The timeline bar along the bottom while watching.
    private var timelineBar: SDL_Rect {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return Overlays.timelineBar(width: pw, height: ph, scale: pixelScale)
    }

    private func drawTimeline() {
        guard let renderer, let replay else { return }
        Overlays.drawTimeline(timelineBar, played: world.stepCount, last: replay.lastStep,
                              ticks: replay.journal.checkpoints.map(\.step), renderer: renderer)
    }

    private func format(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "\(x)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (x * scale).rounded() / scale
        if digits == 0 { return String(Int(r)) }
        var s = "\(r)"
        if let dot = s.firstIndex(of: ".") {
            let have = s.distance(from: dot, to: s.endIndex) - 1
            if have < digits { s += String(repeating: "0", count: digits - have) }
        }
        return s
    }

    // MARK: Files

    private var baseName: String {
        let allowed = scene.name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(allowed).isEmpty ? "scene" : String(allowed)
    }

    private func saveScreenshot(width: Int32, height: Int32) {
        guard let renderer,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else { return }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            show("screenshot failed: \(String(cString: SDL_GetError()))")
            return
        }
        let path = AtomicFile.unusedPath("\(options.screenshotDirectory)/cratebox-\(baseName)-\(padded(world.stepCount))", ".png")
        do {
            try savePNG(surface, to: path)
            show("screenshot saved to \(path)")
        } catch {
            show("screenshot failed: \(error)")
            lostFiles.append("\(error)")
        }
    }

    private func saveScene() {
        let path = AtomicFile.unusedPath("\(options.screenshotDirectory)/\(baseName)-step\(world.stepCount)", ".json")
        do {
            try writeTextFile(world.currentScene().json(), to: path)
            show("scene saved to \(path)")
        } catch {
            show("saving failed: \(error)")
            lostFiles.append("\(error)")
        }
    }
}

/// Zero-padded to 6 digits, so screenshots sort by step.
private func padded(_ step: Int) -> String {
    let digits = String(step)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}
