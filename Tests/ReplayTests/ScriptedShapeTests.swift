import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Shapes (docs/scene-format.md 16.12): a body's shapes in the scene's order,
/// their material read and set, and exact states holding what was set.
@Suite(.tags(.memory)) struct ScriptedShapeTests {
    @Test func aScriptReadsAndSetsShapes() throws {
        var scene = try ScriptFixtures.scene("queries.json")
        scene.useScript(scene.script, text: """
        local crate = world:body("crate")
        local shapes = crate:shapes()
        assert(#shapes == 1 and shapes[1]:body() == crate and tostring(shapes[1]) == "shape 1 of body 1")
        assert(shapes[1]:friction() == 0.5 and not shapes[1]:sensor() and not shapes[1]:hasType("x"))
        shapes[1]:friction(0)
        shapes[1]:setSurfaceVelocity(0, 0)
        state = {touches = 0}
        function step(world)
          -- from the first second on, the crate is a conveyor the ball rolls off
          if world:steps() == 120 then world:body("crate"):shapes()[1]:setSurfaceVelocity(200, 0) end
          assert(world:body("ball"):force() ~= nil and world:body("ball"):torque() == 0)
        end
        """)
        let world = try World(scene: scene)
        try world.step(100)
        let bytes = try world.snapshot()
        let restored = try World(scene: scene, snapshot: bytes)
        try world.step(200)
        try restored.step(200)
        #expect(try restored.snapshot() == world.snapshot(), "the friction set at the top level holds in an exact state")
        scene.useScript(scene.script, text: "function step(world) world:body('crate'):shapes()[1]:friction(-1) end")
        #expect(throws: SimulationError.self) { try World(scene: scene).step() }
    }
}
