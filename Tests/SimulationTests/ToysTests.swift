import Foundation
import CrateboxGeometry
import SceneFormat
import Simulation
import Testing
import TestSupport

/// Water, planets, the knife and explosions in the world (scene-format.md
/// section 15, replay-format.md: "Water and planets", slice, explode).
@Suite struct ToysTests {
    func named(_ world: World, _ id: String) -> WorldBody { world.bodies.compactMap { $0 }.first { $0.id == id }! }

    @Test func lightBodiesFloatAndHeavyOnesSink() throws {
        let world = try World(scene: try loadShippedScene("water.json"))
        try world.step(1200)
        let surface = 320.0
        // A 70-point crate of half the water's density floats half in (turned or not: its centre within 25 of the surface).
        #expect(abs(named(world, "light").pose.position.y - surface) < 25, "\(named(world, "light").pose)")
        #expect(named(world, "heavy").pose.position.y < 40, "on the bottom: \(named(world, "heavy").pose)")
        for id in ["raft", "ball", "log"] {
            let y = named(world, id).pose.position.y
            #expect(y > surface - 25 && y < surface + 10, "\(id) floats at the surface: \(y)")
        }
        #expect(named(world, "passenger").pose.position.y > surface, "the raft carries its passenger above the water")
    }

    @Test func withoutWaterTheyAllSink() throws {
        var scene = try loadShippedScene("water.json")
        scene.fluids = []
        let world = try World(scene: scene)
        try world.step(600)
        #expect(named(world, "light").pose.position.y < 60)
    }

    @Test func theMoonStaysInItsOrbitForAMinute() throws {
        let world = try World(scene: try loadShippedScene("planet.json"))
        var lo = Double.infinity, hi = 0.0
        for _ in 0..<7200 {
            try world.step()
            let r = named(world, "moon").pose.position.length
            lo = min(lo, r)
            hi = max(hi, r)
        }
        #expect(lo > 235 && hi < 265, "the moon's distance went from \(lo) to \(hi)")
        // Without the attractor it flies off in a straight line.
        var scene = try loadShippedScene("planet.json")
        scene.attractors = []
        let free = try World(scene: scene)
        try free.step(1200)
        #expect(named(free, "moon").pose.position.length > 1000)
    }

    static let slab = scene(bodies: """
        {"position": [150, 150], "velocity": [10, 0], "angularVelocity": 1, "mass": 10, "box": [100, 50]},
        {"position": [150, 250], "mass": 1, "shapes": [{"circle": 20}]}
        """, extra: "\"gravity\": [0, 0], \"walls\": false")

    @Test func theKnifeCutsAPolygonIntoTwoBodiesThatKeepItsMassAndMotion() throws {
        let world = try World(scene: try decode(ToysTests.slab))
        let before = world.bodies[0]!
        // Straight down through x = 170: pieces of 70 and 30 points' width.
        try world.apply(.slice(a: Vector(170, 300), b: Vector(170, 0)))
        #expect(world.bodies.count == 4 && world.bodies[0] == nil && world.bodies[1] != nil, "the slab is gone, the ball stays")
        let pieces = [world.bodies[2]!, world.bodies[3]!]
        let masses = pieces.map(\.mass).sorted()
        #expect(abs(masses[0] - 3) < 1e-9 && abs(masses[1] - 7) < 1e-9, "\(masses)")
        #expect(pieces.allSatisfy { $0.kind == .dynamic && $0.look == before.look && $0.angularVelocity == 1 })
        // Each keeps the velocity its material had: v + w × r at its centroid.
        for piece in pieces {
            let r = piece.pose.position - Vector(150, 150)
            let expected = Vector(10 - r.y, r.x)
            #expect((piece.velocity - expected).length < 1e-9, "\(piece.velocity) vs \(expected)")
        }
        // The line crossed the ball too: circles are not cut.
        #expect(world.bodies[1]!.mass == 1)
        try world.step(120)
    }

    @Test func aSliceThatCutsNothingIsRefused() throws {
        let world = try World(scene: try decode(ToysTests.slab))
        let refused: [Event] = [
            .slice(a: Vector(0, 10), b: Vector(300, 10)),            // misses
            .slice(a: Vector(150, 150), b: Vector(150, 0)),          // starts inside the slab
            .slice(a: Vector(150, 300), b: Vector(150, 200)),        // only the ball
            .slice(a: Vector(170, 300), b: Vector(170, 300)),        // no line
            .slice(a: Vector(.nan, 300), b: Vector(170, 0)),
            .slice(a: Vector(170, 3e6), b: Vector(170, 0)),
        ]
        for event in refused {
            #expect(throws: WorldError.self, "\(event)") { try world.apply(event) }
        }
        #expect(world.bodies.count == 2 && world.liveBodyCount == 2)
    }

    /// A piece a scene file could not hold is not made: the slice would be
    /// saved (Ctrl+S) and refused on reading back. Here a light slab (2e-6)
    /// cut a tenth from its end would leave a piece of 2e-7, under the
    /// smallest mass a scene may give (1e-6); cut in the middle, it is cut.
    @Test func aCutWhosePieceAFileCouldNotHoldIsNotMade() throws {
        let light = scene(bodies: """
            {"position": [150, 150], "mass": 2e-6, "box": [100, 50]}
            """, extra: "\"gravity\": [0, 0], \"walls\": false")
        let world = try World(scene: try decode(light))
        #expect(throws: WorldError.self) { try world.apply(.slice(a: Vector(190, 300), b: Vector(190, 0))) }
        #expect(world.bodies.count == 1)
        try world.apply(.slice(a: Vector(150, 300), b: Vector(150, 0)))
        #expect(world.bodies.count == 3 && world.liveBodyCount == 2)
        let read = try decode(world.currentScene().json())
        #expect(read.bodies.count == 2)
        // The check is the reader's own: a polygon with three collinear vertices is named.
        #expect(Scene.polygonProblem([Vector(0, 0), Vector(1, 0), Vector(2, 0), Vector(1, 1)])?.contains("collinear") == true)
        #expect(Scene.polygonProblem([Vector(0, 0), Vector(2, 0), Vector(1, 1)]) == nil)
    }

    @Test func anExplosionPushesWhatIsWithinItsRadiusAway() throws {
        let world = try World(scene: try decode(ToysTests.slab))
        // The slab's centre is 50 from the point: half the impulse of 1000 reaches it.
        try world.apply(.explode(x: 150, y: 100, radius: 100, impulse: 1000))
        #expect(abs(world.bodies[0]!.velocity.x - 10) < 1e-12 && abs(world.bodies[0]!.velocity.y - 50) < 1e-9)
        #expect(world.bodies[1]!.velocity == .zero, "the ball is 150 away, out of reach")
        for bad: Event in [.explode(x: 0, y: 0, radius: 0, impulse: 1), .explode(x: 0, y: 0, radius: 10, impulse: -1),
                           .explode(x: 0, y: 0, radius: .infinity, impulse: 1), .explode(x: 0, y: 0, radius: 10, impulse: .nan)] {
            #expect(throws: WorldError.self, "\(bad)") { try world.apply(bad) }
        }
    }

    @Test func piecesContinueExactlyFromASnapshot() throws {
        let scene = try loadShippedScene("pyramid.json")
        let world = try World(scene: scene)
        try world.step(60)
        try world.apply(.slice(a: Vector(300, 500), b: Vector(330, -10)))
        try world.step(30)
        try world.apply(.explode(x: 300, y: 20, radius: 300, impulse: 100_000))
        try world.step(30)
        let bytes = try world.snapshot()
        let copy = try World(scene: scene, snapshot: bytes)
        #expect(try copy.snapshot() == bytes)
        #expect(copy.bodies.map { $0?.spec } == world.bodies.map { $0?.spec }, "the pieces' specs come back")
        try world.step(240)
        try copy.step(240)
        #expect(world.stateHash == copy.stateHash)
    }

    @Test func savedPiecesAndToysReadBack() throws {
        let world = try World(scene: try loadShippedScene("water.json"))
        try world.apply(.slice(a: Vector(210, 600), b: Vector(210, 400)))
        let saved = world.currentScene()
        let read = try decode(saved.json())
        #expect(read.fluids == saved.fluids && read.attractors == saved.attractors && !read.fluids.isEmpty)
        #expect(read.bodies.count == world.liveBodyCount && read.bodies.contains { $0.moment != nil })
        let planet = try loadShippedScene("planet.json")
        let again = try decode(planet.json())
        #expect(again.attractors == planet.attractors && again.bodies.first { $0.id == "moon" }?.trace == true)
    }

    @Test func badFluidsAndAttractorsAreNamed() {
        #expect(errors(scene(extra: "\"fluids\": [{\"min\": [0, 100], \"max\": [300, 50], \"density\": 1}]")).contains("fluids[0].max: must be above and to the right of min"))
        #expect(errors(scene(extra: "\"fluids\": [{\"min\": [0, 0], \"max\": [300, 50]}]")).contains("fluids[0]: missing required key \"density\""))
        #expect(errors(scene(extra: "\"fluids\": [{\"min\": [0, 0], \"max\": [300, 50], \"density\": 0}]")).contains("fluids[0].density: must be greater than 0"))
        #expect(errors(scene(extra: "\"attractors\": [{\"position\": [0, 0], \"strength\": 1, \"radius\": 0}]")).contains("attractors[0].radius: must be greater than 0"))
        #expect(errors(scene(extra: "\"attractors\": [{\"position\": [0, 0], \"strenght\": 1}]")).contains("did you mean \"strength\""))
        #expect(errors(scene(extra: "\"spawn\": {\"mass\": 1, \"box\": [1, 1], \"trace\": true}")).contains("spawn: \"trace\" is not allowed in spawn"))
    }
}
