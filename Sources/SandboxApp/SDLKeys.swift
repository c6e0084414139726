import CSDL2
import WindowModel

/// SDL's key codes as the window's keys (`WindowModel.Key`): the one place that
/// knows SDL's names for them. What a key does is `KeyMap`'s.
enum SDLKeys {
    /// The key of a key event (nil for keys the sandbox does not use), SDL's
    /// name for it (what a scene binds), its modifiers and whether it is an auto-repeat.
    static func translate(_ event: SDL_KeyboardEvent) -> (key: Key?, name: String, modifiers: Modifiers, repeated: Bool) {
        let mods = UInt32(event.keysym.mod)
        var modifiers: Modifiers = []
        if mods & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue) != 0 { modifiers.insert(.ctrl) }
        if mods & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue) != 0 { modifiers.insert(.shift) }
        return (key(event.keysym.sym), String(cString: SDL_GetKeyName(event.keysym.sym)), modifiers, event.repeat != 0)
    }

    static func key(_ sym: SDL_Keycode) -> Key? {
        let code = UInt32(bitPattern: sym)
        if code >= SDLK_a.rawValue && code <= SDLK_z.rawValue {
            return .letter(Character(Unicode.Scalar(UInt8(code))))
        }
        if code >= SDLK_0.rawValue && code <= SDLK_9.rawValue { return .digit(Int(code - SDLK_0.rawValue)) }
        switch SDL_KeyCode(code) {
        case SDLK_ESCAPE: return .escape
        case SDLK_SPACE: return .space
        case SDLK_RETURN, SDLK_KP_ENTER: return .enter
        case SDLK_BACKSPACE: return .backspace
        case SDLK_DELETE: return .delete
        case SDLK_TAB: return .tab
        case SDLK_LEFT: return .left
        case SDLK_RIGHT: return .right
        case SDLK_UP: return .up
        case SDLK_DOWN: return .down
        case SDLK_HOME: return .home
        case SDLK_END: return .end
        case SDLK_PAGEUP: return .pageUp
        case SDLK_PAGEDOWN: return .pageDown
        case SDLK_F2: return .f2
        case SDLK_F3: return .f3
        case SDLK_F9: return .f9
        case SDLK_F12: return .f12
        case SDLK_MINUS, SDLK_KP_MINUS: return .minus
        case SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS: return .plus
        case SDLK_PERIOD: return .period
        case SDLK_LSHIFT, SDLK_RSHIFT: return .shift
        default: return nil
        }
    }
}
