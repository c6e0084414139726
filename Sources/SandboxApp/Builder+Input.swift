import CSDL2
import WindowModel
import Editing
import CrateboxGeometry
import SceneFormat

/// Build mode's input: SDL events in, edits of the document (and commands for the app) out.
extension Builder {
    /// What the mouse needs of the picture in build mode.
    struct Pointer {
        /// A window point (in SDL's points) in world coordinates.
        var toWorld: (Int32, Int32) -> Vector
        /// How far from a body (in world units: a few pixels) a click still hits it.
        var slack: Double
        /// World units per SDL point.
        var pointsPerPixel: Double
        /// The toolbar button (0-based) at a window point.
        var toolbarButton: (Int32, Int32) -> Int?
        /// The property panel's row at a window point (0 is the title, 1 the first property).
        var propertyRow: (Int32, Int32) -> Int?
    }

    func handle(_ event: SDL_Event, pointer: Pointer) -> [Command] {
        switch SDL_EventType(event.type) {
        case SDL_QUIT: return [.quit]
        case SDL_TEXTINPUT:
            if typing != nil {
                let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                // Every character typed shows, so that Enter can say what is not a number
                // ("abc" was dropped as it was typed, and Enter then changed nothing without a word).
                if let typed = typing?.text, typed.count < Builder.longestTyped {
                    typing?.text = String((typed + text.filter { !$0.isNewline }).prefix(Builder.longestTyped))
                }
            }
        case SDL_MOUSEBUTTONDOWN: return mouseDown(event.button, pointer)
        case SDL_MOUSEBUTTONUP:
            if event.button.button == UInt8(SDL_BUTTON_MIDDLE) { panning = false }
            if event.button.button == UInt8(SDL_BUTTON_LEFT) { release(slack: pointer.slack) }
        case SDL_MOUSEMOTION:
            if panning {
                let k = pointer.pointsPerPixel
                return [.pan(Vector(-Double(event.motion.xrel) * k, Double(event.motion.yrel) * k))]
            }
            hover = (pointer.toWorld(event.motion.x, event.motion.y), pointer.slack)
            drag(to: pointer.toWorld(event.motion.x, event.motion.y))
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let wheel = Int32(event.wheel.y) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            if let row = pointer.propertyRow(x, y), row >= 1, row <= document.properties.count {
                let key = document.properties[row - 1].key
                perform { doc throws(EditRefused) in try doc.nudge(key, by: Int(wheel)) }
                return []
            }
            return wheel == 0 ? [] : [.zoom(by: pow(1.25, Double(wheel)), about: pointer.toWorld(x, y))]
        case SDL_DROPFILE:
            return Input.dropped(event)
        case SDL_WINDOWEVENT:
            return event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) ? [.fit] : []
        default: break
        }
        return []
    }

    private func mouseDown(_ button: SDL_MouseButtonEvent, _ pointer: Pointer) -> [Command] {
        if button.button == UInt8(SDL_BUTTON_MIDDLE) {
            panning = true
            return []
        }
        let p = pointer.toWorld(button.x, button.y)
        // A click anywhere stops waiting for a key to bind (it would bind to whatever is selected next).
        if capturing != nil {
            capturing = nil
            say("no key bound")
        }
        if button.button == UInt8(SDL_BUTTON_RIGHT) {
            // As in Play: a right click removes the body under the pointer.
            if let i = document.body(at: p, slack: pointer.slack) {
                document.selection = .body(i)
                perform { doc throws(EditRefused) in try doc.deleteSelection() }
            }
            return []
        }
        guard button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
        if let i = pointer.toolbarButton(button.x, button.y), let tool = Tool(rawValue: i + 1) {
            choose(tool)
        } else if let row = pointer.propertyRow(button.x, button.y) {
            click(row: row)
        } else {
            if typing != nil { commitTyping() }
            press(at: p, slack: pointer.slack, pixels: pointer.pointsPerPixel)
        }
        return []
    }

    /// A click on the property panel: a choice steps on, a number is typed.
    private func click(row: Int) {
        guard row >= 1, row <= document.properties.count else { return }
        let property = document.properties[row - 1]
        if property.key == .key || property.key == .reverseKey {
            if typing != nil { commitTyping() }
            capturing = (property.key, row - 1)
            say("press the key to bind (a gamepad button too; Delete unbinds, Esc cancels)")
        } else if property.number == nil {
            perform { doc throws(EditRefused) in try doc.cycle(property.key) }
        } else {
            typing = (property.key, row - 1, "")
            SDL_StartTextInput()
        }
    }

    /// The most characters a number field takes.
    static let longestTyped = 40

    func commitTyping() {
        guard let typing else { return }
        self.typing = nil
        SDL_StopTextInput()
        let text = typing.text.lowercased()
        // Nothing typed: nothing changes (Enter on an empty field is not a mistake).
        guard !text.isEmpty else { return }
        guard let value = ["inf", "infinite", "infinity", "never"].contains(text) ? Double.infinity : Double(text) else {
            say("refused: \(typing.key.rawValue) must be a number, got \"\(typing.text)\"")
            return
        }
        perform { doc throws(EditRefused) in try doc.set(typing.key, to: value) }
    }

    /// Does a build-mode key's action (`KeyMap`); what is left for the app comes back.
    func act(_ action: KeyAction, pointer: Pointer) -> [Command] {
        switch action {
        case .commitTyping: commitTyping()
        case .cancelTyping, .cancelOrQuit: _ = cancel()
        case .eraseTyped: if !(typing?.text.isEmpty ?? true) { typing?.text.removeLast() }
        case .chooseTool(let n): if let tool = Tool.onDigit(n) { choose(tool) }
        case .nextJointTool: choose(tool.nextJoint)
        case .chooseLetterTool(let letter): if let tool = Tool.allCases.first(where: { $0.key == letter }) { choose(tool) }
        case .toggleGrid:
            grid.toggle()
            say(grid ? "grid on: positions and sizes snap to \(Int(Grid.spacing)) points" : "grid off")
        case .rotateSelection(let degrees):
            perform { doc throws(EditRefused) in try doc.rotateSelection(by: degrees * Double.pi / 180) }
        case .deleteSelection: perform { doc throws(EditRefused) in try doc.deleteSelection() }
        case .closePolygon: if tool == .polygon { closePolygon() }
        case .undo: if !document.undo() { say("nothing to undo") }
        case .redo: if !document.redo() { say("nothing to redo") }
        case .copy:
            clipboard = document.copied
            if !clipboard.isEmpty { say("copied") }
        case .paste:
            // At the pointer (where the mouse is now, in the world).
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let copies = clipboard, at = snapped(pointer.toWorld(x, y))
            perform { doc throws(EditRefused) in try doc.paste(copies, at: at) }
        case .duplicate: perform { doc throws(EditRefused) in try doc.duplicateSelection() }
        default: break  // the app's own
        }
        return []
    }

    /// T: the body under the pointer (or else the selected one) draws its
    /// path while playing, or stops: its `trace`, an edit like any other.
    func toggleTrace(pointer: Pointer) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        var target = document.body(at: pointer.toWorld(x, y), slack: pointer.slack)
        if target == nil, case .body(let i) = document.selection { target = i }
        guard let i = target else { return say("T traces the body under the pointer (or the selected one): point at one") }
        document.selection = .body(i)
        perform { doc throws(EditRefused) in try doc.cycle(.trace) }
        say(scene.bodies[i].trace ? "bodies[\(i)] traced: its path is drawn while playing" : "bodies[\(i)] no longer traced")
    }

    /// Whether a key row waits for its key (the keyboard's next press binds it).
    var isBinding: Bool { capturing != nil }

    /// Binds what `Keyboard` says the press was while a key row waited: no key
    /// (Escape), none (Delete, Backspace), or a key a scene can bind.
    func bind(_ binding: Keyboard.Binding) {
        guard capturing != nil else { return }
        switch binding {
        case .cancel:
            capturing = nil
            say("no key bound")
        case .unbind:
            bindWaitingRow(to: nil)
        case .key(let name):
            guard ControlTrigger.keyNames.contains(name) else {
                return say("refused: \(name) cannot be bound (Escape and the function keys are the window's); press another")
            }
            bindWaitingRow(to: .key(name))
        }
    }

    /// While a key row waits for its key: takes the gamepad button pressed and
    /// binds it; returns whether the event was taken (keys come through `bind`).
    func capture(_ event: SDL_Event) -> Bool {
        guard capturing != nil, SDL_EventType(event.type) == SDL_CONTROLLERBUTTONDOWN else { return false }
        if let name = SDL_GameControllerGetStringForButton(SDL_GameControllerButton(Int32(event.cbutton.button))) {
            bindWaitingRow(to: .button(String(cString: name)))
        }
        return true
    }

    /// Binds the waiting key row to `trigger` (nil: unbinds it). Named apart from
    /// `bind(_: Keyboard.Binding)` on purpose: both take a `.key(name)`, and when they
    /// shared a name that call resolved to the public one, which called itself forever.
    private func bindWaitingRow(to trigger: ControlTrigger?) {
        guard let capturing else { return }
        self.capturing = nil
        perform { doc throws(EditRefused) in try doc.bind(capturing.key, to: trigger) }
        say(trigger.map { "\(capturing.key.rawValue): \($0)" } ?? "\(capturing.key.rawValue) unbound")
    }
}
