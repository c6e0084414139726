import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// What the demos need of a script beyond 16.5 (docs/scene-format.md): the
/// pointer and a right click as journaled events, keys bound for the script
/// alone, a body's frame and arbiters, a shape's box and vertices.
@Suite(.tags(.memory)) struct ScriptedPointerTests {
    static let sceneText = #"""
    {"format": "cratebox/scene@1", "bounds": [400, 300], "script": "p.lua",
     "bodies": [{"id": "box", "position": [200, 10], "box": [40, 20], "mass": 2}],
     "controls": [{"key": "Up", "label": "jump"}]}
    """#

    static func world(_ script: String, scene text: String = sceneText) throws -> World {
        try World(scene: try Scene.decode(Array(text.utf8), file: "p.json") { _ in script })
    }

    /// The script says what it sees: the pointer, the click, the key.
    static let reporter = """
        function step(w)
          local x, y = w:pointer()
          w:say(string.format("%g %g %s %s", x, y, tostring(w:clicked()), tostring(w:isDown("Up"))))
        end
        """

    @Test func thePointerAClickAndAKeyReachTheScriptAsEvents() throws {
        let world = try Self.world(Self.reporter)
        try world.step()
        #expect(world.scriptSays == "0 0 false false", "before any event the pointer is at (0, 0)")
        try world.apply(.pointer(x: 12.5, y: -3))
        try world.apply(.key(.key("Up"), down: true))
        try world.step()
        #expect(world.scriptSays == "12.5 -3 false true")
        try world.apply(.click(x: 40, y: 50))
        try world.step()
        #expect(world.scriptSays == "40 50 true true", "a click is seen in the step right after it")
        try world.step()
        #expect(world.scriptSays == "40 50 false true", "and only in that step")
        try world.apply(.reset)
        try world.step()
        #expect(world.scriptSays == "40 50 false true", "a reset keeps the pointer and the keys")
        #expect(throws: WorldError.self) { try world.apply(.pointer(x: .nan, y: 0)) }
        #expect(throws: WorldError.self) { try world.apply(.click(x: 0, y: 2e6)) }
    }

    @Test func withoutAScriptThePointerIsRefusedAndAKeyNeedsAnAction() throws {
        let plain = try World(scene: try Scene.decode(Array(#"{"format": "cratebox/scene@1", "bounds": [100, 100]}"#.utf8), file: "q.json"))
        #expect(throws: WorldError.self) { try plain.apply(.pointer(x: 1, y: 1) ) }
        #expect(throws: WorldError.self) { try plain.apply(.click(x: 1, y: 1)) }
        let unscripted = Self.sceneText.replacingOccurrences(of: #""script": "p.lua","#, with: "")
        #expect(throws: SceneErrors.self) { try Scene.decode(Array(unscripted.utf8), file: "u.json") }
    }

    @Test func theJournalCarriesThePointerAndTheExactStateKeepsIt() throws {
        let scene = try Scene.decode(Array(Self.sceneText.utf8), file: "p.json") { _ in Self.reporter }
        let session = try Session(LoadedScene(scene: scene, text: Self.sceneText, fileName: "p.json"))
        try session.step(30)
        try session.apply(.pointer(x: 7, y: 8))
        try session.step(30)
        try session.apply(.click(x: -1, y: 2))
        try session.step(60)
        let text = session.journalText
        #expect(text.contains(#""event":"pointer","x":7.0,"y":8.0"#) && text.contains(#""event":"click","x":-1.0,"y":2.0"#))
        let journal = try Journal.parse(Array(text.utf8), file: "p.jsonl")
        let outcome = try Replay(journal: journal, file: "p.jsonl").verify()
        #expect(outcome == .verified(steps: 120, checkpoints: 1, hash: session.world.stateHash, truncated: false))
        // An exact state holds the pointer: read back, the script sees it where it was.
        let bytes = try session.world.snapshot()
        let back = try World(scene: session.world.scene, snapshot: bytes)
        #expect(back.pointer == Vector(-1, 2))
        try back.step()
        #expect(back.scriptSays == "-1 2 false false")
    }

    @Test func aBodysFrameArbitersAndShapesAreChipmunks() throws {
        let world = try Self.world("""
            local box = world:body("box")
            local shape = box:shapes()[1]
            local v = shape:vertices()
            local l, b, r, t = shape:bb()
            report = string.format("%d (%g %g) (%g %g) %g %g %g %g", #v, v[1][1], v[1][2], v[3][1], v[3][2], l, b, r, t)
            function step(w)
              local n, ny = 0, 0
              box:eachArbiter(function(arb)
                n = n + 1
                local a = arb:bodies()
                assert(a == box, "the body comes first")
                local _, y = arb:normal()
                ny = y
              end)
              local x, y = box:localToWorld(10, 5)
              local lx, ly = box:worldToLocal(x, y)
              local px, py = box:position()
              local vx, vy = box:velocity()
              local cx, cy = box:velocityAt(px, py)
              local rx, ry = box:rotation()
              local gx, gy = w:gravity()
              w:say(string.format("%s|%d %g|%.9f %.9f|%s|%.9f|%g %g", report, n, ny, lx, ly, tostring(cx == vx and cy == vy), rx * rx + ry * ry, gx, gy))
              if w:steps() == 100 then box:applyImpulse(0, 500, px + 20, py) end
            end
            """)
        try world.step(60)
        let parts = try #require(world.scriptSays).split(separator: "|").map(String.init)
        #expect(parts[0] == "4 (20 -10) (-20 10) 180 0 220 20", "a box's vertices and bounding box")
        #expect(parts[1] == "1 -1", "resting on the floor: one arbiter, its normal pointing from the box down to the floor")
        #expect(parts[2] == "10.000000000 5.000000000" && parts[3] == "true" && parts[4] == "1.000000000" && parts[5] == "0 -1000")
        let spinBefore = try #require(world.bodies[0]).body.angularVelocity
        try world.step(41)
        #expect(try #require(world.bodies[0]).body.angularVelocity > spinBefore + 1, "an impulse off the centre turns the box")
    }

    /// An arbiter value is its own call's: refused once that call returned
    /// (kept from an inner walk, or from an earlier step), its own arbiter while it runs.
    @Test func anArbiterIsGoodInsideItsOwnCallOnly() throws {
        let world = try Self.world("""
            local box = world:body("box")
            state = {kept = 0, refused = 0}
            function step(w)
              box:eachArbiter(function(outer)
                local inner
                box:eachArbiter(function(a) inner = a end)
                local ok = pcall(function() return inner:count() end)
                if not ok then state.refused = state.refused + 1 end
                assert(outer:count() >= 1, "the outer one still names its own")
                state.kept = state.kept + 1
              end)
            end
            """)
        try world.step(30)
        let vm = try #require(world.script?.vm)
        try vm.run("assert(state.kept > 10 and state.refused == state.kept, state.kept .. ' ' .. state.refused)", name: "check.lua")
    }

    @Test func aWalkOverArbitersRefusesARemovalAndRaisesItsErrors() throws {
        let remover = try Self.world("""
            function step(w) world:body("box"):eachArbiter(function(arb) world:remove(world:body("box")) end) end
            """)
        #expect(throws: SimulationError.self) { try remover.step(60) }
        #expect(remover.bodies[0] != nil, "the body is still there")
        let thrower = try Self.world("""
            function step(w) world:body("box"):eachArbiter(function(arb) error("inside") end) end
            """)
        do {
            try thrower.step(60)
            Issue.record("the error inside the walk stops the world")
        } catch {
            #expect("\(error)".contains("p.lua:1: inside"), "\(error)")
        }
    }

    /// Scenes/factory.json's chute and pit run for 100 simulated seconds without
    /// growing: what is made is destroyed, and the live crates stay under the chute's cap.
    @Test func theFactoryRunsLongWithoutGrowing() throws {
        let scene = try Loader.scene(packageRoot.appendingPathComponent("Scenes/factory.json").path).scene
        let world = try World(scene: scene)
        var most = 0
        for _ in 0..<60 {
            try world.step(200)
            most = max(most, world.liveBodyCount)
        }
        let said = try #require(world.scriptSays)
        func figure(_ label: String) -> Int { Int(said.components(separatedBy: label).dropFirst().first?.prefix { $0.isNumber } ?? "") ?? -1 }
        #expect(figure("Made: ") >= 90 && figure("Made: ") - figure("Destroyed: ") <= 30, "\(said)")
        #expect(most <= scene.bodies.count + 30, "at most \(most) bodies, \(scene.bodies.count) of them the scene's")
    }
}
