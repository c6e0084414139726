import CChipmunk
import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// Section 8 weighs a spring's ends as Chipmunk turns them: about their centres of gravity
/// (docs/scene-format.md section 8 and 16.11.1). Weighed about the origin, a rotary spring on a
/// body whose shapes sit off its origin passed the rule and still blew up (Chipmunk aborts).
@Suite(.tags(.memory)) struct SpringWeightTests {
    /// A wheel whose one circle sits 10 points off its origin, on a rotary spring to the world:
    /// its moment is 12.5 about its centre of gravity and 112.5 about its origin.
    static func scene(stiffness: Double) -> String {
        #"""
        {"format": "cratebox/scene@1", "bounds": [400, 300], "gravity": [0, 0], "script": "s.lua",
         "bodies": [{"id": "wheel", "position": [200, 150], "shapes": [{"circle": 5, "offset": [10, 0]}], "mass": 1}],
         "joints": [{"id": "rs", "type": "rotarySpring", "a": "world", "b": "wheel", "restAngle": 1,
                     "stiffness": \#(stiffness), "damping": 0}]}
        """#
    }

    @Test func aRotarySpringIsWeighedAboutTheCentreOfGravity() throws {
        // 1e6 is within the origin's limit (1.62e6) and more than four times the centre's (180,000).
        let error = #expect(throws: SceneErrors.self) { try decode(Self.scene(stiffness: 1e6), file: "s.json", script: "") }
        #expect(error?.description == "s.json: joints[0].stiffness: 1000000 is too stiff for these bodies: at 1/120 s steps the spring would blow up; use at most 180000 or heavier bodies",
                "\(String(describing: error))")
        _ = try decode(Self.scene(stiffness: 170_000), file: "s.json", script: "")
    }

    @Test func aScriptCannotMakeTheOffCentreWheelTooLight() throws {
        for (call, said) in [("w:body('wheel'):setMoment(1e-6)", "setMoment"), ("w:joint('rs'):stiffness(1e6)", "stiffness")] {
            let scene = try decode(Self.scene(stiffness: 1000), file: "s.json", script: "function step(w) if w:steps() == 0 then \(call) end end")
            #expect(throws: SimulationError.script("s.lua:1: \(said): the springs on body 0 \(ScriptedSpringLoadTests.words) (step 0)")) {
                try World(scene: scene).step()
            }
            let kept = try World(scene: decode(Self.scene(stiffness: 1000), file: "s.json",
                                               script: "function step(w) if w:steps() == 0 then assert(not pcall(function() \(call) end)) end end"))
            try kept.step(600)
            #expect(kept.bodies[0].map { $0.body.angularVelocity.isFinite && abs($0.body.angularVelocity) < 100 } == true)
        }
    }

    /// Section 8's sums are Chipmunk's to the bit: random bodies of several shapes, their mass
    /// split by area, given by density or by each shape, weigh what Chipmunk's built bodies weigh.
    @Test func theWeightsAreWhatChipmunkAddsUp() throws {
        var n = SeededGenerator(seed: 50)
        var bodies: [String] = []
        for i in 0..<60 {
            var shapes: [String] = []
            for k in 0..<(1 + i % 4) {
                let x = n.between(-40, 40), y = n.between(-40, 40), own = i % 3 == 2 ? #", "mass": \#(n.between(0.5, 5))"# : ""
                switch (i + k) % 4 {
                case 0: shapes.append(#"{"box": [\#(n.between(2, 30)), \#(n.between(2, 30))]\#(own)}"#)
                case 1: shapes.append(#"{"circle": \#(n.between(1, 20)), "offset": [\#(x), \#(y)]\#(own)}"#)
                case 2: shapes.append(#"{"polygon": [[\#(x), \#(y)], [\#(x + 20), \#(y)], [\#(x + 5), \#(y + 15)]]\#(own)}"#)
                default: shapes.append(#"{"segment": [[\#(x), \#(y)], [\#(x + 25), \#(y - 10)]], "radius": \#(n.between(1, 4))\#(own)}"#)
                }
            }
            let mass = i % 3 == 0 ? #", "mass": 3"# : i % 3 == 1 ? #", "density": 0.01"# : ""
            bodies.append(#"{"position": [\#(100 + (i % 10) * 120), \#(100 + (i / 10) * 120)], "shapes": [\#(shapes.joined(separator: ", "))]\#(mass)}"#)
        }
        let text = #"{"format": "cratebox/scene@1", "bounds": [1400, 900], "walls": false, "bodies": [\#(bodies.joined(separator: ", "))]}"#
        let scene = try decode(text)
        let world = try World(scene: scene)
        for (i, spec) in scene.bodies.enumerated() {
            let ours = spec.inverseMass, body = try #require(world.bodies[i]).body
            let theirs = InverseMass(mass: 1 / body.mass, moment: 1 / body.moment, centerOfGravity: body.centerOfGravity)
            let bits = [ours.mass, ours.moment, ours.centerOfGravity.x, ours.centerOfGravity.y].map(\.bitPattern)
            #expect(bits == [theirs.mass, theirs.moment, theirs.centerOfGravity.x, theirs.centerOfGravity.y].map(\.bitPattern),
                    "body \(i): \(ours) against Chipmunk's \(theirs)")
        }
    }
}

/// Numbers a scene file writes as they are: from `low` to `high`, to a thousandth, seeded.
private extension SeededGenerator {
    mutating func between(_ low: Double, _ high: Double) -> Double { (Double.random(in: low...high, using: &self) * 1000).rounded() / 1000 }
}
