import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Rounds (docs/scene-format.md 16.9): `world:reset(keep)` resets as a reset
/// event does and gives `keep`, plain data, to the next build's top level as
/// the global `kept`; a reset event gives nothing; an exact state keeps it.
@Suite(.tags(.memory)) struct ScriptedKeptTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [200, 200], "script": "r.lua", "bodies": [{"id": "ball", "position": [100, 100], "shapes": [{"circle": 10}], "mass": 1}]}"#
    static let rounds = """
        local round = kept and kept.round + 1 or 1
        local best = kept and kept.best or 0
        state = {points = 0}
        function step(w)
          state.points = state.points + round
          w:say(string.format("round %d best %d points %d %s", round, best, state.points, kept and kept.tags[2] or "-"))
          if state.points >= 10 * round then w:reset({round = round, best = math.max(best, state.points), tags = {"a", "b" .. round}}) end
        end
        """

    static func world(_ script: String = rounds) throws -> World {
        try World(scene: try decode(scene, file: "r.json", script: script))
    }

    @Test func aRoundResetsWithItsScoreKept() throws {
        let world = try Self.world()
        for _ in 0..<9 { try world.step() }
        #expect(world.scriptSays == "round 1 best 0 points 9 -")
        try world.step()  // 10 points: the round ends with this step
        try world.step()
        #expect(world.scriptSays == "round 2 best 10 points 2 b1", "the script's reset gave kept to the next top level")
        for _ in 0..<8 { try world.step() }
        #expect(world.scriptSays == "round 2 best 10 points 18 b1")
        try world.step()
        try world.step()
        #expect(world.scriptSays == "round 3 best 20 points 3 b2")
        try world.apply(.reset)
        try world.step()
        #expect(world.scriptSays == "round 1 best 0 points 1 -", "a reset event starts afresh")
    }

    @Test func anExactStateKeepsWhatWasKeptAndOnlyThenIsVersionSix() throws {
        let world = try Self.world()
        let before = try world.snapshot()
        #expect(String(decoding: before.prefix(40), as: UTF8.self).contains("cratebox world 5"), "nothing kept: the bytes are as before")
        for _ in 0..<13 { try world.step() }
        let bytes = try world.snapshot()
        #expect(String(decoding: bytes.prefix(40), as: UTF8.self).contains("cratebox world 6"))
        let back = try World(scene: world.scene, snapshot: bytes)
        for _ in 0..<30 {
            try world.step()
            try back.step()
            #expect(back.scriptSays == world.scriptSays)
        }
        #expect(back.scriptSays == "round 5 best 40 points 15 b4" && back.stateHash == world.stateHash)
    }

    @Test func keepMustBePlainData() throws {
        let world = try Self.world("function step(w) w:reset({f = print}) end")
        #expect(throws: SimulationError.script("r.lua:1: keep.f is a function: world:reset's keep holds plain data (nil, booleans, numbers, strings, bodies and tables of them, each table once) (step 0)")) { try world.step() }
        let twice = try Self.world("function step(w) local t = {} w:reset({t, t}) end")
        #expect(throws: SimulationError.self) { try twice.step() }
        #expect(throws: SimulationError.self) { try Self.world("world:reset({})") }
    }
}
