import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Waking a sleeping body inside Chipmunk's step broke its contact graph (an
/// assertion the reference found): such a setter is refused, by name (16.7).
@Suite(.tags(.memory)) struct ScriptedWakeTests {
    @Test func aSleepingBodyIsNotWokenInsideTheStep() throws {
        let script = """
        state = {armed = false}
        world:onCollision("drop", "rest", {begin = function(arb)
          local drop, rest = arb:bodies()
          rest:setVelocity(0, 10)
          return true
        end})
        function step(world)
          local drop = world:body("drop")
          if world:steps() < 240 then drop:setPosition(100, 200) drop:setVelocity(0, 0) end
        end
        """
        let scripted = try Scene.decode(Array(#"""
        {"format": "cratebox/scene@1", "bounds": [400, 300], "sleepTime": 0.5, "script": "w.lua",
         "bodies": [{"id": "rest", "position": [100, 11], "shapes": [{"box": [20, 20], "collisionType": "rest"}], "mass": 1},
                    {"id": "drop", "position": [100, 200], "shapes": [{"circle": 8, "collisionType": "drop"}], "mass": 1}]}
        """#.utf8), file: "w.json") { _ in script }
        let world = try World(scene: scripted)
        var stopped: SimulationError?
        for _ in 0..<600 where stopped == nil {
            do { try world.step() } catch { stopped = error }
        }
        guard case .script(let message)? = stopped else { Issue.record("no stop: \(String(describing: stopped))"); return }
        #expect(message.contains("setVelocity: body 0 is asleep"), "\(message)")
    }
}
