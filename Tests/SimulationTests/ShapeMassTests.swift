import CrateboxGeometry
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// Shapes that give their own masses (docs/scene-format.md 13.3): a
/// counterweight in one body. The reader's checks in their documented order,
/// the body built with the shapes' masses added up, the scene written back the same.
@Suite struct ShapeMassTests {
    @Test func eachMistakeIsSaidWhereItIs() {
        let cases: [(String, String)] = [
            (#"{"position": [100, 100], "mass": 2, "shapes": [{"box": [20, 10], "mass": 1}]}"#,
             #"bodies[0]: the shapes give their own masses: give none of "mass", "density" and "moment" on the body"#),
            (#"{"position": [100, 100], "shapes": [{"box": [20, 10], "mass": 1}, {"circle": 4}]}"#,
             #"bodies[0].shapes[1]: every shape of the body gives "mass" or "density" when one does"#),
            (#"{"type": "static", "position": [100, 100], "shapes": [{"box": [20, 10], "density": 1}]}"#,
             #"bodies[0].shapes[0]: "density" is for a dynamic body's shapes only; a static body has infinite mass"#),
            (#"{"position": [100, 100], "shapes": [{"box": [20, 10], "mass": 1, "density": 1}]}"#,
             #"bodies[0].shapes[0]: give either "mass" or "density", not both"#),
            (#"{"position": [100, 100], "shapes": [{"segment": [[0, 0], [10, 0]], "radius": 0, "density": 1}]}"#,
             #"bodies[0].shapes[0]: density 1 gives this shape a mass of 0; it must be at least 1e-06 (a segment needs a radius)"#),
            (#"{"position": [100, 100], "shapes": [{"box": [20, 10], "mass": 1e12}, {"circle": 5, "mass": 1e12}]}"#,
             "bodies[0]: the shapes' masses add up to 2000000000000; a body's mass is at most 1000000000000"),
            (#"{"position": [100, 100], "shapes": [{"box": [20, 10], "mass": 0}]}"#,
             "bodies[0].shapes[0].mass: must be greater than 0, got 0"),
            // A shape's own mistake is said once, and the next shape is named by its own place.
            (#"{"position": [100, 100], "shapes": [{"circle": 0, "mass": 1}, {"box": [20, 10]}]}"#,
             "bodies[0].shapes[0].circle: radius must be greater than 0, got 0\ntest.json: bodies[0].shapes[1]: every shape of the body gives \"mass\" or \"density\" when one does"),
        ]
        for (body, said) in cases {
            #expect(errors(scene(bodies: body)) == "test.json: \(said)", "\(body)")
        }
    }

    @Test func aCounterweightIsOneBodyWhoseMassIsItsShapes() throws {
        let text = scene(bounds: 400, bodies: #"{"id": "lever", "position": [200, 150], "shapes": [{"box": [200, 10], "density": 0.01}, {"circle": 10, "offset": [90, 0], "mass": 50}]}"#,
                         extra: #""gravity": [0, 0]"#)
        let spec = try decode(text)
        let world = try World(scene: spec)
        let lever = try #require(world.bodies[0])
        let light = 0.01 * ShapeGeometry.box(width: 200, height: 10, radius: 0).area
        #expect(lever.mass == light + 50 && spec.bodies[0].totalMass == light + 50)
        #expect(abs(lever.body.centerOfGravity.x - 50 * 90 / (light + 50)) < 1e-9, "the centre of gravity moved to the weight: \(lever.body.centerOfGravity)")
        // Written back, the scene reads the same.
        #expect(try decode(spec.json()).bodies == spec.bodies)
    }

    @Test func aStiffSpringOnAFeatherIsRefusedWhateverGivesItsMass() {
        let body = #"{"id": "f", "position": [100, 100], "shapes": [{"circle": 2, "mass": 1e-5}]}"#
        let spring = #""joints": [{"type": "spring", "a": "world", "b": "f", "anchorA": [100, 150], "anchorB": [0, 0], "restLength": 50, "stiffness": 1e12, "damping": 0}]"#
        #expect(errors(scene(bodies: body, extra: spring)).contains("stiff"), "\(errors(scene(bodies: body, extra: spring)))")
    }
}
