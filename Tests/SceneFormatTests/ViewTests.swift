import Testing
import TestSupport
@testable import SceneFormat

/// `view` (section 15.5): the body the window follows and how much of the box it shows.
@Suite struct ViewTests {
    let bodies = #"{"id": "car", "position": [100, 100], "mass": 1, "box": [10, 10]}, {"id": "ground", "type": "static", "position": [0, 0], "box": [10, 10]}"#

    @Test func aViewReadsAndWritesBack() throws {
        let scene = try decode(TestSupport.scene(bodies: bodies, extra: #""view": {"follow": "car", "width": 640}"#))
        #expect(scene.view == SceneView(follow: "car", width: 640))
        #expect(try Scene.decode(Array(scene.json().utf8), file: "t.json") == scene)
    }

    @Test func aViewThatCannotBeFollowedIsNamed() {
        #expect(errors(TestSupport.scene(bodies: bodies, extra: #""view": {"follow": "van"}"#)) == "test.json: view.follow: no body has the id \"van\"")
        #expect(errors(TestSupport.scene(bodies: bodies, extra: #""view": {"follow": "ground"}"#)) == "test.json: view.follow: \"ground\" is static: follow a body that moves")
        #expect(errors(TestSupport.scene(bodies: bodies, extra: #""view": {"width": 0}"#)).hasPrefix("test.json: view.width:"))
        #expect(errors(TestSupport.scene(bodies: bodies, extra: #""view": {"zoom": 2}"#)).contains("view"))
    }

    @Test func aFollowedBodyThatIsGoneIsLeftOutWhenSaved() throws {
        var scene = try decode(TestSupport.scene(bodies: bodies, extra: #""view": {"follow": "car", "width": 640}"#))
        scene.bodies.removeFirst()
        let text = scene.json()
        #expect(text.contains(#""view": {"width": 640}"#) && !text.contains("\"follow\""))
        #expect(throws: Never.self) { try Scene.decode(Array(text.utf8), file: "t.json") }
    }
}
