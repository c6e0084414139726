import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// A shape's collision type, filter, friction and elasticity set by a script
/// by their own names (docs/scene-format.md 16.12).
@Suite(.tags(.memory)) struct ScriptedShapeSetterTests {
    static let scene = #"""
    {"format": "cratebox/scene@1", "bounds": [400, 400], "script": "s.lua",
     "bodies": [{"id": "floor", "type": "static", "position": [200, 20], "shapes": [{"box": [300, 20], "collisionType": "floor"}]},
                {"id": "plank", "type": "static", "position": [200, 200], "shapes": [{"segment": [[-50, 0], [50, 0]], "radius": 3, "oneWay": [0, 1]}]},
                {"id": "ball", "position": [100, 120], "shapes": [{"circle": 10}], "mass": 1}]}
    """#

    @Test func aTypeSetMakesItsHandlerActAndAFilterLetsItFallThrough() throws {
        let world = try World(scene: try decode(Self.scene, file: "s.json", script: """
            state = {hits = 0}
            world:onCollision("ball", "floor", {begin = function() state.hits = state.hits + 1 return true end})
            local ball = world:body("ball"):shapes()[1]
            ball:setCollisionType("ball")
            ball:setFriction(0.25) ball:setElasticity(0)
            local plank = world:body("plank"):shapes()[1]
            local ok, why = pcall(plank.setCollisionType, plank, "ball")
            state.why = why
            function step(w)
              local g, c, m = ball:filter()
              w:say(string.format("%d %s %d %d %d %g %g", state.hits, state.why, g, c, m, ball:friction(), ball:elasticity()))
              if w:steps() == 200 then ball:setFilter(0, 1, 2) end  -- the floor's categories are all, its mask all: 1 & all, all & 2: meet; mask 2 vs categories all: meet
            end
            """))
        for _ in 0..<120 { try world.step() }
        #expect(world.scriptSays == "1 setCollisionType: a one-way platform's shape keeps cratebox's type 0 4294967295 4294967295 0.25 0", "\(world.scriptSays ?? "")")
        let fall = try World(scene: try decode(Self.scene, file: "s.json", script: """
            world:body("ball"):shapes()[1]:setFilter(0, 2, 2)
            world:body("floor"):shapes()[1]:setFilter(0, 1, 1)
            """))
        var lowest = Double.infinity
        for _ in 0..<240 {
            try fall.step()
            lowest = min(lowest, try #require(fall.bodies[2]).body.position.y)
        }
        #expect(lowest < 25, "categories that meet no mask: the ball falls through the floor (its top at 30) to the wall below, lowest \(lowest)")
        let back = try World(scene: fall.scene, snapshot: try fall.snapshot())
        try back.step()
        try fall.step()
        #expect(back.stateHash == fall.stateHash)
        let refused = try World(scene: try decode(Self.scene, file: "s.json", script: """
            local sh = world:body("ball"):shapes()[1]
            local a = select(2, pcall(sh.setFilter, sh, -1, 0, 0))
            local b = select(2, pcall(sh.setFilter, sh, 0, 2^32, 0))
            local c = select(2, pcall(sh.setCollisionType, sh, "*"))
            function step(w) w:say(w:steps() == 0 and table.concat({a, b}, "|") or c) end
            """))
        try refused.step()
        let filter = "setFilter: the group must be from 0 to 2147483647, the categories and the mask from 0 to 4294967295"
        #expect(refused.scriptSays == filter + "|" + filter)
        try refused.step()
        #expect(refused.scriptSays == "setCollisionType: a collision type is a name of 1 to 64 bytes")
    }

    /// An elasticity (or a contact's restitution) past 1 makes each contact add energy: a crate
    /// pinned to the floor it touches, both shapes at 1e30, reached infinity in seven steps and
    /// Chipmunk aborted. Refused past 1, as a scene's; the world goes on.
    @Test func anElasticityOrRestitutionPastOneIsRefused() throws {
        let pinned = #"""
            {"format": "cratebox/scene@1", "bounds": [400, 300], "gravity": [0, -100], "script": "s.lua",
             "bodies": [{"id": "ground", "type": "static", "position": [200, 50], "shapes": [{"box": [200, 20], "collisionType": "ground"}]},
                        {"id": "crate", "position": [200, 70], "box": [40, 40], "mass": 1, "angularVelocity": 1}],
             "joints": [{"type": "pivot", "a": "ground", "b": "crate", "anchor": [200, 70], "collide": true}]}
            """#
        let world = try World(scene: try decode(pinned, file: "s.json", script: """
            local said = {}
            for _, name in ipairs({"ground", "crate"}) do
              local sh = world:body(name):shapes()[1]
              said[#said + 1] = select(2, pcall(sh.setElasticity, sh, 1e30))
              said[#said + 1] = select(2, pcall(sh.elasticity, sh, 1.0000001))
              sh:setElasticity(1)
            end
            world:onCollision("ground", "*", {preSolve = function(arb)
              said[#said + 1] = select(2, pcall(arb.setRestitution, arb, 2))
              arb:setRestitution(1)
              return true
            end})
            function step(w) w:say(table.concat(said, "|", 1, math.min(#said, 5))) end
            """))
        try world.step(600)
        let elasticity = ["setElasticity: must be from 0 to 1", "elasticity: must be from 0 to 1"]
        #expect(world.scriptSays == (elasticity + elasticity + ["setRestitution: must be from 0 to 1"]).joined(separator: "|"))
        let crate = try #require(world.bodies[1]).body
        #expect(crate.angularVelocity.isFinite && abs(crate.angularVelocity) < 100, "\(crate.angularVelocity)")
    }
}
