import CSDL2
import WindowModel
import Editing
import CrateboxGeometry
import SceneFormat
import Testing
@testable import SandboxApp

/// Typing a property's value in build mode's panel (issue 22: an empty field was an error).
@Suite struct BuilderTypingTests {
    func builder() throws -> Builder {
        var doc = try Document.emptyBox(width: 640, height: 360, name: "t", file: "t.json")
        try doc.addCrate(from: Vector(100, 40), to: Vector(132, 72))
        return Builder(document: doc)
    }

    func key(_ code: SDL_KeyCode) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = Int32(bitPattern: code.rawValue)
        return e
    }

    let pointer = Builder.Pointer(toWorld: { _, _ in .zero }, slack: 1, pointsPerPixel: 1, toolbarButton: { _, _ in nil }, propertyRow: { _, _ in nil })

    @Test func enterOnAnEmptyFieldChangesNothingAndSaysNothing() throws {
        let b = try builder()
        let before = b.document.scene
        b.typing = (.density, 1, "")
        _ = b.act(KeyMap.actions(for: .enter, in: WindowMode.building(b).keys)[0], pointer: pointer)
        #expect(b.typing == nil && b.said.isEmpty && b.document.scene == before)
    }

    func text(_ typed: String) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &e.text.text) { buffer in
            for (k, byte) in typed.utf8.enumerated() { buffer[k] = byte }
        }
        return e
    }

    /// Typing "abc" into a number field was silently ignored: the letters never
    /// showed, and Enter changed nothing without a word.
    @Test func lettersTypedShowAndEnterSaysTheyAreNotANumber() throws {
        let b = try builder()
        let before = b.document.scene
        b.typing = (.density, 1, "")
        _ = b.handle(text("abc"), pointer: pointer)
        #expect(b.typing?.text == "abc")
        _ = b.act(KeyMap.actions(for: .enter, in: WindowMode.building(b).keys)[0], pointer: pointer)
        #expect(b.said == ["refused: density must be a number, got \"abc\""] && b.document.scene == before)
    }

    @Test func aTypedNumberIsSetAndNonsenseIsRefused() throws {
        let b = try builder()
        b.typing = (.density, 1, "0.25")
        _ = b.act(KeyMap.actions(for: .enter, in: WindowMode.building(b).keys)[0], pointer: pointer)
        #expect(b.document.scene.bodies[0].mass == .density(0.25))
        b.typing = (.density, 1, "-")
        _ = b.act(KeyMap.actions(for: .enter, in: WindowMode.building(b).keys)[0], pointer: pointer)
        #expect(b.said.count == 1 && b.said[0].hasPrefix("refused"))
    }
}
