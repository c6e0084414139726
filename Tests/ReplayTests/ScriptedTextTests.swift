import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Text and looks (docs/scene-format.md 16.17): `world:text` labels and
/// `body:setLook`, drawing only, kept by the exact state (version 7).
@Suite(.tags(.memory)) struct ScriptedTextTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [300, 300], "script": "t.lua", "bodies": [{"id": "ball", "position": [150, 200], "shapes": [{"circle": 10, "collisionType": "ball"}], "mass": 1}, {"id": "box", "position": [60, 40], "box": [40, 40], "mass": 2}, {"id": "pad", "type": "static", "position": [150, 100], "shapes": [{"box": [200, 10], "collisionType": "pad"}]}]}"#

    static func world(_ script: String) throws -> World {
        try World(scene: try decode(scene, file: "t.json", script: script))
    }

    @Test func labelsShowChangeInPlaceAndGo() throws {
        let world = try Self.world("""
            world:text("a", "one")
            world:text("b", "two\\nlines", {x = 5, y = -6, screen = true, size = 30, color = "#A0b1C2", align = "right"})
            function step(w)
              if w:steps() == 1 then w:text("a", "changed", {align = "center"}) end
              if w:steps() == 2 then w:text("a") w:text("nothing shown") end
            end
            """)
        #expect(world.labels == [WorldLabel(id: "a", text: "one", x: 0, y: 0, screen: false, size: 16, color: 0xFFFFFF, align: 0),
                                 WorldLabel(id: "b", text: "two\nlines", x: 5, y: -6, screen: true, size: 30, color: 0xA0B1C2, align: 2)])
        try world.step()
        try world.step()
        #expect(world.labels.map(\.id) == ["a", "b"] && world.labels[0].text == "changed" && world.labels[0].align == 1,
                "a change keeps the label's place and takes every option afresh")
        try world.step()
        #expect(world.labels.map(\.id) == ["b"])
        try world.apply(.reset)
        #expect(world.labels.map(\.id) == ["a", "b"], "a reset starts with the labels its top level shows")
    }

    @Test func aRefusalStopsTheWorldWithTheDocumentsWords() throws {
        let cases = [
            (#"w:text("s", "x", {size = 3})"#, "world:text: size must be a number from 4 to 200"),
            (##"w:text("s", "x", {colour = "#fff", align = "up"})"##, "world:text: 'colour' is not an option (x, y, screen, size, color, align)"),
            (#"w:text("s", "x", {align = "up"})"#, #"world:text: align must be "left", "center" or "right""#),
            (#"w:text("s", "\xff")"#, "world:text: the text is not UTF-8"),
            (#"w:text(1, "x")"#, "world:text: the id must be a string of 1 to 64 bytes of UTF-8"),
            (#"for i = 1, 257 do w:text("l" .. i, "x") end"#, "world:text: 256 labels are shown already; remove some"),
            (#"w:body("ball"):setLook("wood")"#, ##"setLook: the look must be "crate", "ball", "plain" or a colour "#rrggbb", got "wood""##),
        ]
        for (call, words) in cases {
            let world = try Self.world("function step(w) \(call) end")
            #expect(throws: SimulationError.script("t.lua:1: \(words) (step 0)"), "\(call)") { try world.step() }
        }
    }

    @Test func aCollisionHandlerFlashesABodyInsideTheStep() throws {
        let world = try Self.world("""
            world:onCollision("ball", "pad", {begin = function(arb)
              local ball, pad = arb:bodies()
              pad:setLook("#FFEE00")
              world:say(pad:look() .. " " .. world:body("box"):look() .. " " .. ball:look())
              return true
            end})
            """)
        let pad = try #require(world.bodies.firstIndex { $0?.id == "pad" })
        #expect(world.look(of: pad) == .crate)
        let revision = world.looksRevision
        for _ in 0..<120 where world.scriptSays == nil { try world.step() }
        #expect(world.scriptSays == "#ffee00 crate plain", "a look is read back as the format writes it")
        #expect(world.look(of: pad) == .color(0xFFEE00) && world.looksRevision != revision)
        #expect(SavedScene.of(world).bodies[pad].look == .color(0xFFEE00), "a world saved as a scene keeps the look drawn")
        // Bodies bound anew (a spawn) keep the looks the script set.
        try world.apply(.spawn(x: 250, y: 250))
        try world.step()
        #expect(world.look(of: pad) == .color(0xFFEE00))
    }

    @Test func aPieceTakesTheLookItsBodyWasDrawnWith() throws {
        let world = try Self.world(##"world:body("box"):setLook("#102030")"##)
        let box = try #require(world.bodies.firstIndex { $0?.id == "box" })
        try world.apply(.slice(a: Vector(60, 0), b: Vector(60, 100)))
        #expect(world.bodies[box] == nil)
        let pieces = world.bodies.indices.filter { $0 > box && world.bodies[$0] != nil && world.bodies[$0]?.id == nil }
        #expect(pieces.count == 2 && pieces.allSatisfy { world.look(of: $0) == .color(0x102030) })
    }

    @Test func anExactStateKeepsLabelsAndLooksAndOnlyThenIsVersionSeven() throws {
        let script = """
            local round = kept and kept.round or 1
            function step(w)
              local n = w:steps()
              if n == 3 or n == 9 then w:text("score", "round " .. round, {x = 10, y = 20, size = 12, color = "#00ff00"}) w:body("box"):setLook("ball") end
              if n == 6 and round == 1 then w:reset({round = 2}) end
              w:say(w:body("box"):look() .. " " .. round)
            end
            """
        let world = try Self.world(script)
        #expect(String(decoding: try world.snapshot().prefix(40), as: UTF8.self).contains("cratebox world 5"), "none shown: the bytes are as before")
        for _ in 0..<4 { try world.step() }
        let bytes = try world.snapshot()
        #expect(String(decoding: bytes.prefix(40), as: UTF8.self).contains("cratebox world 7"))
        let back = try World(scene: world.scene, snapshot: bytes)
        let box = try #require(world.bodies.firstIndex { $0?.id == "box" })
        #expect(back.labels == world.labels && back.look(of: box) == .ball && back.labels.first?.text == "round 1")
        for _ in 0..<4 {
            try world.step()
            try back.step()
        }
        #expect(world.scriptSays == "crate 2" && back.scriptSays == world.scriptSays, "the round reset: the look is the scene's again")
        #expect(back.labels.isEmpty)
        for _ in 0..<2 {
            try world.step()
            try back.step()
        }
        // Kept and labels together (shown again at step 9).
        let both = try world.snapshot()
        let again = try World(scene: world.scene, snapshot: both)
        try again.step()
        try world.step()
        #expect(again.scriptSays == "ball 2" && again.labels.first?.text == "round 2" && again.stateHash == world.stateHash)
    }

    @Test func aStateReadBackShowsWhatItSaysNotWhatTheTopLevelDid() throws {
        let world = try Self.world("""
            world:text("hello", "from the top level")
            world:body("box"):setLook("#ff0000")
            function step(w)
              if w:steps() == 1 then w:text("hello") w:text("later", "x") w:body("box"):setLook("crate") end
            end
            """)
        try world.step(3)
        let box = try #require(world.bodies.firstIndex { $0?.id == "box" })
        #expect(world.labels.map(\.id) == ["later"] && world.look(of: box) == .crate)
        let back = try World(scene: world.scene, snapshot: try world.snapshot())
        #expect(back.labels.map(\.id) == ["later"], "the top level's label, removed since, stays removed")
        #expect(back.look(of: box) == .crate, "a look set back to the scene's stays the scene's")
    }
}
