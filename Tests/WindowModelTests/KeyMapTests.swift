import Testing
@testable import WindowModel

/// The whole mapping from keys to actions, in every mode (issue 23: a key's
/// meaning was decided on two threads).
@Suite struct KeyMapTests {
    func act(_ key: Key, _ mode: KeyMode) -> [KeyAction] { KeyMap.actions(for: key, in: mode) }
    func act(_ key: Key, _ modifiers: Modifiers, _ mode: KeyMode) -> [KeyAction] { KeyMap.actions(for: key, modifiers: modifiers, in: mode) }
    func act(_ key: Key, repeated: Bool, _ mode: KeyMode) -> [KeyAction] { KeyMap.actions(for: key, repeated: repeated, in: mode) }

    @Test func leftAndRightJumpThroughAReplayAndTiltALiveSession() {
        #expect(act(.left, .watching) == [.seekBy(-120)] && act(.right, .watching) == [.seekBy(120)])
        #expect(act(.left, .playing).isEmpty && act(.right, .playing).isEmpty, "held, they tilt: tiltKeys")
        #expect(act(.left, repeated: true, .watching) == [.seekBy(-120)], "held, they keep jumping")
        let held = KeyMap.tiltKeys(left: true, right: false, up: false, down: false, a: false, d: false, w: false, sWithoutCtrl: false, in: .watching)
        #expect(held == TiltControl.Keys(), "watching, nothing tilts")
    }

    /// The crane takes Space, and nothing paused it (issue 35): P pauses too.
    @Test func spaceOrPPausesAndPStaysBuildModesPlanet() {
        #expect(act(.space, .playing) == [.togglePause] && act(.letter("p"), .playing) == [.togglePause])
        #expect(act(.letter("p"), .watching) == [.togglePause])
        #expect(act(.letter("p"), .building) == [.chooseLetterTool("P")])
    }

    @Test func theSameKeyInEachMode() {
        #expect(act(.letter("r"), .playing) == [.fit, .reset])
        #expect(act(.letter("r"), .watching) == [.fit, .seekToStart])
        #expect(act(.letter("r"), .building) == [.fit])
        #expect(act(.escape, .playing) == [.quit] && act(.escape, .building) == [.cancelOrQuit] && act(.escape, .typing) == [.cancelTyping])
        #expect(act(.letter("s"), .ctrl, .playing) == [.saveScene] && act(.letter("s"), .ctrl, .building) == [.saveDocument])
        #expect(act(.letter("s"), .playing).isEmpty, "S alone weakens gravity while held")
        #expect(act(.letter("b"), .playing) == [.toggleBuild] && act(.letter("b"), .building) == [.toggleBuild])
        #expect(act(.letter("l"), .playing) == [.level] && act(.letter("l"), .watching).isEmpty)
        #expect(act(.backspace, .building) == [.deleteSelection] && act(.backspace, .typing) == [.eraseTyped])
        #expect(act(.digit(3), .building) == [.chooseTool(3)] && act(.digit(0), .building) == [.chooseTool(0)])
        #expect(act(.letter("j"), .building) == [.nextJointTool] && act(.letter("j"), .playing).isEmpty)
        #expect(act(.letter("w"), .building) == [.chooseLetterTool("W")] && act(.letter("p"), .building) == [.chooseLetterTool("P")])
        #expect(act(.letter("t"), .building) == [.toggleTrace] && act(.letter("t"), .playing) == [.toggleTrace])
        #expect(act(.digit(3), .typing).isEmpty, "typed digits are text")
    }

    @Test func debugDrawingHasAKeyOfItsOwnAndDOnlyTilts() {
        #expect(act(.f2, .playing) == [.toggleDebug] && act(.f2, .watching) == [.toggleDebug])
        #expect(act(.letter("d"), .playing).isEmpty)
        let d = KeyMap.tiltKeys(left: false, right: false, up: false, down: false, a: false, d: true, w: false, sWithoutCtrl: false, in: .playing)
        #expect(d == TiltControl.Keys(right: true))
        let s = KeyMap.tiltKeys(left: false, right: false, up: false, down: false, a: false, d: false, w: false, sWithoutCtrl: true, in: .playing)
        #expect(s == TiltControl.Keys(down: true))
    }

    @Test func autoRepeatRepeatsOnlyWhatShould() {
        #expect(act(.letter("n"), repeated: true, .playing) == [.step] && act(.minus, repeated: true, .playing) == [.slower])
        #expect(act(.space, repeated: true, .playing).isEmpty && act(.f9, repeated: true, .playing).isEmpty)
        #expect(act(.letter("q"), repeated: true, .building) == [.rotateSelection(degrees: 15)])
        #expect(act(.letter("q"), .shift, .building) == [.rotateSelection(degrees: 1)])
        #expect(act(.letter("g"), repeated: true, .building).isEmpty)
        #expect(act(.letter("z"), [.ctrl, .shift], .building) == [.redo] && act(.letter("z"), .ctrl, .building) == [.undo])
    }
}
