@testable import Editing
import CrateboxGeometry
import SceneFormat
import Simulation
import Testing

/// Build mode's water and planet tools and the tracer row: what they add,
/// select, move, change and delete, and that a body in the water they pour
/// floats and a body near the planet they place falls towards it.
@Suite struct ToyEditTests {
    func empty() throws -> Document {
        try Document.emptyBox(width: 640, height: 360, name: "Test", file: "test.json")
    }

    @Test func theWaterToolFillsTheDraggedRectangleAndALightCrateFloatsInIt() throws {
        var doc = try empty()
        // Dragged from the top right to the bottom left: the same region.
        try doc.addWater(from: Vector(600, 200), to: Vector(40, 0))
        #expect(doc.scene.fluids == [FluidSpec(min: Vector(40, 0), max: Vector(600, 200), density: Document.waterDensity)])
        #expect(doc.selection == .fluid(0))
        try doc.addCrate(from: Vector(300, 300), to: Vector(340, 340))
        let world = try World(scene: doc.scene)
        try world.step(1200)
        let y = try #require(world.bodies.compactMap { $0 }.last).pose.position.y
        // A crate of density 0.1 in water of 0.15 floats two thirds under: its centre about 6.7 below the surface.
        #expect(abs(y - (200 - 40 * 0.1 / 0.15 + 20)) < 2, "the crate's centre is at \(y)")
        // A click without a drag pours nothing.
        #expect(throws: EditRefused.self) { try doc.addWater(from: Vector(10, 10), to: Vector(10, 10)) }
        #expect(doc.scene.fluids.count == 1)
    }

    @Test func thePlanetToolPlacesAnAttractorThatPullsBodies() throws {
        var doc = try empty()
        try doc.set(.gravityY, to: 0)
        try doc.addPlanet(at: Vector(320, 180))
        #expect(doc.scene.attractors == [AttractorSpec(position: Vector(320, 180), strength: Document.planetStrength, radius: Document.planetRadius)])
        #expect(doc.selection == .attractor(0))
        #expect(doc.properties.map(\.key) == [.strength, .radius])
        try doc.addBall(center: Vector(520, 180), edge: Vector(530, 180))
        let world = try World(scene: doc.scene)
        try world.step(60)
        let x = try #require(world.bodies.compactMap { $0 }.last).pose.position.x
        #expect(x < 519, "the ball falls towards the planet: x \(x)")
    }

    @Test func waterAndPlanetsAreSelectedUnderThePointerMovedChangedAndDeleted() throws {
        var doc = try empty()
        try doc.addWater(from: Vector(0, 0), to: Vector(200, 100))
        try doc.addPlanet(at: Vector(500, 300))
        #expect(doc.fluid(at: Vector(100, 50)) == 0 && doc.fluid(at: Vector(300, 50)) == nil)
        #expect(doc.attractor(at: Vector(505, 300), slack: 4) == 0 && doc.attractor(at: Vector(520, 300), slack: 4) == nil)
        doc.selection = .fluid(0)
        try doc.moveSelection(by: Vector(20, 10))
        #expect(doc.scene.fluids[0].min == Vector(20, 10) && doc.scene.fluids[0].max == Vector(220, 110))
        #expect(doc.properties.map(\.key) == [.density, .width, .height, .linearDrag, .angularDrag])
        try doc.set(.width, to: 300)
        try doc.set(.linearDrag, to: 0.5)
        #expect(doc.scene.fluids[0].max.x == 320 && doc.scene.fluids[0].min.x == 20 && doc.scene.fluids[0].linearDrag == 0.5)
        // The validator's rules hold: no water of no width, no negative density.
        #expect(throws: EditRefused.self) { try doc.set(.width, to: 0) }
        #expect(throws: EditRefused.self) { try doc.set(.density, to: -1) }
        doc.selection = .attractor(0)
        try doc.moveSelection(by: Vector(-100, 0))
        try doc.nudge(.strength, by: 1)
        #expect(doc.scene.attractors[0].position == Vector(400, 300) && doc.scene.attractors[0].strength == 2.2e7)
        // A planet of a large radius does not take every click near it.
        try doc.set(.radius, to: 500)
        #expect(doc.attractor(at: Vector(400, 306), slack: 4) == 0 && doc.attractor(at: Vector(400, 320), slack: 4) == nil)
        try doc.deleteSelection()
        #expect(doc.scene.attractors.isEmpty && doc.selection == nil)
        #expect(doc.undo() && doc.scene.attractors.count == 1)
        doc.selection = .fluid(0)
        try doc.deleteSelection()
        #expect(doc.scene.fluids.isEmpty)
    }

    @Test func aBodysTraceRowTurnsItsTrailOnAndOffAndItIsSaved() throws {
        var doc = try empty()
        try doc.addCrate(from: Vector(100, 100), to: Vector(140, 140))
        #expect(doc.properties.first { $0.key == .trace }?.text == "off")
        try doc.cycle(.trace)
        #expect(doc.scene.bodies[0].trace && doc.properties.first { $0.key == .trace }?.text == "on")
        let text = doc.scene.json()
        #expect(text.contains("\"trace\": true") || text.contains("\"trace\":true"))
        #expect(try Scene.decode(Array(text.utf8), file: "t.json").bodies[0].trace)
        try doc.cycle(.trace)
        #expect(!doc.scene.bodies[0].trace)
    }
}
