import Testing
import SceneFormat
@testable import Editing
import TestSupport

/// The editor holds an edit to the format's checks of values, as its file would read back.
@Suite struct SceneChecksEditingTests {
    /// Deleting the body the view follows is an edit like another: the view stops following.
    @Test func deletingTheFollowedBodyDropsTheFollow() throws {
        let scene = try loadShippedScene("thrusters.json")
        var document = Document(scene: scene, file: "thrusters.json")
        document.selection = .body(try #require(scene.bodies.firstIndex { $0.id == "lander" }))
        try document.deleteSelection()
        #expect(document.scene.bodies.count == scene.bodies.count - 1)
        #expect(document.scene.view?.follow == nil)
        #expect(document.scene.view?.width == scene.view?.width)
    }

    /// A value out of range is refused in the reader's words, and the document stays as it was.
    @Test func aRefusedValueLeavesTheDocument() throws {
        let scene = try loadShippedScene("crates.json")
        var document = Document(scene: scene, file: "crates.json")
        #expect(throws: EditRefused("crates.json: bodies[0].angle: must be between -1000000 and 1000000, got nan")) {
            try document.edit { s in
                s.bodies[0].angle = .nan
                return nil
            }
        }
        #expect(document.scene == scene)
        #expect(!document.canUndo)
    }
}
