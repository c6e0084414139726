import Foundation
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
@testable import Simulation
import Testing
import TestSupport

/// What a new user hit in the first hour (issue 35) that the physics and the
/// format decide: walls that stop what hangs from the world, terrains of many
/// segments, and water that lets what floats come to rest.
@Suite struct FirstHourTests {
    func named(_ world: World, _ id: String) -> WorldBody { world.bodies.compactMap { $0 }.first { $0.id == id }! }

    /// `simulate Scenes/bridge.json --tilt=1,0` put the lantern at x 826 in an
    /// 800-wide box (and --tilt=-1,0 the bob at -13): the walls are on the
    /// world's body, and a joint to it turned off its body's collisions with them.
    @Test(arguments: [Vector(1, 0), Vector(-1, 0), Vector(0, 1)])
    func bodiesHungFromTheWorldStayInsideTheWalls(tilt: Vector) throws {
        let scene = try loadShippedScene("bridge.json")
        let world = try World(scene: scene)
        try world.apply(.tilt(x: tilt.x, y: tilt.y))
        for _ in 0..<6 {
            try world.step(100)
            for entry in world.dynamicWorldBodies {
                for shape in entry.shapes {
                    let bb = shape.boundingBox
                    #expect(bb.min.x > -1 && bb.max.x < scene.width + 1 && bb.min.y > -1 && bb.max.y < scene.height + 1,
                            "tilted \(tilt): \(entry.id ?? "a body") reaches \(bb.min)–\(bb.max), outside the box")
                }
            }
        }
    }

    @Test func aJointToTheWorldCollidesWhateverItSays() throws {
        let world = try World(scene: try decode(scene(
            bodies: #"{"id": "bob", "position": [150, 150], "mass": 1, "box": [10, 10]}, {"id": "other", "position": [50, 50], "mass": 1, "box": [10, 10]}"#,
            extra: #""joints": [{"type": "pin", "a": "world", "b": "bob", "anchorA": [150, 250], "anchorB": [0, 0]}, {"type": "pin", "a": "other", "b": "bob", "anchorA": [0, 0], "anchorB": [0, 0]}]"#)))
        #expect(world.joints[0].collideBodies, "a joint to the world: its body keeps hitting the walls")
        #expect(!world.joints[1].collideBodies, "between two bodies: collide as the file says (false)")
    }

    /// Five of Chipmunk's demo and benchmark scenes put 515 to 829 segments on one static body.
    @Test func aTerrainOnOneStaticBodyLoadsAndTheCountsThatCostAreBounded() throws {
        func segments(_ n: Int) -> String {
            (0..<n).map { #"{"segment": [[\#($0), 10], [\#($0 + 1), 11]]}"# }.joined(separator: ", ")
        }
        let terrain = try decode(scene(bodies: #"{"type": "static", "position": [0, 0], "shapes": [\#(segments(1500))]}"#))
        #expect(terrain.bodies[0].shapes.count == 1500)
        #expect(try World(scene: terrain).space.shapes.count == 1500 + 8)
        let kinematic = errors(scene(bodies: #"{"type": "kinematic", "position": [0, 0], "shapes": [\#(segments(1001))]}"#))
        #expect(kinematic.isEmpty, "a kinematic body is bounded by the scene's count only: \(kinematic)")
        let heavy = errors(scene(bodies: #"{"position": [0, 0], "mass": 1, "shapes": [\#(segments(1001))]}"#))
        #expect(heavy == "test.json: bodies[0].shapes: has 1001 shapes; a dynamic body may have at most 1000 (a static or kinematic one more)")
        let statics = (0..<11).map { _ in #"{"type": "static", "position": [0, 0], "shapes": [\#(segments(9_091))]}"# }
        let tooMany = errors(scene(bodies: statics.joined(separator: ", ")))
        #expect(tooMany == "test.json: bodies: the scene has 100002 shapes in all (with the spawn body's); the limit is 100000")
    }

    /// After 20 s of Scenes/water.json the floating crate still moved at 9.1
    /// points/s and the sunk one at 2.2: the buoyancy impulse came before the
    /// step and gravity's during it, so neither could ever rest.
    @Test func whatFloatsOrSinksComesToRestAndSleeps() throws {
        let world = try World(scene: try loadShippedScene("water.json"))
        try world.step(20 * 120)
        for entry in world.dynamicWorldBodies {
            let speed = entry.body.velocity.length
            #expect(speed < 0.5 || entry.body.isSleeping, "\(entry.id ?? "a body") moves at \(speed) points/s after 20 s")
        }
        #expect(world.dynamicWorldBodies.allSatisfy { $0.body.isSleeping }, "the water scene's bodies all sleep after 20 s")
        #expect(world.stats.kineticEnergy == 0 && world.stats.sleeping == 6)
        // Asleep, nothing moves them: a second later the state is the same.
        let hash = world.stateHash
        try world.step(120)
        #expect(world.stateHash == hash)
    }

    @Test func aFloatingBodyWithoutSleepStillEndsItsStepsAtRest() throws {
        var scene = try loadShippedScene("water.json")
        scene.sleepTime = nil
        let world = try World(scene: scene)
        try world.step(30 * 120)
        for id in ["heavy", "raft", "ball", "log", "passenger"] {
            let speed = named(world, id).body.velocity.length
            #expect(speed < 0.1, "\(id) still moves at \(speed) points/s (it was g·dt = 8.3 a step)")
        }
    }
}

/// F3 read "kinetic energy -nan" in the crane: a body that never turns (an
/// infinite moment) counted infinity times zero.
@Suite struct KineticEnergyTests {
    @Test func aBodyThatNeverTurnsHasNoEnergyOfTurning() throws {
        let world = try World(scene: try loadShippedScene("crane.json"))
        try world.step(60)
        let energy = world.stats.kineticEnergy
        #expect(energy.isFinite && energy >= 0, "\(energy)")
    }
}
