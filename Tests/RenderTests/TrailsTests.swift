import CrateboxGeometry
import Testing
@testable import Render
@testable import Simulation
@testable import SceneFormat

/// Tracers' trails: a traced body's path is kept for a few seconds, and a
/// reset (the bodies start over) forgets it rather than joining old to new.
@Suite struct TrailsTests {
    @Test func aTracedBodysTrailGrowsAndAResetForgetsIt() throws {
        let world = try World(scene: sceneWithBodies(#"{"position": [100, 150], "velocity": [50, 0], "box": [10, 10], "mass": 1, "trace": true}"#))
        var trails = Trails()
        for _ in 0..<60 {
            try world.step()
            trails.update(DrawnWorld(world: world), alpha: 1)
        }
        let before = try #require(trails.paths.first)
        #expect(before.count > 10 && before.last!.point.x > before.first!.point.x, "\(before.count) points")
        try world.apply(.reset)
        try world.step()
        trails.update(DrawnWorld(world: world), alpha: 1)
        #expect(trails.paths.first?.count == 1, "after the reset the trail starts again: \(trails.paths)")
    }
}
