import Testing
import CrateboxGeometry
@testable import SceneFormat
import TestSupport

/// The format's checks of values (`Scene.problems`): what the editor and the
/// script host are held to, in the reader's words.
@Suite struct SceneChecksTests {
    /// What a scene read from a file holds passes the checks of values again.
    @Test(arguments: sceneFiles(in: "Scenes", "Scenes/chipmunk", "Tests/Fixtures/valid"))
    func everyValidSceneHasNoProblems(path: String) throws {
        let scene = try loadScene(atPath: packageRoot.appendingPathComponent(path).path, file: path)
        #expect(scene.problems(file: path) == [])
    }

    /// A value changed in the Scene itself is refused as the file with that value
    /// is: the same path and the same words, whether read or checked.
    @Test(arguments: Self.changes.indices)
    func aValueIsRefusedInTheReadersWords(_ index: Int) throws {
        let (expected, change) = Self.changes[index]
        var scene = try decode(Self.base, file: "t.json")
        change(&scene)
        let checked = scene.problems(file: "t.json").map(\.description)
        #expect(checked.first == "t.json: " + expected)
        // The same scene written as a file and read back says the same.
        let read = errors(scene.json(), file: "t.json").split(separator: "\n").map(String.init)
        #expect(read.first == checked.first)
    }

    static let base = scene(bodies: """
        {"id": "a", "position": [100, 100], "mass": 1, "box": [20, 20]},
        {"id": "b", "position": [200, 100], "mass": 1, "shapes": [{"circle": 10}]},
        {"id": "k", "type": "kinematic", "position": [150, 250], "box": [40, 10]}
        """, extra: """
        "joints": [{"id": "s", "type": "slide", "a": "a", "b": "b", "anchorA": [0, 0], "anchorB": [0, 0], "min": 10, "max": 90},
                   {"id": "m", "type": "motor", "a": "a", "b": "world", "rate": 1}],
        "controls": [{"key": "Up", "motor": "m", "rate": 2}],
        "fluids": [{"min": [0, 0], "max": [300, 50], "density": 0.5}]
        """)

    nonisolated(unsafe) static let changes: [(String, (inout Scene) -> Void)] = [
        ("bodies[0].mass: must be greater than 0, got 0", { $0.bodies[0].mass = .mass(0) }),
        ("bodies[0].angle: must be between -1000000 and 1000000, got 2000000", { $0.bodies[0].angle = 2e6 }),
        ("bodies[1].shapes[0].friction: must be at least 0, got -1", { $0.bodies[1].shapes[0].friction = -1 }),
        ("bodies[1].shapes[0].elasticity: must be between 0 and 1, got 2", { $0.bodies[1].shapes[0].elasticity = 2 }),
        ("bodies[1].shapes[0].polygon: the polygon is concave; split it into convex shapes", {
            $0.bodies[1].shapes[0].geometry = .polygon(vertices: [Vector(0, 0), Vector(10, 0), Vector(5, 2), Vector(10, 10), Vector(0, 10)], radius: 0)
        }),
        ("bodies[2]: a static body cannot move; give it type \"kinematic\" to set a velocity", {
            $0.bodies[2].type = .static
            $0.bodies[2].velocity = Vector(1, 0)
        }),
        ("bodies[2]: \"mass\" is for dynamic bodies only; a kinematic body has infinite mass", { $0.bodies[2].mass = .mass(1) }),
        ("joints[0].max: must be at least min (10), got 5", { $0.joints[0].kind = .slide(anchorA: .zero, anchorB: .zero, min: 10, max: 5) }),
        ("joints[1].rate: must be between -1000000 and 1000000, got 3000000", { $0.joints[1].kind = .motor(rate: 3e6) }),
        ("controls[0].rate: must be between -1000000 and 1000000, got -2000000", { $0.controls[0].action = .motor(joint: 1, rate: -2e6, maxForce: nil) }),
        ("controls[0].motor: \"s\" is a slide joint; this binding drives a motor joint", { $0.controls[0].action = .motor(joint: 0, rate: 1, maxForce: nil) }),
        ("fluids[0].max: must be above and to the right of min 0, 0, got 300, -5", { $0.fluids[0].max = Vector(300, -5) }),
        ("iterations: must be between 1 and 1000, got 0", { $0.iterations = 0 }),
        ("damping: must be greater than 0 and at most 1, got 2", { $0.damping = 2 }),
        ("bodies[1].id: \"a\" is already the id of bodies[0]; ids must be unique", { $0.bodies[1].id = "a" }),
        ("joints[0].stiffness: 100000000 is too stiff for these bodies: at 1/120 s steps the spring would blow up; use at most 7200 or heavier bodies", {
            $0.joints[0].kind = .spring(anchorA: .zero, anchorB: .zero, restLength: 100, stiffness: 1e8, damping: 0)
        }),
    ]

    /// A number no file can hold (NaN) is refused too, where the text path
    /// would have failed on a syntax error.
    @Test func notANumberIsOutOfEveryRange() throws {
        var scene = try decode(Self.base, file: "t.json")
        scene.bodies[0].angle = .nan
        scene.gravity = Vector(0, .infinity)
        #expect(scene.problems(file: "t.json").map(\.description) == [
            "t.json: gravity: y must be between -1000000 and 1000000, got inf",
            "t.json: bodies[0].angle: must be between -1000000 and 1000000, got nan",
        ])
    }

    /// A joint between bodies the value names but a file could not (a body
    /// without an id, a body that is not there) is refused, not written as "".
    @Test func aJointNamesBodiesAFileCanName() throws {
        var scene = try decode(Self.base, file: "t.json")
        scene.bodies[1].id = nil
        #expect(scene.problems(file: "t.json").map(\.description) == [
            "t.json: joints[0].b: names bodies[1], which has no id (a scene file names a joint's bodies by id)",
        ])
        scene.joints[0].b = .body(7)
        #expect(scene.problems(file: "t.json").map(\.description) == ["t.json: joints[0].b: names body 7, and the scene has 3"])
    }
}

/// What the text round trip used to do or refuse for the editor, done on values.
@Suite struct SceneChecksAsAFileWouldTests {
    /// A file named past the name's limit is read: its name is the file's, not one it wrote.
    @Test func aLongFileNameIsNoWrongName() throws {
        let file = String(repeating: "a", count: 250) + ".json"
        #expect(throws: Never.self) { try decode(scene(), file: file) }
        #expect(errors(scene(extra: "\"name\": \"\""), file: "t.json") == "t.json: name: must be 1 to 200 characters long")
    }

    /// Values no file can hold are refused, where writing them would trap or not read back.
    @Test func whatNoFileSaysIsRefused() throws {
        var scene = try decode(SceneChecksTests.base, file: "t.json")
        scene.bodies[0].look = .color(0x1000000)
        scene.joints[1].functions.force = "push"
        scene.controls[0].action = .motor(joint: 9, rate: 1, maxForce: nil)
        var named = scene
        named.nameControlTargets()  // a binding of a joint that is not there is left for the checks
        #expect(named.problems(file: "t.json").map(\.description) == [
            "t.json: bodies[0].look: must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\", got a colour of more than 24 bits",
            "t.json: joints[1].forceFunction: is a spring joint's only",
            "t.json: controls[0].motor: names joints[9], and the scene has 2",
            "t.json: joints[1]: names a function of the scene's script (forceFunction, torqueFunction, preSolve or postSolve), and the scene has no \"script\"",
        ])
    }

    /// A view that follows a body gone or made static is left out, as the file leaves it out.
    @Test func aFollowOfNothingIsDropped() throws {
        let thrusters = try loadShippedScene("thrusters.json")
        var scene = thrusters
        let lander = try #require(scene.bodies.firstIndex { $0.id == "lander" })
        scene.bodies[lander].id = "renamed"
        #expect(scene.problems(file: "t.json").map(\.description) == ["t.json: view.follow: no body has the id \"lander\""])
        #expect(scene.followingWhatIsThere.view == SceneView(follow: nil, width: thrusters.view?.width))
        #expect(scene.followingWhatIsThere.problems(file: "t.json") == [])
        scene.view?.width = nil
        #expect(scene.followingWhatIsThere.view == nil)
    }
}
