@testable import Editing
import CrateboxGeometry
import SceneFormat
import Simulation
import Testing

/// The build mode's document: each tool's edit gives the expected scene,
/// refused edits leave it unchanged, undo and redo walk the edits.
@Suite struct DocumentTests {
    func empty() throws -> Document {
        try Document.emptyBox(width: 640, height: 360, name: "Test", file: "test.json")
    }

    @Test func anEmptyBoxIsAValidSceneWithWallsAndNoBodies() throws {
        let doc = try empty()
        #expect(doc.scene.width == 640 && doc.scene.height == 360)
        #expect(doc.scene.walls != nil && doc.scene.bodies.isEmpty && doc.scene.joints.isEmpty)
        #expect(!doc.canUndo && !doc.canRedo)
    }

    @Test func theCrateToolMakesACrateFillingTheDraggedRectangle() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        let body = try #require(doc.scene.bodies.first)
        #expect(body.position == Vector(130, 60))
        #expect(body.shapes.map(\.geometry) == [.box(width: 60, height: 40, radius: 0)])
        #expect(body.type == .dynamic && body.mass == .density(Document.newDensity) && body.look == .crate)
        #expect(doc.selection == .body(0))
        // A click without a drag: a 32 x 32 crate there.
        try doc.addCrate(from: Vector(300, 50), to: Vector(300, 50))
        #expect(doc.scene.bodies[1].shapes[0].geometry == .box(width: 32, height: 32, radius: 0))
    }

    @Test func theBallPolygonAndPlankToolsMakeTheirShapes() throws {
        var doc = try empty()
        try doc.addBall(center: Vector(100, 100), edge: Vector(100, 120))
        #expect(doc.scene.bodies[0].shapes[0].geometry == .circle(radius: 20, offset: .zero))
        #expect(doc.scene.bodies[0].look == .ball)
        let concave = try doc.addPolygon([Vector(200, 50), Vector(260, 50), Vector(230, 60), Vector(260, 110), Vector(200, 110)])
        #expect(concave, "the dent at (230, 60) is not on the hull")
        guard case .polygon(let vertices, _) = doc.scene.bodies[1].shapes[0].geometry else { Issue.record("not a polygon"); return }
        #expect(vertices.count == 4)
        #expect(doc.scene.bodies[1].position == Vector(230, 80))
        try doc.addPlank(from: Vector(300, 100), to: Vector(400, 100))
        #expect(doc.scene.bodies[2].position == Vector(350, 100))
        #expect(doc.scene.bodies[2].shapes[0].geometry == .segment(a: Vector(-50, 0), b: Vector(50, 0), radius: Document.plankRadius))
    }

    @Test func aPlankPinnedToTheWorldAndASpringGiveJointsByIdThatTheValidatorAccepts() throws {
        var doc = try empty()
        try doc.addPlank(from: Vector(200, 100), to: Vector(440, 100))
        try doc.addPivot(at: Vector(320, 100))
        #expect(doc.scene.joints.count == 1)
        #expect(doc.scene.joints[0].kind == .pivot(anchor: Vector(320, 100)))
        #expect(doc.scene.joints[0].a == .body(0) && doc.scene.joints[0].b == .world)
        #expect(doc.scene.bodies[0].id != nil)
        #expect(doc.scene.joints[0].collide, "a body pinned to the world still hits the walls (they are on the world's body)")
        try doc.addCrate(from: Vector(400, 200), to: Vector(432, 232))
        try doc.addSpring(from: Vector(416, 216), to: Vector(416, 340))
        guard case .spring(let a, let b, let rest, let k, _) = doc.scene.joints[1].kind else { Issue.record("not a spring"); return }
        #expect(a == Vector(0, 0) && b == Vector(416, 340) && rest == 124 && k > 0)
        #expect(doc.scene.joints[1].a == .body(1) && doc.scene.joints[1].b == .world)
        // The document builds and steps as a World.
        let world = try World(scene: doc.scene)
        try world.step(120)
    }

    @Test func twoOverlappingBodiesArePinnedTogether() throws {
        var doc = try empty()
        try doc.addPlank(from: Vector(100, 100), to: Vector(300, 100))
        try doc.addBall(center: Vector(300, 100), edge: Vector(310, 100))
        try doc.addPivot(at: Vector(300, 100))
        #expect(doc.scene.joints[0].a == .body(1) && doc.scene.joints[0].b == .body(0))
    }

    @Test func refusedEditsLeaveTheDocumentUnchangedAndSayWhyInTheValidatorsWords() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        let before = doc.scene
        // A spring with neither end on a body, a pivot on nothing.
        #expect(throws: EditRefused.self) { try doc.addSpring(from: Vector(500, 300), to: Vector(600, 300)) }
        #expect(throws: EditRefused.self) { try doc.addPivot(at: Vector(500, 300)) }
        // Outside the format's limits: the validator's own message, naming the place.
        doc.selection = .body(0)
        do {
            try doc.set(.friction, to: -1)
            Issue.record("a negative friction was accepted")
        } catch {
            #expect(error.message.hasPrefix("test.json: bodies[0]"), "\(error.message)")
            #expect(error.message.contains("friction"), "\(error.message)")
        }
        #expect(throws: EditRefused.self) { try doc.addPolygon([Vector(0, 0), Vector(10, 10), Vector(20, 20)]) }
        // A polygon too small.
        do {
            try doc.addPolygon([Vector(300, 300), Vector(300.001, 300), Vector(300, 300.001)])
            Issue.record("a polygon too small was accepted")
        } catch {
            // Drawn to a hundredth of a point, its corners are one point.
            #expect(error.message.contains("bodies[1]") && error.message.contains("the same point"), "\(error.message)")
        }
        #expect(doc.scene == before)
        #expect(doc.selection == .body(0))
    }

    @Test func undoAndRedoWalkTheEditsAndANewEditForgetsTheRedone() throws {
        var doc = try empty()
        let start = doc.scene
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        let one = doc.scene
        try doc.addBall(center: Vector(300, 100), edge: Vector(310, 100))
        let two = doc.scene
        var done = doc.undo()
        #expect(done && doc.scene == one)
        done = doc.undo()
        #expect(done && doc.scene == start)
        done = doc.undo()
        #expect(!done)
        done = doc.redo()
        #expect(done && doc.scene == one)
        done = doc.redo()
        #expect(done && doc.scene == two)
        done = doc.redo()
        #expect(!done)
        done = doc.undo()
        #expect(done)
        try doc.addPlank(from: Vector(300, 200), to: Vector(400, 200))
        #expect(!doc.canRedo)
        #expect(doc.scene.bodies.count == 2)
    }

    @Test func moveRotateDeleteCopyPasteAndDuplicate() throws {
        var doc = try empty()
        try doc.addPlank(from: Vector(200, 100), to: Vector(300, 100))
        try doc.addPivot(at: Vector(250, 100))
        doc.selection = .body(0)
        try doc.moveSelection(by: Vector(10, 20))
        #expect(doc.scene.bodies[0].position == Vector(260, 120))
        #expect(doc.scene.joints[0].kind == .pivot(anchor: Vector(260, 120)), "the pivot moves with its body")
        try doc.rotateSelection(by: 0.5)
        #expect(doc.scene.bodies[0].angle == 0.5)
        let copied = doc.copied
        try doc.paste(copied, offset: Vector(0, 100))
        #expect(doc.scene.bodies.count == 2 && doc.scene.bodies[1].position == Vector(260, 220))
        #expect(doc.scene.bodies[1].id == nil, "a pasted body does not share the original's id")
        try doc.duplicateSelection()
        #expect(doc.scene.bodies.count == 3 && doc.selection == .body(2))
        doc.selection = .body(0)
        try doc.deleteSelection()
        #expect(doc.scene.bodies.count == 2 && doc.scene.joints.isEmpty, "the body's pivot went with it")
        #expect(doc.selection == nil)
    }

    @Test func deletingABodyRenumbersTheJointsOfTheBodiesAfterIt() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(132, 72))
        try doc.addCrate(from: Vector(300, 40), to: Vector(332, 72))
        try doc.addRod(from: Vector(316, 56), to: Vector(316, 200))
        doc.selection = .body(0)
        try doc.deleteSelection()
        #expect(doc.scene.joints.count == 1 && doc.scene.joints[0].a == .body(0))
        #expect(doc.scene.joints[0].kind == .pin(anchorA: .zero, anchorB: Vector(316, 200)))
    }

    @Test func propertiesShowTheSelectionAndTheWheelAndTypingChangeThem() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(132, 72))
        #expect(doc.properties.map(\.key) == [.type, .density, .friction, .elasticity, .width, .height, .velocityX, .velocityY, .spin, .look, .trace,
                                              .layerA, .layerB, .layerC, .layerD, .group, .surfaceX, .surfaceY, .oneWay, .sound, .key])
        try doc.nudge(.friction, by: 2)
        #expect(doc.scene.bodies[0].shapes[0].friction == 0.6)
        try doc.set(.density, to: 0.5)
        #expect(doc.scene.bodies[0].mass == .density(0.5))
        try doc.cycle(.type)
        #expect(doc.scene.bodies[0].type == .static && doc.scene.bodies[0].mass == nil)
        #expect(!doc.properties.contains { $0.key == .density })
        try doc.cycle(.look)
        #expect(doc.scene.bodies[0].look == .ball)
        try doc.addCrate(from: Vector(300, 40), to: Vector(332, 72))
        try doc.addSpring(from: Vector(316, 56), to: Vector(316, 200))
        #expect(doc.properties.map(\.key) == [.restLength, .stiffness, .damping, .maxForce, .breakForce, .collide])
        try doc.nudge(.maxForce, by: -1)
        #expect(doc.scene.joints[0].maxForce == 1e7)
        try doc.set(.restLength, to: 100)
        guard case .spring(_, _, let rest, _, _) = doc.scene.joints[0].kind else { Issue.record("not a spring"); return }
        #expect(rest == 100)
    }

    @Test func theConvexHullDropsInnerAndCollinearPoints() {
        let hull = convexHull([Vector(0, 0), Vector(2, 0), Vector(1, 0), Vector(2, 2), Vector(0, 2), Vector(1, 1)])
        #expect(hull == [Vector(0, 0), Vector(2, 0), Vector(2, 2), Vector(0, 2)])
    }

    @Test func hitTestsFindTheTopmostBodyUnderAPoint() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(200, 80))
        try doc.addBall(center: Vector(190, 60), edge: Vector(200, 60))
        #expect(doc.body(at: Vector(190, 60)) == 1)
        #expect(doc.body(at: Vector(110, 60)) == 0)
        #expect(doc.body(at: Vector(110, 90)) == nil)
        #expect(doc.body(at: Vector(110, 83), slack: 4) == 0)
        #expect(doc.bodies(at: Vector(195, 60)) == [1, 0])
    }

    /// What quitting would lose: edits since the file was loaded or saved.
    @Test func unsavedEditsAreTheDifferenceFromTheFile() throws {
        var doc = try empty()
        #expect(!doc.hasUnsavedEdits)
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        #expect(doc.hasUnsavedEdits)
        #expect(doc.undo() && !doc.hasUnsavedEdits, "undone back to the file: nothing to lose")
        #expect(doc.redo() && doc.hasUnsavedEdits)
        doc.markSaved()
        #expect(!doc.hasUnsavedEdits)
        #expect(Document.recoveryStem(for: "dir/t.json") == "dir/t.unsaved" && Document.recoveryStem(for: "t") == "t.unsaved")
    }

    /// A pivot given by a point on each body keeps them meeting when one moves.
    @Test func movingABodyKeepsATwoAnchorPivotTogether() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 100), to: Vector(140, 140))
        try doc.addCrate(from: Vector(140, 100), to: Vector(180, 140))
        try doc.edit { scene throws(EditRefused) in
            scene.bodies[0].id = "a"
            scene.bodies[1].id = "b"
            scene.joints = [JointSpec(kind: .pivotAnchors(anchorA: Vector(20, 0), anchorB: Vector(-20, 0)), a: .body(0), b: .body(1))]
            return .body(0)
        }
        try doc.moveSelection(by: Vector(0, 30))
        try doc.rotateSelection(by: 0.5)
        let ends = doc.scene.anchors(of: doc.scene.joints[0])
        #expect((ends.a - ends.b).length < 1e-9)
        guard case .pivotAnchors(let a, _) = doc.scene.joints[0].kind else { Issue.record("still a two-anchor pivot"); return }
        #expect(a == Vector(20, 0), "the moved body keeps its anchor")
    }

    // Issue 22's build-mode papercuts.

    @Test func ctrlVPastesAtThePointerAndCtrlDDoesNotOverlap() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(160, 80))
        try doc.rotateSelection(by: 0.3)
        try doc.paste(doc.copied, at: Vector(400, 200))
        #expect(doc.scene.bodies[1].position == Vector(400, 200) && doc.selection == .body(1))
        doc.selection = .body(0)
        try doc.duplicateSelection()
        let a = doc.scene.bodies[0].worldBounds, b = doc.scene.bodies[2].worldBounds
        #expect(b.min.x >= a.max.x + 7.999, "the copy is clear of the original: \(a) \(b)")
        #expect(doc.scene.bodies[2].position.y == doc.scene.bodies[0].position.y)
    }

    @Test func thePivotToolSnapsToAnAxleThenToACorner() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 100), to: Vector(200, 140))  // a chassis
        try doc.addBall(center: Vector(110, 100), edge: Vector(130, 100))  // a wheel on its corner
        try doc.addPivot(at: Vector(113, 102), slack: 4, snap: 8)
        #expect(doc.scene.joints.last!.kind == .pivot(anchor: Vector(110, 100)), "the wheel's centre beats the chassis's corner")
        try doc.addPivot(at: Vector(196, 137), slack: 4, snap: 8)
        #expect(doc.scene.joints.last!.kind == .pivot(anchor: Vector(200, 140)), "a corner")
        try doc.addPivot(at: Vector(150, 120), slack: 4, snap: 8)
        #expect(doc.scene.joints.last!.kind == .pivot(anchor: Vector(150, 120)), "nothing near: where clicked")
    }

    @Test func thePanelEditsSizesVelocitiesAndSpin() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(132, 72))
        try doc.set(.width, to: 50)
        try doc.set(.height, to: 10)
        try doc.set(.velocityX, to: 120)
        try doc.nudge(.spin, by: 2)
        let body = doc.scene.bodies[0]
        #expect(body.shapes[0].geometry == .box(width: 50, height: 10, radius: 0) && body.velocity == Vector(120, 0) && body.angularVelocity == 1)
        try doc.addBall(center: Vector(300, 100), edge: Vector(310, 100))
        #expect(doc.properties.contains { $0.key == .radius } && !doc.properties.contains { $0.key == .width })
        try doc.set(.radius, to: 25)
        #expect(doc.scene.bodies[1].shapes[0].geometry == .circle(radius: 25, offset: .zero))
        #expect(throws: EditRefused.self) { try doc.set(.radius, to: -1) }
    }

    @Test func withNothingSelectedThePanelIsTheScenes() throws {
        var doc = try empty()
        #expect(doc.properties.map(\.key) == [.gravityX, .gravityY, .walls, .wallFriction, .wallElasticity, .sleepTime, .iterations, .spaceDamping, .spawn, .script])
        #expect(doc.properties.first { $0.key == .sleepTime }?.text == "never")
        try doc.set(.gravityX, to: 300)
        try doc.nudge(.sleepTime, by: 1)
        try doc.cycle(.walls)
        try doc.cycle(.spawn)
        #expect(doc.scene.gravity.x == 300 && doc.scene.sleepTime == 0.5 && doc.scene.walls == nil)
        #expect(doc.scene.spawn == Document.spawnChoices[1].body)
        #expect(throws: EditRefused.self) { try doc.set(.iterations, to: 0) }
        try doc.set(.sleepTime, to: .infinity)
        #expect(doc.scene.sleepTime == nil)
    }

    /// The scene panel names the script and sets or clears it: "none", then
    /// the scripts beside the scene; every edit keeps the script's text.
    @Test func theScenePanelSetsAndClearsTheScript() throws {
        var doc = try empty()
        doc.scriptChoices = [("a.lua", "state = {}"), ("b.lua", "function step(w) end")]
        #expect(doc.properties.last == .choice(.script, "none"))
        try doc.cycle(.script)
        #expect(doc.scene.script == "a.lua" && doc.scene.scriptText == "state = {}")
        try doc.set(.gravityX, to: 50)  // an edit (read back by the validator) keeps the text
        #expect(doc.scene.scriptText == "state = {}" && doc.properties.last?.text == "a.lua")
        try doc.cycle(.script)
        #expect(doc.scene.script == "b.lua" && doc.scene.scriptText == "function step(w) end")
        try doc.cycle(.script)
        #expect(doc.scene.script == nil && doc.scene.scriptText == nil && doc.scene.scriptSeed == nil, "cleared")
        try doc.cycle(.script, by: -1)
        #expect(doc.scene.script == "b.lua", "backwards from none: the last")
        #expect(doc.undo() && doc.scene.script == nil)
    }

    /// 0.121 nudged up is 0.1331 (not 0.13310000000000002), and no -0 is ever written.
    @Test func savedNumbersAreTheShortestText() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(132, 72))
        try doc.set(.density, to: 0.121)
        try doc.nudge(.density, by: 1)
        #expect(doc.scene.bodies[0].mass == .density(0.1331))
        try doc.set(.velocityX, to: -0.0)
        let text = doc.scene.json()
        #expect(text.contains("\"density\": 0.1331") && !text.contains("-0.0") && !text.contains("-0,") && !text.contains("-0]"), "\(text)")
        for x in [0.1, 123.456, 1.1 * 1.1, 1e-7 * 3, 98765.4321] {
            let r = Document.rounded(x, significantDigits: 4)
            #expect("\(r)".count <= 8 || "\(r)".contains("e"), "\(x) -> \(r)")
        }
    }

    // Issue 24: a tool for every joint kind, their properties, layers and surfaces.

    @Test func everyJointKindHasATool() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 100), to: Vector(160, 140))   // 0
        try doc.addBall(center: Vector(300, 120), edge: Vector(320, 120))  // 1
        try doc.addRope(from: Vector(130, 120), to: Vector(300, 120))
        try doc.addMotor(at: Vector(300, 120))
        try doc.addGroove(from: Vector(110, 120), to: Vector(150, 120))
        try doc.addAngleJoint(.gear, from: Vector(130, 120), to: Vector(300, 120))
        try doc.addAngleJoint(.ratchet, from: Vector(130, 120), to: Vector(300, 120))
        try doc.addAngleJoint(.rotarySpring, from: Vector(130, 120), to: Vector(300, 120))
        try doc.addAngleJoint(.rotaryLimit, from: Vector(130, 120), to: Vector(300, 120))
        let kinds = doc.scene.joints.map { "\($0.kind)".prefix { $0 != "(" } }
        #expect(kinds == ["slide", "motor", "groove", "gear", "ratchet", "rotarySpring", "rotaryLimit"])
        guard case .slide(_, _, 0, let max) = doc.scene.joints[0].kind else { Issue.record("a rope"); return }
        #expect(max == 170)
        #expect(doc.scene.joints[1].a == .world && doc.scene.joints[1].b == .body(1), "the motor turns the ball against the world")
        guard case .groove(let ga, let gb, let anchorB) = doc.scene.joints[2].kind else { Issue.record("a groove"); return }
        #expect(ga == Vector(-20, 0) && gb == Vector(20, 0) && anchorB == Vector(150, 120) && doc.scene.joints[2].b == .world)
        #expect(doc.scene.joints.count == 7)
        #expect(Set(Tool.joints.map(\.name)).count == 10 && Tool.allCases.count == 17)
        #expect(Tool.onDigit(0) == .motor && Tool.pivot.nextJoint == .spring && Tool.rotaryLimit.nextJoint == .pivot && Tool.crate.nextJoint == .pivot)
        #expect(Tool.water.key == "W" && Tool.planet.key == "P" && Tool.water.nextJoint == .pivot)
        // A world that builds from it.
        _ = try World(scene: doc.scene)
    }

    @Test func jointPropertiesChangeTheirJoint() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 100), to: Vector(160, 140))
        try doc.addAngleJoint(.gear, from: Vector(130, 120), to: Vector(400, 300))
        #expect(doc.properties.map(\.key) == [.phase, .ratio, .maxForce, .breakForce, .collide])
        try doc.set(.ratio, to: 2)
        try doc.nudge(.phase, by: 2)
        guard case .gear(let phase, 2) = doc.scene.joints[0].kind else { Issue.record("a gear of ratio 2"); return }
        #expect(abs(phase - Double.pi / 18) < 1e-12)
        #expect(throws: EditRefused.self) { try doc.set(.ratio, to: 0) }
        try doc.set(.breakForce, to: 5000)
        #expect(doc.scene.joints[0].breakForce == 5000)
        try doc.set(.breakForce, to: .infinity)
        #expect(doc.scene.joints[0].breakForce == nil)
        let collide = doc.scene.joints[0].collide
        try doc.cycle(.collide)
        #expect(doc.scene.joints[0].collide == !collide)
    }

    @Test func layersGroupsConveyorsAndOneWayApplyToTheBodysShapes() throws {
        var doc = try empty()
        try doc.addPlank(from: Vector(100, 100), to: Vector(300, 100))
        #expect(doc.properties.contains { $0.key == .layerA && $0.text == "on" })
        try doc.cycle(.layerB)
        #expect(doc.scene.bodies[0].shapes[0].filter == ShapeFilter(group: 0, categories: 13, mask: 13), "in layers A, C and D")
        try doc.cycle(.layerB)
        #expect(doc.scene.bodies[0].shapes[0].filter == nil, "all four again: no filter")
        try doc.set(.group, to: 3)
        #expect(doc.scene.bodies[0].shapes[0].filter == ShapeFilter(group: 3))
        try doc.set(.surfaceX, to: -40)
        try doc.cycle(.oneWay)
        #expect(doc.scene.bodies[0].shapes[0].surfaceVelocity == Vector(-40, 0) && doc.scene.bodies[0].shapes[0].oneWay == Vector(0, 1))
        // Saved and read back, they are kept.
        let text = doc.scene.json()
        #expect(text.contains("\"surfaceVelocity\": [-40, 0]") && text.contains("\"oneWay\": [0, 1]") && text.contains("\"group\": 3"))
    }

    @Test func whatABodySoundsLikeIsAChoice() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 40), to: Vector(132, 72))
        #expect(doc.properties.first { $0.key == .sound }?.text == "by shape (wood)")
        try doc.cycle(.sound)
        #expect(doc.scene.bodies[0].shapes[0].sound == .wood)
        try doc.cycle(.sound)
        try doc.cycle(.sound)
        #expect(doc.scene.bodies[0].shapes[0].sound == .metal && doc.properties.first { $0.key == .sound }?.text == "metal")
        #expect(doc.scene.json().contains("\"sound\": \"metal\""), "saved with the scene")
        try doc.cycle(.sound)
        try doc.cycle(.sound)
        #expect(doc.scene.bodies[0].shapes[0].sound == nil, "round to by shape again")
    }
}
