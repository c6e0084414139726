import CrateboxGeometry
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// A script may put a body far out (positions within 1e30, the surface's
/// bound). What the world then does with its own numbers is not a script's
/// change, and is not held to a script's bounds: an animated body sent 1e29
/// points off its track is given the (finite) velocity back to it, and a knife
/// piece of a body spun at 1e30 keeps its speed, where the surface's checks
/// would have stopped the program (found in review, issue 49).
@Suite(.tags(.memory)) struct ScriptedFarTests {
    @Test func anAnimatedBodySentFarOffItsTrackComesBack() throws {
        let json = #"""
        {"format": "cratebox/scene@1", "bounds": [400, 300], "script": "far.lua",
         "bodies": [{"id": "bar", "type": "kinematic", "position": [200, 150], "box": [100, 10],
                     "animation": {"property": "position", "values": [[200, 150], [250, 150]], "keyTimes": [0, 1], "duration": 2}}]}
        """#
        let script = "function step(world) if world:steps() == 3 then world:body('bar'):setPosition(1e29, 0) end end"
        let world = try World(scene: try Scene.decode(Array(json.utf8), file: "far.json") { _ in script })
        try world.step(5)
        let bar = try #require(world.bodies[0])
        #expect(bar.velocity.x.isFinite && bar.velocity.x < -1e30, "the velocity back to the track: \(bar.velocity)")
    }

    @Test func aKnifePieceOfABodySpunFastKeepsItsSpeed() throws {
        let json = #"""
        {"format": "cratebox/scene@1", "bounds": [400, 300], "gravity": [0, 0], "script": "spin.lua",
         "bodies": [{"id": "plank", "position": [200, 150], "box": [200, 20], "mass": 1}]}
        """#
        let script = "function step(world) if world:steps() == 0 then world:body('plank'):setAngularVelocity(1e30) end end"
        let world = try World(scene: try Scene.decode(Array(json.utf8), file: "spin.json") { _ in script })
        try world.step()
        try world.apply(.slice(a: Vector(200, 0), b: Vector(200, 300)))  // through its centre, however it has turned
        let speeds = world.bodies.compactMap { $0?.velocity.length }
        #expect(speeds.count == 2 && speeds.allSatisfy { $0.isFinite && $0 > 1e30 }, "\(speeds)")
    }
}
