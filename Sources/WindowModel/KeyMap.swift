/// A key of the keyboard, as the window's keys are named (SDL's key codes
/// are translated into these in one place, by the app).
public enum Key: Hashable, Sendable {
    case escape, space, enter, backspace, delete, tab
    case left, right, up, down, home, end, pageUp, pageDown
    case f2, f3, f9, f12
    case minus, plus, period
    /// Either Shift key (held with Backspace, time runs forwards).
    case shift
    /// A letter, lowercase ("a"..."z").
    case letter(Character)
    /// A digit, 0...9.
    case digit(Int)
}

/// The modifier keys held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let ctrl = Modifiers(rawValue: 1)
    public static let shift = Modifiers(rawValue: 2)
}

/// What the window is doing, as far as keys are concerned.
public enum KeyMode: Sendable {
    /// A live session: keys play with the world.
    case playing
    /// Watching a replay: keys move through it; nothing changes the world.
    case watching
    /// Build mode: keys are the tools' and the document's.
    case building
    /// Build mode while a value is typed into the panel: keys are its text.
    case typing
}

/// What a key asks for. The app does it: the window's own actions, requests
/// for the physics thread, or the builder's edits.
public enum KeyAction: Equatable, Sendable {
    // Everywhere.
    case quit, toggleHelp, toggleHUD, fit, screenshot, toggleBuild
    // Playing and watching.
    case togglePause, step, reset, slower, faster, toggleDebug, toggleGraphs, toggleRecording, saveScene, level
    /// T: the body under the pointer draws its path, or stops (drawing only).
    case toggleTrace
    /// M: sound off and on.
    case toggleSound
    /// A replay: jump by this many steps; to the start; to the end.
    case seekBy(Int), seekToStart, seekToEnd
    /// The next (+1) or previous (-1) scene file of the folder.
    case openNeighbour(Int)
    // Building.
    /// Esc: forget what is in progress (typing, a polygon, a drag, the selection), or else quit.
    case cancelOrQuit
    /// The tool on a digit key (0 is the tenth); J: the next joint tool.
    case chooseTool(Int), nextJointTool
    /// The tool on a letter key (W: water, P: planet), by that letter in capitals.
    case chooseLetterTool(String)
    case toggleGrid, deleteSelection, closePolygon
    case undo, redo, copy, paste, duplicate, saveDocument, recoverEdits
    /// Turn the selection by this many degrees (counter-clockwise).
    case rotateSelection(degrees: Double)
    // Typing a value.
    case commitTyping, cancelTyping, eraseTyped
}

/// The whole mapping from keys to what they do, in every mode: a pure
/// function, so that what a key means is decided in one place (and tested),
/// not on two threads. Held keys that tilt the box are `tiltKeys`.
public enum KeyMap {
    /// What pressing `key` (with `modifiers`; `repeated` when it is the
    /// keyboard's auto-repeat) does in `mode`.
    public static func actions(for key: Key, modifiers: Modifiers = [], repeated: Bool = false, in mode: KeyMode) -> [KeyAction] {
        switch mode {
        case .typing: return typing(key)
        case .building: return building(key, modifiers, repeated)
        case .playing, .watching: return world(key, modifiers, repeated, watching: mode == .watching)
        }
    }

    private static func typing(_ key: Key) -> [KeyAction] {
        switch key {
        case .enter: [.commitTyping]
        case .escape: [.cancelTyping]
        case .backspace: [.eraseTyped]
        default: []  // the text itself comes as text input
        }
    }

    private static func world(_ key: Key, _ modifiers: Modifiers, _ repeated: Bool, watching: Bool) -> [KeyAction] {
        let ctrl = modifiers.contains(.ctrl)
        // Keys that act again while held (auto-repeat).
        switch key {
        case .letter("n"), .period: return [.step]
        case .minus: return [.slower]
        case .plus: return [.faster]
        // Left and Right jump through a replay; in a live session they tilt (held, below).
        case .left: return watching ? [.seekBy(-120)] : []
        case .right: return watching ? [.seekBy(120)] : []
        default: break
        }
        if repeated { return [] }
        switch key {
        case .escape: return [.quit]
        // P too: a scene may take Space (the crane's grip), and pausing must stay one key away.
        case .space, .letter("p"): return [.togglePause]
        case .letter("r"): return [.fit, watching ? .seekToStart : .reset]
        case .home: return [.seekToStart]
        case .end: return [.seekToEnd]
        case .f9: return [.toggleRecording]
        case .f2: return [.toggleDebug]
        case .f3: return [.toggleGraphs]
        case .f12: return [.screenshot]
        case .letter("l"): return watching ? [] : [.level]
        case .letter("h"): return [.toggleHelp]
        case .letter("b"): return [.toggleBuild]
        case .letter("f"): return [.fit]
        case .letter("t"): return [.toggleTrace]
        case .letter("m"): return [.toggleSound]
        case .tab: return [.toggleHUD]
        case .pageDown: return [.openNeighbour(1)]
        case .pageUp: return [.openNeighbour(-1)]
        case .letter("s") where ctrl: return [.saveScene]
        default: return []
        }
    }

    private static func building(_ key: Key, _ modifiers: Modifiers, _ repeated: Bool) -> [KeyAction] {
        let shift = modifiers.contains(.shift)
        if modifiers.contains(.ctrl) {
            switch key {
            case .letter("z") where shift, .letter("y"): return [.redo]
            case .letter("z"): return [.undo]
            case .letter("c"): return [.copy]
            case .letter("v"): return [.paste]
            case .letter("d"): return [.duplicate]
            case .letter("s") where !repeated: return [.saveDocument]
            case .letter("r") where !repeated: return [.recoverEdits]
            default: return []
            }
        }
        switch key {
        case .letter("q"): return [.rotateSelection(degrees: shift ? 1 : 15)]
        case .letter("e"): return [.rotateSelection(degrees: shift ? -1 : -15)]
        case .delete, .backspace: return [.deleteSelection]
        default: break
        }
        if repeated { return [] }
        switch key {
        case .escape: return [.cancelOrQuit]
        case .digit(let n): return [.chooseTool(n)]
        case .letter("j"): return [.nextJointTool]
        case .letter("w"): return [.chooseLetterTool("W")]
        case .letter("p"): return [.chooseLetterTool("P")]
        case .letter("t"): return [.toggleTrace]
        case .letter("g"): return [.toggleGrid]
        case .letter("b"): return [.toggleBuild]
        case .enter: return [.closePolygon]
        case .letter("h"): return [.toggleHelp]
        case .letter("f"), .letter("r"): return [.fit]
        case .tab: return [.toggleHUD]
        case .f12: return [.screenshot]
        default: return []
        }
    }

    /// Which held keys tilt the box: the arrows and WASD, in a live session
    /// only (watching a replay, the arrows move through it). Up/Down and W/S
    /// change gravity's strength only, never its direction. S pressed with
    /// Ctrl is a save, so it does not weaken gravity while held (`sWithoutCtrl`:
    /// S is down and went down without Ctrl).
    public static func tiltKeys(left: Bool, right: Bool, up: Bool, down: Bool, a: Bool, d: Bool, w: Bool,
                                sWithoutCtrl: Bool, in mode: KeyMode) -> TiltControl.Keys {
        guard mode == .playing else { return TiltControl.Keys() }
        return TiltControl.Keys(left: left || a, right: right || d, up: up || w, down: down || sWithoutCtrl)
    }
}
