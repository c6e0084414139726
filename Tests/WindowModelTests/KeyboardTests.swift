import Testing
import WindowModel

/// Every key event's meaning, decided once (`Keyboard`): the scene's keys,
/// the sandbox's, a press that ends the reveal or binds a key in build mode,
/// and what held keys mean between events. No SDL.
@Suite struct KeyboardTests {
    @Test func aBoundKeyIsTheScenesOnceEachWayWhilePlaying() {
        var keyboard = Keyboard(sceneKeys: ["Right", "Space"])
        #expect(keyboard.press(.right, name: "Right", in: .playing) == .scene("Right", down: true))
        #expect(keyboard.press(.right, name: "Right", repeated: true, in: .playing) == .sandbox([]), "auto-repeat is swallowed")
        #expect(keyboard.release(.right, name: "Right") == .scene("Right", down: false))
        #expect(keyboard.release(.right, name: "Right") == .sandbox([]), "a release of a key it did not press is not the scene's")
        // Space is the crane's grip: P still pauses; with Ctrl a bound key is the sandbox's.
        #expect(keyboard.press(.space, name: "Space", in: .playing) == .scene("Space", down: true))
        #expect(keyboard.press(.letter("p"), name: "P", in: .playing) == .sandbox([.togglePause]))
        #expect(keyboard.press(.right, name: "Right", modifiers: .ctrl, in: .playing) == .sandbox([]))
        // Watching a replay or building, the scene's keys are the sandbox's.
        var watching = Keyboard(sceneKeys: ["Right"])
        #expect(watching.press(.right, name: "Right", in: .watching) == .sandbox([.seekBy(120)]))
        #expect(watching.press(.letter("b"), name: "B", in: .building) == .sandbox([.toggleBuild]))
        // Leaving lets go of the scene's keys held.
        #expect(keyboard.releaseAll() == ["Space"] && keyboard.sceneHeld.isEmpty)
    }

    @Test func aScriptThatTakesKeysGetsEveryKeyButTheWindowsOwnAndCtrl() {
        var keyboard = Keyboard(sceneKeys: ["Up"])
        keyboard.scriptKeys = ["Space", "R", "Left", "A"]
        #expect(keyboard.press(.space, name: "Space", in: .playing) == .scene("Space", down: true), "Space is the game's, not pause")
        #expect(keyboard.press(.letter("r"), name: "R", in: .playing) == .scene("R", down: true))
        #expect(keyboard.press(.letter("r"), name: "R", modifiers: .ctrl, in: .playing) == .sandbox([.fit, .reset]), "Ctrl+R resets")
        #expect(keyboard.press(.escape, name: "Escape", in: .playing) == .sandbox([.quit]), "Escape stays the window's")
        #expect(keyboard.press(.f12, name: "F12", in: .playing) == .sandbox([.screenshot]))
        _ = keyboard.press(.left, name: "Left", in: .playing)
        #expect(!keyboard.tiltKeys(in: .playing).left, "an arrow the game takes does not tilt")
        #expect(keyboard.release(.space, name: "Space") == .scene("Space", down: false))
        keyboard.scriptKeys = []
        #expect(keyboard.release(.letter("r"), name: "R") == .scene("R", down: false), "a key the game had is let go of as the game's")
        #expect(keyboard.press(.space, name: "Space", in: .playing) == .sandbox([.togglePause]))
    }

    @Test func heldKeysTiltScrubAndExplodeUnlessTheyAreTheScenes() {
        var keyboard = Keyboard(sceneKeys: ["Right", "X"])
        _ = keyboard.press(.right, name: "Right", in: .playing)
        _ = keyboard.press(.letter("a"), name: "A", in: .playing)
        _ = keyboard.press(.letter("x"), name: "X", in: .playing)
        let tilt = keyboard.tiltKeys(in: .playing)
        #expect(tilt.left && !tilt.right, "A tilts; Right is the scene's")
        #expect(!keyboard.clickExplodes(in: .playing), "X is the scene's: a click is a click")
        #expect(keyboard.clickExplodes(in: .watching), "watching, X is the sandbox's again")
        #expect(keyboard.tiltKeys(in: .watching) == TiltControl.Keys(), "watching, nothing tilts")
        // Backspace runs time back, with Shift forwards; in build mode it deletes instead.
        #expect(keyboard.scrubDirection(in: .playing) == nil)
        _ = keyboard.press(.backspace, name: "Backspace", in: .playing)
        #expect(keyboard.scrubDirection(in: .playing) == -1 && keyboard.scrubDirection(in: .building) == nil)
        _ = keyboard.press(.shift, name: "Left Shift", in: .playing)
        #expect(keyboard.scrubDirection(in: .watching) == 1)
        _ = keyboard.release(.backspace, name: "Backspace")
        #expect(keyboard.scrubDirection(in: .playing) == nil)
        // X held in a scene that does not bind it: a click explodes.
        var free = Keyboard()
        _ = free.press(.letter("x"), name: "X", in: .playing)
        #expect(free.clickExplodes(in: .playing))
        _ = free.release(.letter("x"), name: "X")
        #expect(!free.clickExplodes(in: .playing))
        // Watching a replay of a scene that binds Backspace, Backspace still scrubs.
        var replay = Keyboard(sceneKeys: ["Backspace"])
        _ = replay.press(.backspace, name: "Backspace", in: .watching)
        #expect(replay.scrubDirection(in: .watching) == -1 && replay.scrubDirection(in: .playing) == nil)
    }

    @Test func sWeakensGravityOnlyWhenItWentDownWithoutCtrl() {
        var keyboard = Keyboard()
        _ = keyboard.press(.letter("s"), name: "S", modifiers: .ctrl, in: .playing)
        #expect(!keyboard.tiltKeys(in: .playing).down, "Ctrl+S saves; S still held is not a tilt")
        _ = keyboard.release(.letter("s"), name: "S")
        #expect(keyboard.press(.letter("s"), name: "S", in: .playing) == .sandbox([]))
        #expect(keyboard.tiltKeys(in: .playing).down)
    }

    /// While the reveal shows, a press only ends it (a scene's key too); it is not held after.
    @Test func aPressDuringTheRevealOnlyEndsIt() {
        var keyboard = Keyboard(sceneKeys: ["Right"])
        #expect(keyboard.press(.right, name: "Right", in: .playing, revealing: true) == .endReveal)
        #expect(keyboard.press(.letter("p"), name: "P", in: .playing, revealing: true) == .endReveal)
        #expect(keyboard.sceneHeld.isEmpty && keyboard.tiltKeys(in: .watching) == TiltControl.Keys())
        #expect(keyboard.release(.right, name: "Right") == .sandbox([]), "its release is nobody's")
        #expect(keyboard.press(.letter("p"), name: "P", in: .playing) == .sandbox([.togglePause]), "after it, keys are keys again")
    }

    /// While build mode waits for a key to bind, the press is the binding's,
    /// whatever it would do else (Ctrl too); Escape binds nothing, Delete and Backspace unbind.
    @Test func aPressWhileBindingIsTheBindings() {
        var keyboard = Keyboard()
        #expect(keyboard.press(.escape, name: "Escape", in: .building, binding: true) == .bind(.cancel))
        #expect(keyboard.press(.delete, name: "Delete", in: .building, binding: true) == .bind(.unbind))
        #expect(keyboard.press(.backspace, name: "Backspace", in: .building, binding: true) == .bind(.unbind))
        #expect(keyboard.press(.letter("b"), name: "B", modifiers: .ctrl, in: .building, binding: true) == .bind(.key("B")))
        #expect(keyboard.press(nil, name: "Keypad 5", in: .building, binding: true) == .bind(.key("Keypad 5")))
        #expect(keyboard.press(.backspace, name: "Backspace", in: .building) == .sandbox([.deleteSelection]))
    }
}
