import Foundation
import CrateboxGeometry
import Testing
@testable import SceneFormat
@testable import JSONText
import TestSupport

@Suite struct SceneDecodingTests {
    @Test func defaultsAndShorthands() throws {
        let s = try decode(scene(bodies: #"{"position": [10, 20], "mass": 5, "box": [4, 6]}"#), file: "dir/my scene.json")
        #expect(s.name == "my scene")
        #expect(s.width == 300 && s.height == 300)
        #expect(s.gravity == Vector(0, -1000))
        #expect(s.walls == Scene.Walls(radius: 1, friction: 0.5, elasticity: 0.8))
        #expect(s.iterations == 10 && s.damping == 1 && s.sleepTime == nil && s.spatialHash == nil)
        #expect(s.spawn == Scene.defaultSpawn)
        #expect(s.joints.isEmpty)
        let b = try #require(s.bodies.first)
        #expect(b.type == .dynamic && b.angle == 0 && b.velocity == .zero && b.angularVelocity == 0)
        #expect(b.mass == .mass(5))
        #expect(b.shapes == [ShapeSpec(geometry: .box(width: 4, height: 6, radius: 0), friction: 0.5, elasticity: 0.8, sensor: false)])
        #expect(b.look == .crate)
    }

    @Test func everyKeyIsRead() throws {
        let s = try decode("""
        {"format": "cratebox/scene@1", "name": "All", "bounds": [100, 50], "gravity": [1, -2],
         "walls": {"radius": 2, "friction": 0.1, "elasticity": 0.2}, "iterations": 20, "damping": 0.9,
         "sleepTime": 0.5, "spatialHash": {"cellSize": 10, "cells": 100},
         "spawn": {"density": 2, "shapes": [{"circle": 3}], "look": "ball"},
         "bodies": [
           {"id": "k", "type": "kinematic", "position": [1, 2], "angle": 0.5, "velocity": [3, 4], "angularVelocity": 1,
            "shapes": [{"segment": [[0, 0], [5, 0]], "radius": 0.5, "friction": 2, "elasticity": 0, "sensor": true}], "look": "#a0B1c2"},
           {"id": "d", "position": [5, 5], "mass": 3,
            "shapes": [{"polygon": [[0, 0], [2, 0], [1, 2]], "radius": 0.1}, {"circle": 1, "offset": [1, 1]}]}
         ],
         "joints": [
           {"type": "pivot", "a": "k", "b": "d", "anchor": [3, 3], "maxForce": 100, "collide": true},
           {"type": "pin", "a": "world", "b": "d", "anchorA": [0, 0], "anchorB": [1, 0]},
           {"type": "slide", "a": "d", "b": "world", "anchorA": [0, 0], "anchorB": [1, 0], "min": 1, "max": 2},
           {"type": "spring", "a": "d", "b": "k", "anchorA": [0, 0], "anchorB": [1, 0], "restLength": 3, "stiffness": 40, "damping": 2},
           {"type": "motor", "a": "d", "b": "world", "rate": 1.5}
         ]}
        """)
        #expect(s.name == "All" && s.gravity == Vector(1, -2) && s.iterations == 20 && s.damping == 0.9)
        #expect(s.walls == Scene.Walls(radius: 2, friction: 0.1, elasticity: 0.2))
        #expect(s.sleepTime == 0.5 && s.spatialHash == Scene.SpatialHash(cellSize: 10, cells: 100))
        #expect(s.spawn.mass == .density(2) && s.spawn.look == .ball)
        let k = s.bodies[0], d = s.bodies[1]
        #expect(k.id == "k" && k.type == .kinematic && k.angle == 0.5 && k.velocity == Vector(3, 4) && k.angularVelocity == 1)
        #expect(k.shapes[0] == ShapeSpec(geometry: .segment(a: .zero, b: Vector(5, 0), radius: 0.5), friction: 2, elasticity: 0, sensor: true))
        #expect(k.look == .color(0xA0B1C2) && k.mass == nil)
        #expect(d.look == .plain && d.shapes.count == 2)
        #expect(d.shapes[1].geometry == .circle(radius: 1, offset: Vector(1, 1)))
        #expect(s.joints[0] == JointSpec(kind: .pivot(anchor: Vector(3, 3)), a: .body(0), b: .body(1), maxForce: 100, collide: true))
        #expect(s.joints[1].a == .world && s.joints[1].maxForce == .infinity && s.joints[1].collide == false)
        #expect(s.joints[2].kind == .slide(anchorA: .zero, anchorB: Vector(1, 0), min: 1, max: 2))
        #expect(s.joints[3].kind == .spring(anchorA: .zero, anchorB: Vector(1, 0), restLength: 3, stiffness: 40, damping: 2))
        #expect(s.joints[4].kind == .motor(rate: 1.5))
    }

    @Test func wallsFalseAndSegmentDefaultRadius() throws {
        let s = try decode(scene(bodies: #"{"type": "static", "position": [0, 0], "shapes": [{"segment": [[0, 0], [1, 1]]}]}"#, extra: #""walls": false"#))
        #expect(s.walls == nil)
        #expect(s.bodies[0].shapes[0].geometry == .segment(a: .zero, b: Vector(1, 1), radius: 1))
    }

    @Test func theIssueExampleReadsExactly() {
        let bodies = Array(repeating: #"{"position": [1, 1], "mass": 1, "box": [1, 1]}"#, count: 3)
            + [#"{"position": [1, 1], "mass": 1, "shapes": [{"box": [-2, 5]}]}"#]
        #expect(errors(scene(bodies: bodies.joined(separator: ",")), file: "tower.json")
                == "tower.json: bodies[3].shapes[0].box: width must be greater than 0, got -2")
    }

    @Test func syntaxErrorsHaveLineAndColumn() {
        #expect(errors("{\n  \"format\": \"cratebox/scene@1\",\n  \"bounds\": [1, 2],\n}", file: "a.json")
                == "a.json:4:1: unexpected '}'; expected a key in double quotes")
        #expect(errors("{\"a\": [1 2]}", file: "b.json") == "b.json:1:10: unexpected '2'; expected ',' or ']'")
        #expect(errors("", file: "c.json") == "c.json:1:1: the file is empty; expected a JSON object")
        #expect(errors("{\"é\": tru}", file: "d.json") == "d.json:1:7: unexpected 't'; expected a value (strings need double quotes)")
        #expect(errors("{\"x\": 1e999}", file: "e.json") == "e.json:1:7: the number 1e999 is too large for a double")
        #expect(errors("{\"x\": 1, \"x\": 2}", file: "f.json") == "f.json:1:10: duplicate key \"x\"")
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(errors(deep, file: "g.json") == "g.json:1:65: nesting deeper than 64 levels")
    }

    @Test func unknownKeysSuggestTheClosest() {
        #expect(errors(scene(extra: #""gravty": [0, 1]"#)) == #"test.json: unknown key "gravty" (did you mean "gravity"?)"#)
        #expect(errors(scene(bodies: #"{"postion": [1, 1], "mass": 1, "box": [1, 1]}"#))
                == """
                test.json: bodies[0]: unknown key "postion" (did you mean "position"?)
                test.json: bodies[0]: missing required key "position"
                """)
        #expect(errors(scene(extra: #""zzz": 1"#)).hasPrefix(#"test.json: unknown key "zzz" (expected one of: format, name, bounds"#))
    }

    @Test func everyErrorIsReportedNotJustTheFirst() {
        let text = errors(scene(bodies: #"{"position": [1, 1], "mass": -1, "box": [0, 1]}, {"position": "here", "density": 1, "box": [1, 1]}"#,
                                extra: #""iterations": 0.5, "damping": 0"#))
        #expect(text.split(separator: "\n") == [
            "test.json: iterations: must be a whole number, got 0.5",
            "test.json: damping: must be greater than 0 and at most 1, got 0",
            "test.json: bodies[0].mass: must be greater than 0, got -1",
            "test.json: bodies[0].box: width must be greater than 0, got 0",
            "test.json: bodies[1].position: must be [x, y], got a string",
        ])
    }

    @Test func polygonsMustBeConvexCounterClockwiseAndSimple() {
        func polygon(_ points: String) -> String {
            errors(scene(bodies: #"{"position": [1, 1], "mass": 1, "shapes": [{"polygon": \#(points)}]}"#))
        }
        #expect(polygon("[[0,0],[1,0],[0,1]]") == "")
        #expect(polygon("[[0,0],[0,1],[1,0]]") == "test.json: bodies[0].shapes[0].polygon: the vertices go clockwise; list them counter-clockwise")
        #expect(polygon("[[0,0],[2,0],[1,0.5],[2,2],[0,2]]") == "test.json: bodies[0].shapes[0].polygon: the polygon is concave; split it into convex shapes")
        #expect(polygon("[[0,0],[1,0],[2,0],[1,1]]") == "test.json: bodies[0].shapes[0].polygon: vertices 0, 1 and 2 are collinear; the polygon is degenerate")
        #expect(polygon("[[0,0],[1,0],[1,0],[0,1]]") == "test.json: bodies[0].shapes[0].polygon: vertices 1 and 2 are the same point")
        #expect(polygon("[[0,0],[1,0]]") == "test.json: bodies[0].shapes[0].polygon: must have 3 to 64 vertices, got 2")
        // A pentagram: every turn is to the left, but it winds twice.
        var star: [String] = []
        for k in 0..<5 {
            let a = Double(k) * 4 * Double.pi / 5
            star.append("[\(cos(a)),\(sin(a))]")
        }
        #expect(polygon("[\(star.joined(separator: ","))]") == "test.json: bodies[0].shapes[0].polygon: the polygon intersects itself")
    }

    @Test func massRules() {
        func body(_ keys: String) -> String { errors(scene(bodies: #"{"position": [1, 1], \#(keys)}"#)) }
        #expect(body(#""box": [1, 1]"#) == #"test.json: bodies[0]: a dynamic body needs "mass" or "density""#)
        #expect(body(#""mass": 1, "density": 1, "box": [1, 1]"#) == #"test.json: bodies[0]: give either "mass" or "density", not both"#)
        #expect(body(#""type": "static", "mass": 1, "box": [1, 1]"#)
                == #"test.json: bodies[0]: "mass" is for dynamic bodies only; a static body has infinite mass"#)
        #expect(body(#""density": 1, "shapes": [{"segment": [[0, 0], [1, 0]], "radius": 0}]"#)
                == #"test.json: bodies[0]: the shapes have no area, so density gives no mass; use "mass" or give the segments a radius"#)
        #expect(body(#""mass": 1, "shapes": [{"segment": [[0, 0], [1, 0]], "radius": 0}, {"segment": [[0, 1], [1, 1]], "radius": 0}]"#)
                == "test.json: bodies[0]: the shapes have no area to share the mass by; give the segments a radius")
        #expect(body(#""type": "static", "velocity": [1, 0], "box": [1, 1]"#)
                == #"test.json: bodies[0]: a static body cannot move; give it type "kinematic" to set a velocity"#)
        #expect(body(#""mass": 1, "box": [1, 1], "shapes": [{"circle": 1}]"#)
                == #"test.json: bodies[0]: give either "shapes" or the shorthand "box", not both"#)
    }

    @Test func jointRules() {
        let bodies = #"{"id": "a", "position": [1, 1], "mass": 1, "box": [1, 1]}, {"id": "s", "type": "static", "position": [5, 5], "box": [1, 1]}"#
        func joint(_ j: String) -> String { errors(scene(bodies: bodies, extra: #""joints": [\#(j)]"#)) }
        #expect(joint(#"{"type": "pivot", "a": "a", "b": "world", "anchor": [0, 0]}"#) == "")
        #expect(joint(#"{"type": "pivot", "a": "a", "b": "b", "anchor": [0, 0]}"#) == #"test.json: joints[0].b: no body has the id "b" (did you mean "a"?)"#)
        #expect(joint(#"{"type": "pivot", "a": "a", "b": "a", "anchor": [0, 0]}"#) == #"test.json: joints[0]: "a" and "b" are the same body; a joint needs two"#)
        #expect(joint(#"{"type": "pivot", "a": "s", "b": "world", "anchor": [0, 0]}"#)
                == "test.json: joints[0]: neither body is dynamic; a joint needs at least one dynamic body to act on")
        #expect(joint(#"{"type": "pin", "a": "a", "b": "world", "anchorA": [0, 0]}"#) == #"test.json: joints[0]: a pin joint needs "anchorB""#)
        #expect(joint(#"{"type": "pivot", "a": "a", "b": "world", "anchor": [0, 0], "rate": 1}"#)
                == #"test.json: joints[0]: unknown key "rate" (expected one of: id, type, a, b, maxForce, collide, maxBias, errorBias, breakForce, preSolve, postSolve, anchor, anchorA, anchorB)"#)
        #expect(joint(#"{"type": "slid", "a": "a", "b": "world"}"#)
                == #"test.json: joints[0].type: unknown joint type "slid" (did you mean "slide"?); expected one of: pivot, pin, slide, spring, motor, groove, rotarySpring, rotaryLimit, ratchet, gear"#)
        #expect(joint(#"{"type": "slide", "a": "a", "b": "world", "anchorA": [0, 0], "anchorB": [0, 0], "min": 3, "max": 1}"#)
                == "test.json: joints[0].max: must be at least min (3), got 1")
    }

    @Test func idsAnimationsAndSpawnKeys() {
        #expect(errors(scene(bodies: #"{"id": "x", "position": [1, 1], "mass": 1, "box": [1, 1]}, {"id": "x", "position": [1, 1], "mass": 1, "box": [1, 1]}"#))
                == #"test.json: bodies[1].id: "x" is already the id of bodies[0]; ids must be unique"#)
        #expect(errors(scene(bodies: #"{"id": "world", "position": [1, 1], "mass": 1, "box": [1, 1]}"#))
                == #"test.json: bodies[0].id: "world" is reserved for the static body joints can attach to"#)
        #expect(errors(scene(bodies: #"{"type": "kinematic", "position": [1, 1], "box": [1, 1], "animation": {}}"#))
                == """
                test.json: bodies[0].animation: missing required key "property" ("position" or "angle")
                test.json: bodies[0].animation: missing required key "values"
                test.json: bodies[0].animation: missing required key "duration" (seconds, greater than 0)
                """)
        #expect(errors(scene(bodies: #"{"position": [1, 1], "mass": 1, "box": [1, 1], "animation": {}}"#))
                == #"test.json: bodies[0].animation: only kinematic bodies follow an animation; give the body "type": "kinematic""#)
        #expect(errors(scene(extra: #""spawn": {"position": [1, 1], "mass": 1, "box": [1, 1]}"#))
                == #"test.json: spawn: "position" is not allowed in spawn: a spawned body goes where the user clicks"#)
    }

    @Test func limitsAreEnforced() {
        let many = Array(repeating: #"{"position": [1, 1], "mass": 1, "box": [1, 1]}"#, count: Limits.bodies + 1).joined(separator: ",")
        #expect(errors(scene(bodies: many)) == "test.json: bodies: has 10001 items; the limit is 10000")
        #expect(errors(scene(extra: #""bounds2": 1, "iterations": 1001"#)).contains("iterations: must be between 1 and 1000, got 1001"))
        #expect(errors(scene(bodies: #"{"position": [1e7, 1], "mass": 1, "box": [1, 1]}"#))
                == "test.json: bodies[0].position: x must be between -1000000 and 1000000, got 10000000")
        let joint = #"{"type": "pin", "a": "a", "b": "world", "anchorA": [0, 0], "anchorB": [10, 10]}"#
        let joints = Array(repeating: joint, count: Limits.joints + 1).joined(separator: ",")
        #expect(errors(scene(bodies: #"{"id": "a", "position": [100, 100], "mass": 1, "box": [10, 10]}"#, extra: "\"joints\": [\(joints)]"))
                == "test.json: joints: has 10001 items; the limit is 10000")
        // A scene that would be valid but for its size: refused for the size alone.
        let valid = Array(scene(bodies: #"{"position": [100, 100], "mass": 1, "box": [10, 10]}"#).utf8)
        let padding = [UInt8](repeating: 0x20, count: Limits.fileBytes - valid.count)
        #expect(errors(String(decoding: valid + padding, as: UTF8.self)) == "", "exactly at the limit it loads")
        #expect(errors(String(decoding: valid + padding + [0x0A], as: UTF8.self)) == "test.json: the file is larger than the 16 MiB limit")
    }

    @Test func theBuiltInSceneIsCratesJSON() throws {
        let file = try String(contentsOf: packageRoot.appendingPathComponent("Scenes/crates.json"), encoding: .utf8)
        #expect(file == DefaultScene.json)
        let s = DefaultScene.scene()
        #expect(s.width == 300 && s.height == 300 && s.gravity == Vector(0, -1000))
        #expect(s.bodies.map(\.position) == [Vector(16, 284), Vector(48, 284), Vector(96, 268), Vector(144, 284), Vector(32, 236)])
        #expect(s.bodies.allSatisfy { $0.mass == .mass(100) && $0.shapes[0].friction == 0.5 && $0.shapes[0].elasticity == 0.8 })
    }

    @Test(arguments: shippedScenes)
    func shippedScenesAreValid(name: String) throws {
        _ = try loadShippedScene(name)
    }
}
