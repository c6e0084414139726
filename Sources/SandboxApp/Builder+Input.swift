import CSDL2
import Editing
import Geometry

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
        case SDL_KEYDOWN: return key(event.key, pointer: pointer)
        case SDL_TEXTINPUT:
            if typing != nil {
                let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                typing?.text += text.filter { "0123456789.-+eEinfINFnevrNEVR".contains($0) }
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
        if property.number == nil {
            perform { doc throws(EditRefused) in try doc.cycle(property.key) }
        } else {
            typing = (property.key, row - 1, "")
            SDL_StartTextInput()
        }
    }

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

    private func key(_ key: SDL_KeyboardEvent, pointer: Pointer) -> [Command] {
        let mods = UInt32(key.keysym.mod)
        let ctrl = (mods & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue)) != 0
        let shift = (mods & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue)) != 0
        let code = SDL_KeyCode(UInt32(bitPattern: key.keysym.sym))
        if typing != nil {
            // Typing a number: the other keys are its text (SDL_TEXTINPUT).
            switch code {
            case SDLK_RETURN, SDLK_KP_ENTER: commitTyping()
            case SDLK_ESCAPE: _ = cancel()
            case SDLK_BACKSPACE: if !(typing?.text.isEmpty ?? true) { typing?.text.removeLast() }
            default: break
            }
            return []
        }
        if ctrl { return control(code, shift: shift, pointer: pointer) }
        let turn = (shift ? 1 : 15) * Double.pi / 180
        switch code {
        case SDLK_ESCAPE: return cancel() ? [] : [.quit]
        case SDLK_1, SDLK_2, SDLK_3, SDLK_4, SDLK_5, SDLK_6, SDLK_7, SDLK_8:
            choose(Tool(rawValue: Int(code.rawValue - SDLK_0.rawValue))!)
        case SDLK_g where key.repeat == 0:
            grid.toggle()
            say(grid ? "grid on: positions and sizes snap to \(Int(Grid.spacing)) points" : "grid off")
        case SDLK_b where key.repeat == 0: return [.toggleBuild]
        case SDLK_q: perform { doc throws(EditRefused) in try doc.rotateSelection(by: turn) }
        case SDLK_e: perform { doc throws(EditRefused) in try doc.rotateSelection(by: -turn) }
        case SDLK_DELETE, SDLK_BACKSPACE: perform { doc throws(EditRefused) in try doc.deleteSelection() }
        case SDLK_RETURN, SDLK_KP_ENTER: if tool == .polygon { closePolygon() }
        case SDLK_h where key.repeat == 0: return [.toggleHelp]
        case SDLK_f where key.repeat == 0, SDLK_r where key.repeat == 0: return [.fit]
        case SDLK_TAB where key.repeat == 0: return [.toggleHUD]
        case SDLK_F12 where key.repeat == 0: return [.screenshot]
        default: break
        }
        return []
    }

    private func control(_ code: SDL_KeyCode, shift: Bool, pointer: Pointer) -> [Command] {
        switch code {
        case SDLK_z where shift, SDLK_y: if !document.redo() { say("nothing to redo") }
        case SDLK_z: if !document.undo() { say("nothing to undo") }
        case SDLK_c:
            clipboard = document.copied
            if !clipboard.isEmpty { say("copied") }
        case SDLK_v:
            // At the pointer (where the mouse is now, in the world).
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let copies = clipboard, at = snapped(pointer.toWorld(x, y))
            perform { doc throws(EditRefused) in try doc.paste(copies, at: at) }
        case SDLK_d: perform { doc throws(EditRefused) in try doc.duplicateSelection() }
        case SDLK_s: return [.saveDocument]
        case SDLK_r: return [.recoverEdits]
        default: break
        }
        return []
    }
}
