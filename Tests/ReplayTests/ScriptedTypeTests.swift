import CChipmunk
import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// `body:setType` (docs/scene-format.md 16.5.1): a body's type changes between
/// steps by Chipmunk's rules, its refusals in the documents' order change
/// nothing, the hash covers what is dynamic now, and an exact state reads back
/// with the types set (state-format.md) but not with a joint left unsolvable.
@Suite(.tags(.memory)) struct ScriptedTypeTests {
    /// A floor (static), a crate on it, a shelf (static) in the air, a kinematic paddle, and
    /// a crate pinned to the shelf; a thruster drives the last.
    static let scene = #"""
        {"format": "cratebox/scene@1", "bounds": [400, 400], "gravity": [0, -100], "script": "t.lua",
         "bodies": [{"id": "floor", "type": "static", "position": [200, 10], "box": [380, 20]},
                    {"id": "crate", "position": [100, 40], "box": [30, 30], "mass": 2},
                    {"id": "shelf", "type": "static", "position": [300, 200], "box": [60, 10]},
                    {"id": "paddle", "type": "kinematic", "position": [60, 300], "box": [40, 10]},
                    {"id": "hung", "position": [300, 150], "box": [20, 20], "mass": 1},
                    {"id": "rocket", "position": [200, 300], "box": [10, 30], "mass": 1}],
         "joints": [{"type": "pin", "a": "shelf", "b": "hung", "anchorA": [0, 0], "anchorB": [0, 0]}],
         "controls": [{"key": "W", "body": "rocket", "force": [0, 50]}]}
        """#

    static func world(_ script: String) throws -> World {
        try World(scene: try decode(scene, file: "t.json", script: script))
    }

    @Test func aStaticShelfFallsAndADynamicCrateStops() throws {
        let world = try Self.world("""
            function step(w)
              if w:steps() == 10 then
                w:body("shelf"):setType("dynamic", 3, 900)
                w:body("crate"):setType("static")
              end
            end
            """)
        let before = world.stateHash
        try world.step(10)
        let shelfAt = try #require(world.bodies[2]).body.position
        try world.step(60)
        let shelf = try #require(world.bodies[2]), crate = try #require(world.bodies[1])
        #expect(shelf.kind == .dynamic && shelf.body.mass == 3 && shelf.body.moment == 900)
        #expect(shelf.body.position.y < shelfAt.y - 10, "the shelf falls: \(shelf.body.position)")
        #expect(crate.kind == .static && crate.body.velocity == .zero && crate.body.mass == .infinity)
        #expect(before != world.stateHash)
        // The hash covers the bodies that are dynamic now: the shelf, not the crate.
        var hash = StateHash()
        for index in [2, 4, 5] {
            let b = try #require(world.bodies[index]).body
            for x in [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity] { hash.add(x) }
        }
        #expect(world.stateHash == hash.value)
    }

    @Test func backToDynamicTakesTheShapesMassAndTheSameCentre() throws {
        let world = try Self.world("""
            function step(w)
              local n = w:steps()
              local c = w:body("crate")
              if n == 1 then c:setMass(7) c:setType("kinematic") end
              if n == 2 then c:setType("dynamic") end
            end
            """)
        try world.step(3)
        let crate = try #require(world.bodies[1]).body
        #expect(crate.kind == .dynamic && crate.mass == 2, "the shapes' mass, not setMass's: \(crate.mass)")
    }

    @Test func refusalsComeInTheDocumentsOrderAndChangeNothing() throws {
        let cases: [(String, String)] = [
            ("w:body('crate'):setType('wobbly')", #"setType: the type must be "dynamic", "kinematic" or "static""#),
            ("w:body('crate'):setType(5)", #"setType: the type must be "dynamic", "kinematic" or "static""#),
            (#"w:body('crate'):setType('static\0x')"#, #"setType: the type must be "dynamic", "kinematic" or "static""#),
            ("w:body('crate'):setType('dynamic', 1)", "bad argument #3 to 'setType' (number expected, got no value)"),
            ("w:body('rocket'):setType('static')", "setType: body 5 is driven by a thruster of the scene's controls, which keeps its type"),
            ("w:body('crate'):setType('static', 1, 1)", #"setType: a mass and a moment are for "dynamic" only"#),
            ("w:body('shelf'):setType('dynamic', 0, 1)", "setType: the mass must be from 1e-06 to 1e+12"),
            ("w:body('shelf'):setType('dynamic', 1, 1/0)", "setType: the moment must be from 1e-06 to 1e+30"),
            ("w:body('shelf'):setType('dynamic')",
             #"setType: body 2's shapes give it no mass or no moment: give both, setType("dynamic", mass, moment)"#),
            ("w:body('hung'):setType('kinematic')",
             "setType: joint 0 would have no dynamic end (or, turning, no end that turns), which Chipmunk cannot solve"),
        ]
        for (call, words) in cases {
            let world = try Self.world("function step(w) \(call) end")
            #expect(throws: SimulationError.script("t.lua:1: \(words) (step 0)"), "\(call)") { try world.step() }
            let kinds = world.bodies.map { $0?.kind }
            #expect(kinds == [.static, .dynamic, .static, .kinematic, .dynamic, .dynamic], "\(call)")
        }
        // The same type: nothing changes, and it is no error.
        let same = try Self.world("function step(w) w:body('crate'):setType('dynamic') w:body('floor'):setType('static') end")
        try same.step(2)
        // A body with a velocity function stays dynamic (Chipmunk would call it on a kinematic one).
        let floating = Self.scene.replacingOccurrences(of: #""mass": 2}"#, with: #""mass": 2, "velocityFunction": "v"}"#)
        let kept = try World(scene: try decode(floating, file: "t.json", script: """
            function v(b, gx, gy, d, dt) b:updateVelocity(gx, gy, d, dt) end
            function step(w) w:body("crate"):setType("kinematic") end
            """))
        #expect(throws: SimulationError.script("t.lua:2: setType: body 1 has a velocityFunction, which is for dynamic bodies only (step 0)")) {
            try kept.step()
        }
        // Inside Chipmunk's step (a velocity function), as world:remove.
        let text = Self.scene.replacingOccurrences(of: #""mass": 2}"#, with: #""mass": 2, "velocityFunction": "v"}"#)
        let inStep = try World(scene: try decode(text, file: "t.json", script: #"function v(b, gx, gy, d, dt) b:setType("static") end"#))
        #expect(throws: SimulationError.script("t.lua:1: setType: Chipmunk is stepping (this is a callback inside its step): do it in world:afterStep(function() ... end) (step 0)")) {
            try inStep.step()
        }
    }

    /// Chipmunk's work on a body of many shapes counts against the budget (16.3), so a loop that
    /// turns one back and forth stops in the step's instructions, not after millions of reindexings.
    @Test func turningABigBodyIsChargedItsShapes() throws {
        let shapes = (0..<1000).map { #"{"circle": 2, "offset": [\#($0 % 40 * 5), \#($0 / 40 * 5)]}"# }.joined(separator: ", ")
        let text = #"{"format": "cratebox/scene@1", "bounds": [400, 400], "script": "t.lua", "bodies": [{"id": "big", "type": "static", "position": [100, 100], "shapes": ["# + shapes + "]}]}"
        let script = #"function step(w) local b = w:body("big") while true do b:setType("dynamic", 1, 1) b:setType("static") end end"#
        let world = try World(scene: try decode(text, file: "t.json", script: script))
        do {
            try world.step()
            Issue.record("the loop ended")
        } catch {
            #expect("\(error)".contains("(counting the work its library calls do)"), "\(error)")
        }
    }

    /// Sleeping bodies (16.5.1): a crate asleep turned static or kinematic is woken first (its
    /// shapes leave the static index as Chipmunk expects), and a pendulum asleep on a static
    /// shelf's pin wakes with the shelf and stays joined: the shelf made kinematic and moved
    /// carries it, and an exact state of it reads back.
    @Test func sleepingBodiesAreWokenAroundAChange() throws {
        let text = #"""
            {"format": "cratebox/scene@1", "bounds": [400, 400], "gravity": [0, -100], "sleepTime": 0.5, "script": "t.lua",
             "bodies": [{"id": "a", "position": [60, 20], "box": [20, 20], "mass": 1},
                        {"id": "b", "position": [120, 20], "box": [20, 20], "mass": 1},
                        {"id": "shelf", "type": "static", "position": [300, 300], "box": [60, 10]},
                        {"id": "bob", "position": [300, 250], "box": [10, 10], "mass": 1}],
             "joints": [{"type": "pin", "a": "shelf", "b": "bob", "anchorA": [0, 0], "anchorB": [0, 0]}]}
            """#
        for (first, then) in [("static", "kinematic"), ("kinematic", "static")] {
            let world = try World(scene: try decode(text, file: "t.json", script: """
                function step(w)
                  local n = w:steps()
                  if n == 1 then assert(not w:body("bob"):isSleeping()) end
                  if n == 300 then
                    assert(w:body("a"):isSleeping() and w:body("bob"):isSleeping(), "asleep by now")
                    w:body("a"):setType("\(first)")
                    w:body("b"):setType("\(then)")
                    w:body("shelf"):setType("kinematic")
                    w:body("shelf"):setVelocity(50, 0)
                  end
                end
                """))
            try world.step(360)
            let bob = try #require(world.bodies[3]).body, shelf = try #require(world.bodies[2]).body
            #expect(!bob.isSleeping && shelf.position.x > 320, "\(first): the shelf moves: \(shelf.position)")
            let d = bob.position - shelf.position
            #expect(abs((d.x * d.x + d.y * d.y).squareRoot() - 50) < 1, "the pin holds the pendulum: \(bob.position) \(shelf.position)")
            let back = try World(scene: world.scene, snapshot: try world.snapshot())
            try world.step(30)
            try back.step(30)
            #expect(back.stateHash == world.stateHash)
        }
    }

    /// A static shelf, a wheel, and an axle that never turns (its moment infinite).
    static let shelfWheelAndAxle = #"""
        {"format": "cratebox/scene@1", "bounds": [400, 400], "script": "t.lua",
         "bodies": [{"id": "shelf", "type": "static", "position": [100, 100], "box": [60, 10]},
                    {"id": "wheel", "position": [200, 100], "box": [20, 20], "mass": 1},
                    {"id": "axle", "position": [300, 100], "box": [20, 20], "mass": 1, "moment": "infinite"}]}
        """#

    /// world:addJoint reads its bodies as they are now (16.11): a scene-static body made dynamic
    /// may be pinned to the world, and a gear to a body that never turns needs an end that turns now.
    @Test func aJointIsCheckedAgainstTheTypesNow() throws {
        let text = Self.shelfWheelAndAxle
        let pinned = try World(scene: try decode(text, file: "t.json", script: """
            world:body("shelf"):setType("dynamic", 2, 100)
            world:addJoint{type = "pivot", a = "world", b = world:body("shelf"), anchor = {100, 100}}
            """))
        try pinned.step(10)
        #expect(pinned.joints.count == 1)
        let gear = try World(scene: try decode(text, file: "t.json", script: """
            function step(w)
              w:body("wheel"):setType("static")
              w:addJoint{type = "gear", a = w:body("wheel"), b = w:body("axle"), phase = 0, ratio = 1}
            end
            """))
        #expect(throws: SimulationError.self) { try gear.step() }
        #expect(gear.joints.isEmpty)
    }

    @Test func aGrabLetsGoOfABodyThatStopsBeingDynamic() throws {
        let world = try Self.world("""
            function step(w) if w:steps() == 5 then w:body("crate"):setType("static") end end
            """)
        try world.apply(.grab(body: 1, x: 100, y: 40))
        try world.step(3)
        #expect(world.grabbedBody == 1)
        try world.step(5)
        #expect(world.grabbedBody == nil && world.bodies[1]?.kind == .static)
        try world.step(5)
    }

    @Test func anExactStateKeepsTheTypesSet() throws {
        let world = try Self.world("""
            function step(w)
              local n = w:steps()
              if n == 3 then w:body("shelf"):setType("dynamic", 3, 900) w:body("paddle"):setType("dynamic", 1, 50) end
              if n == 6 then w:body("crate"):setType("static") w:body("floor"):setType("kinematic") end
            end
            """)
        try world.step(8)
        let bytes = try world.snapshot()
        let back = try World(scene: world.scene, snapshot: bytes)
        #expect(back.bodies.map { $0?.kind } == [.kinematic, .static, .dynamic, .dynamic, .dynamic, .dynamic])
        try world.step(30)
        try back.step(30)
        let (mine, theirs) = (try world.snapshot(), try back.snapshot())
        #expect(back.stateHash == world.stateHash && mine == theirs)
    }
}

/// What an exact state may say of types (state-format.md): a type a script could set, and no
/// other. Each state here is made by changing a type with Chipmunk's own call, past the checks
/// body:setType makes, as a stranger's state could.
@Suite(.tags(.memory)) struct ScriptedTypeStateTests {
    /// Writes a state of `world` after `change` ran on it, and reads it back into `scene`.
    static func readBack(_ world: World, into scene: Scene, _ change: (World) -> Void) throws -> World {
        change(world)
        return try World(scene: scene, snapshot: try world.snapshot())
    }

    static func setType(_ world: World, _ index: Int, _ type: cpBodyType) {
        cpBodySetType(world.bodies[index]!.body.chipmunkBody, type)
    }

    static func refusal(_ world: World, into scene: Scene, _ change: (World) -> Void) -> String {
        do {
            _ = try readBack(world, into: scene, change)
            return "read back"
        } catch {
            return "\(error)"
        }
    }

    @Test func aTypeOnlyAScriptCouldSetIsTakenOnlyWithAScript() throws {
        let scripted = try ScriptedTypeTests.world("function step(w) end")
        let back = try Self.readBack(scripted, into: scripted.scene) { Self.setType($0, 1, CP_BODY_TYPE_STATIC) }
        #expect(back.bodies[1]?.kind == .static)
        // Without a script nothing sets a type.
        var plainScene = scripted.scene
        plainScene.script = nil
        plainScene.controls = []
        let plain = try World(scene: plainScene)
        #expect(Self.refusal(plain, into: plainScene) { Self.setType($0, 1, CP_BODY_TYPE_STATIC) }
            .contains("body 1's kind, mass, moment or centre of gravity is not the one its scene entry gives"))
        // A body a thruster drives keeps its type.
        let driven = try ScriptedTypeTests.world("function step(w) end")
        #expect(Self.refusal(driven, into: driven.scene) { Self.setType($0, 5, CP_BODY_TYPE_STATIC) }
            .contains("body 5's kind, mass, moment or centre of gravity is not the one its scene entry gives"))
    }

    /// A joint world:addJoint made against a body's type and moment now reads back from a state
    /// by the same rules: a scene-static shelf made dynamic and pinned to the world, and a gear
    /// on a body whose infinite moment a script made finite.
    @Test func aJointMadeAgainstTheTypesNowReadsBack() throws {
        let text = ScriptedTypeTests.shelfWheelAndAxle
        let world = try World(scene: try decode(text, file: "t.json", script: """
            world:body("shelf"):setType("dynamic", 2, 100)
            world:addJoint{type = "pivot", a = "world", b = world:body("shelf"), anchor = {100, 100}}
            world:body("axle"):setMoment(50)
            world:body("wheel"):setType("static")
            world:addJoint{type = "gear", a = world:body("wheel"), b = world:body("axle"), phase = 0, ratio = 1}
            """))
        try world.step(5)
        let back = try World(scene: world.scene, snapshot: try world.snapshot())
        try world.step(20)
        try back.step(20)
        #expect(back.joints.count == 2 && back.stateHash == world.stateHash)
    }

    @Test func aJointLeftWithoutADynamicEndIsRefused() throws {
        // The pin holds the static shelf and "hung": Chipmunk's reader refuses it (no dynamic body).
        let world = try ScriptedTypeTests.world("function step(w) end")
        let said = Self.refusal(world, into: world.scene) { Self.setType($0, 4, CP_BODY_TYPE_KINEMATIC) }
        #expect(said.contains("joint 0 holds no dynamic body"), "\(said)")
        // A motor between a body that never turns and one made static: the world's own check.
        let text = #"""
            {"format": "cratebox/scene@1", "bounds": [400, 400], "script": "t.lua",
             "bodies": [{"id": "spinner", "position": [100, 100], "box": [20, 20], "mass": 1, "moment": "infinite"},
                        {"id": "wheel", "position": [200, 100], "box": [20, 20], "mass": 1}],
             "joints": [{"type": "motor", "a": "spinner", "b": "wheel", "rate": 1}]}
            """#
        let turning = try World(scene: try decode(text, file: "t.json", script: "function step(w) end"))
        let refused = Self.refusal(turning, into: turning.scene) { Self.setType($0, 1, CP_BODY_TYPE_STATIC) }
        #expect(refused.contains("joint 0 of the space has no dynamic end (or, turning, no end that turns)"), "\(refused)")
        // And body:setType refuses to make it.
        let scripted = try World(scene: try decode(text, file: "t.json", script: "function step(w) w:body('wheel'):setType('static') end"))
        #expect(throws: SimulationError.script("t.lua:1: setType: joint 0 would have no dynamic end (or, turning, no end that turns), which Chipmunk cannot solve (step 0)")) {
            try scripted.step()
        }
    }
}
