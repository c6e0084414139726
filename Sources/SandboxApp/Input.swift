import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat
import Simulation

/// What an input asks the app to do.
enum Command {
    case quit
    /// A key's action (`KeyMap`).
    case key(KeyAction)
    /// The window changed size.
    case fit
    /// For the physics thread (inputs for the world are applied between steps and journaled).
    case physics(PhysicsRequest)
    case pan(Vector)
    case zoom(by: Double, about: Vector)
    /// A gamepad was plugged in.
    case openController(Int32)
    /// A file dropped on the window, to open.
    case openFile(String)
}

/// The window's input while playing or watching: the mouse, the window's
/// events and the gamepad in, commands out (keys are `Keyboard`'s); held keys,
/// the gamepad stick and accelerometer turn the tilt control, which becomes tilt events.
struct Input {
    /// What the mouse needs of the picture.
    struct Pointer {
        /// A window point (in SDL's points) in world coordinates.
        var toWorld: (Int32, Int32) -> Vector
        /// How far from a body (in world units: a few pixels) a click still hits it.
        var slack: Double
        /// The step a click on the timeline means, if it is on the timeline.
        var timeline: (Int32, Int32) -> Int?
        /// The step at a window x while dragging along the timeline.
        var timelineStep: (Int32) -> Int?
        /// World points per SDL point.
        var pointsPerPixel: Double
        /// X is held (and is not the scene's): a left click is an explosion (`Keyboard.clickExplodes`).
        var clickExplodes = false
        /// A live scene with a script: the pointer is the script's too (`pointer` events).
        var scripted = false
        /// A live scene whose script takes right clicks (`"rightClick": "script"`): a click is a `click` event, not a deletion.
        var clicksToScript = false
        /// The sandbox's inputs the live scene leaves on (`"sandbox"`, scene-format.md 16.14).
        var sandbox = SandboxInputs()

        /// The left button is the script's: the sandbox neither spawns nor grabs, and a script listens.
        var leftToScript: Bool { scripted && !sandbox.spawn && !sandbox.grab }
        /// The right button is the script's at once (no knife to tell a click from).
        var rightToScript: Bool { scripted && !sandbox.knife && (clicksToScript || !sandbox.delete) }
    }

    /// The left button went down on the world (not on the timeline).
    private var pressing = false
    /// A mouse button that went down as the script's (`click` events), to go up as the script's too.
    private var toScript: Set<MouseButton> = []
    /// The left button went down on the timeline: moving drags along it.
    private var onTimeline = false
    private var panning = false
    /// The right button is down: a click removes, a drag is the knife (from, to: world points).
    private(set) var knife: (from: Vector, to: Vector)?
    /// Where the right button went down, in window points (a drag starts past a few of them).
    private var knifeStart: (x: Int32, y: Int32) = (0, 0)
    /// The explosion of X and a click: radius and impulse (docs/replay-format.md, explode).
    static let blast = (radius: 200.0, impulse: 150_000.0)
    private(set) var tilt = TiltControl()
    private var gamepad = GamepadTilt()
    private var appliedTilt: Vector?
    /// Where the pointer moved to since the last `pointer` event (a scripted scene's).
    private var movedTo: Vector?

    /// Back to level after a reset; nothing held.
    mutating func reset() {
        tilt.reset()
        appliedTilt = nil
    }

    mutating func handle(_ event: SDL_Event, pointer: Pointer) -> [Command] {
        switch SDL_EventType(event.type) {
        case SDL_QUIT: return [.quit]
        case SDL_MOUSEBUTTONDOWN: return mouseDown(event.button, pointer)
        case SDL_MOUSEBUTTONUP:
            if let button = Input.scriptButton(event.button), toScript.remove(button) != nil {
                let p = pointer.toWorld(event.button.x, event.button.y)
                return [.physics(.event(.click(x: p.x, y: p.y, button: button, down: false)))]
            }
            if event.button.button == UInt8(SDL_BUTTON_RIGHT) { return rightUp(event.button, pointer) }
            if event.button.button == UInt8(SDL_BUTTON_MIDDLE) { panning = false }
            if event.button.button == UInt8(SDL_BUTTON_LEFT) { onTimeline = false }
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) && pressing else { return [] }
            pressing = false
            return [.physics(.release)]
        case SDL_MOUSEMOTION:
            var commands: [Command] = []
            // Drags a body if the press took hold of one (the physics thread knows).
            if pressing { commands.append(.physics(.drag(to: pointer.toWorld(event.motion.x, event.motion.y)))) }
            if let knife { self.knife = (knife.from, pointer.toWorld(event.motion.x, event.motion.y)) }
            if pointer.scripted { movedTo = pointer.toWorld(event.motion.x, event.motion.y) }
            if onTimeline, let step = pointer.timelineStep(event.motion.x) { commands.append(.physics(.seek(to: step))) }
            if panning {
                let k = pointer.pointsPerPixel
                commands.append(.pan(Vector(-Double(event.motion.xrel) * k, Double(event.motion.yrel) * k)))
            }
            return commands
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let wheel = Double(event.wheel.y) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            return wheel == 0 ? [] : [.zoom(by: pow(1.25, wheel), about: pointer.toWorld(x, y))]
        case SDL_WINDOWEVENT:
            return event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) ? [.fit] : []
        case SDL_DROPFILE:
            return Input.dropped(event)
        case SDL_CONTROLLERDEVICEADDED:
            return [.openController(event.cdevice.which)]
        default:
            gamepad.handle(event, &tilt)
            return []
        }
    }

    /// L: the box eases back to level.
    mutating func level() {
        tilt.level()
    }

    private mutating func mouseDown(_ button: SDL_MouseButtonEvent, _ pointer: Pointer) -> [Command] {
        if button.button == UInt8(SDL_BUTTON_MIDDLE) {
            panning = true
            return []
        }
        if button.button == UInt8(SDL_BUTTON_LEFT), let step = pointer.timeline(button.x, button.y) {
            onTimeline = true
            return [.physics(.seek(to: step))]
        }
        let p = pointer.toWorld(button.x, button.y)
        if button.button == UInt8(SDL_BUTTON_LEFT), pointer.clickExplodes, pointer.sandbox.explode {
            return [.physics(.event(.explode(x: p.x, y: p.y, radius: Input.blast.radius, impulse: Input.blast.impulse)))]
        }
        // What the sandbox leaves is the script's (scene-format.md 16.13, 16.14): a press now, its release when it goes up.
        if let which = Input.scriptButton(button),
           which == .left ? pointer.leftToScript : pointer.rightToScript {
            toScript.insert(which)
            return [.physics(.event(.click(x: p.x, y: p.y, button: which, down: true)))]
        }
        if button.button == UInt8(SDL_BUTTON_LEFT) {
            guard pointer.sandbox.spawn || pointer.sandbox.grab else { return [] }
            // The physics thread holds the dynamic body there, or spawns on empty space.
            pressing = true
            return [.physics(.press(at: p, slack: pointer.slack))]
        }
        if button.button == UInt8(SDL_BUTTON_RIGHT) {
            knife = (p, p)
            knifeStart = (button.x, button.y)
        }
        return []
    }

    /// The right button went up: after a drag of more than a few pixels the
    /// knife cuts along it; else it was a click, which removes the body there.
    private mutating func rightUp(_ button: SDL_MouseButtonEvent, _ pointer: Pointer) -> [Command] {
        guard let started = knife else { return [] }
        knife = nil
        let end = pointer.toWorld(button.x, button.y)
        let dx = button.x - knifeStart.x, dy = button.y - knifeStart.y
        if dx * dx + dy * dy > 36 { return pointer.sandbox.knife ? [.physics(.event(.slice(a: started.from, b: end)))] : [] }
        // The script's, when the scene says so, as in Chipmunk's demo app.
        // Its press and its release (16.13): the window knows a click from the knife only when the button goes up.
        if pointer.clicksToScript {
            let (x, y) = (started.from.x, started.from.y)
            return [.physics(.event(.click(x: x, y: y))), .physics(.event(.click(x: x, y: y, button: .right, down: false)))]
        }
        return pointer.sandbox.delete ? [.physics(.remove(at: started.from, slack: pointer.slack))] : []
    }

    /// The left or right button of a mouse event (the middle one pans: the window's).
    static func scriptButton(_ button: SDL_MouseButtonEvent) -> MouseButton? {
        switch Int32(button.button) {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_RIGHT: .right
        default: nil
        }
    }

    /// Once a frame: a `pointer` event for where the pointer moved to, if it moved (at most one a frame).
    mutating func pointerEvent() -> Event? {
        guard let p = movedTo else { return nil }
        movedTo = nil
        return .pointer(x: p.x, y: p.y)
    }

    /// A dropped file's path (SDL hands over a string to free).
    static func dropped(_ event: SDL_Event) -> [Command] {
        guard let file = event.drop.file else { return [] }
        defer { SDL_free(file) }
        return [.openFile(String(cString: file))]
    }

    /// The tilt the held keys (`Keyboard.tiltKeys`) and the gamepad ask for this frame, when it changed.
    mutating func tiltEvent(frame: Double, keys: TiltControl.Keys) -> Event? {
        tilt.update(keys: keys, dt: frame)
        let reading = tilt.tilt
        guard (reading - (appliedTilt ?? Vector(0, -1))).length > 1e-6 else { return nil }
        appliedTilt = reading
        return .tilt(x: reading.x, y: reading.y)
    }
}
