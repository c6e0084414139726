import CChipmunk
import Foundation
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// Springs held to their load (docs/scene-format.md 16.11.1): what a script changes may not
/// make a spring too stiff for its bodies, which Chipmunk would blow up and abort on; and an
/// exact state may not hold one.
@Suite(.tags(.memory)) struct ScriptedSpringLoadTests {
    static let scene = #"""
        {"format": "cratebox/scene@1", "bounds": [400, 300], "gravity": [0, 0], "script": "s.lua",
         "bodies": [{"id": "b", "position": [200, 150], "box": [10, 10], "mass": 1},
                    {"id": "shelf", "type": "static", "position": [300, 250], "box": [60, 10]}],
         "joints": [{"id": "sp", "type": "spring", "a": "world", "b": "b", "anchorA": [150, 150], "anchorB": [0, 0],
                     "restLength": 10, "stiffness": 30, "damping": 0},
                    {"id": "hook", "type": "spring", "a": "shelf", "b": "b", "anchorA": [0, 0], "anchorB": [0, 0],
                     "restLength": 10, "stiffness": 30, "damping": 0}]}
        """#

    static func world(_ script: String) throws -> World {
        try World(scene: try decode(scene, file: "s.json", script: script))
    }

    static let words = "would be too stiff for their bodies at 1/120 s steps (section 8): make them softer or the bodies heavier"

    @Test func everyWayToMakeASpringTooStiffIsRefusedAndTheWorldGoesOn() throws {
        let cases: [(String, String)] = [
            ("w:body('b'):setMass(1e-6)", "setMass: the springs on body 0 \(Self.words)"),
            ("w:joint('sp'):stiffness(1e12)", "stiffness: the springs on body 0 \(Self.words)"),
            ("w:body('shelf'):setType('dynamic', 1e-6, 1)", "setType: the springs on body 1 \(Self.words)"),
            ("for i = 1, 100 do w:addJoint{type = 'spring', a = 'world', b = w:body('b'), anchorA = {150 + i, 150}, anchorB = {0, 0}, restLength = 10, stiffness = 3000, damping = 0} end",
             "world:addJoint: the springs on body 0 \(Self.words)"),
        ]
        for (call, said) in cases {
            let world = try Self.world("function step(w) if w:steps() == 0 then \(call) end end")
            #expect(throws: SimulationError.script("s.lua:1: \(said) (step 0)"), "\(call)") { try world.step() }
            // Kept, the same call in a pcall leaves a world that steps on (Chipmunk never sees the spring blow up).
            let kept = try Self.world("function step(w) if w:steps() == 0 then assert(not pcall(function() \(call) end)) end end")
            try kept.step(600)
            #expect(kept.bodies[0].map { $0.body.velocity.x.isFinite } == true)
        }
        // Heavier bodies and softer springs go on.
        let fine = try Self.world("function step(w) if w:steps() == 0 then w:body('b'):setMass(50) w:joint('sp'):stiffness(3000) end end")
        try fine.step(120)
        #expect(fine.bodies[0]?.body.mass == 50)
    }

    /// A script's spring made stiff, softened, and then its body made lighter (each within the
    /// load as it goes) reads back from an exact state: its joints are held to the loads now,
    /// not to section 8 against the stiffness it was made with.
    @Test func aSpringSoftenedAfterItWasMadeReadsBack() throws {
        let world = try Self.world("""
            function step(w)
              if w:steps() == 1 then
                local j = w:addJoint{type = "spring", a = "world", b = w:body("b"), anchorA = {250, 150}, anchorB = {0, 0},
                                     restLength = 10, stiffness = 9000, damping = 0}
                j:stiffness(90)
                w:body("b"):setMass(0.05)
              end
            end
            """)
        try world.step(5)
        #expect(world.bodies[0]?.body.mass == 0.05)
        let back = try World(scene: world.scene, snapshot: try world.snapshot())
        try world.step(30)
        try back.step(30)
        #expect(back.stateHash == world.stateHash)
    }

    /// The loads a change figures count against the script's budget (16.3): many springs between
    /// two bodies make each setMass look at all of them, and a loop of it stops in the budget.
    @Test func theLoadsFiguredAreCharged() throws {
        let world = try Self.world("""
            for i = 1, 1500 do
              world:addJoint{type = "spring", a = world:body("shelf"), b = world:body("b"), anchorA = {0, 0}, anchorB = {0, 0},
                             restLength = 10, stiffness = 0, damping = 0}
            end
            function step(w) local b = w:body("b") while true do b:setMass(1) end end
            """)
        do {
            try world.step()
            Issue.record("the loop ended")
        } catch {
            #expect("\(error)".contains("(counting the work its library calls do)"), "\(error)")
        }
    }

    @Test func aStateWithASpringTooStiffIsRefused() throws {
        let world = try Self.world("function step(w) end")
        try world.step(2)
        cpDampedSpringSetStiffness(world.joints[0].chipmunkConstraint, 1e12)
        #expect(throws: (any Error).self) { _ = try World(scene: world.scene, snapshot: try world.snapshot()) }
        do { _ = try World(scene: world.scene, snapshot: try world.snapshot()) } catch {
            #expect("\(error)".contains("the springs on body 0 are too stiff for their bodies at 1/120 s steps (section 8)"), "\(error)")
        }
    }
}
