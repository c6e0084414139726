import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Timers (docs/scene-format.md 16.15): `world:after` and `world:every` call
/// a global function with the world and plain-data arguments at a later step,
/// before `step`, in due order (ties: the order made); `world:cancel` takes
/// one back; an exact state keeps them.
@Suite(.tags(.memory)) struct ScriptedTimerTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [200, 200], "script": "t.lua", "bodies": [{"id": "ball", "position": [100, 100], "shapes": [{"circle": 10}], "mass": 1}]}"#
    static let log = """
        state = {log = {}}
        function note(w, ...) local parts = {w:steps()} for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end state.log[#state.log + 1] = table.concat(parts, " ") end
        function step(w) w:say(table.concat(state.log, ",")) end
        """

    static func world(_ script: String) throws -> World {
        try World(scene: try decode(scene, file: "t.json", script: log + "\n" + script))
    }

    @Test func afterEveryAndCancelCallInDueOrderWithTheirArguments() throws {
        let world = try Self.world("""
            function peek(w, t) note(w, "k" .. t.k) end
            local t = {k = 1}
            world:after(2 / 120, "note", "a", nil, t)   -- made at the top level (step 0): due at step 2
            world:after(2 / 120, "peek", t)
            t.k = 2                                      -- the copies were made with the timers
            world:every(1 / 120, "note", "e")
            world:after(0.0001, "note", "soon")          -- rounds to one step, at least one
            state.cancel = world:after(3 / 120, "note", "never")
            world:after(2 / 120, "note", "b")            -- due with the first: made after it
            function step(w)
              if w:steps() == 1 then assert(w:cancel(state.cancel) == true and w:cancel(state.cancel) == false) end
              if w:steps() == 3 then w:cancel(3) end     -- the every timer's id
              w:say(table.concat(state.log, ","))
            end
            """)
        for _ in 0..<6 { try world.step() }
        #expect(world.scriptSays == "1 e,1 soon,2 a nil table,2 k1,2 e,2 b,3 e", "ties in the order made; cancelled at 3")
    }

    @Test func aTimerRefusesWhatItCannotCall() throws {
        func stop(_ call: String) throws -> String {
            let world = try Self.world("function step(w) \(call) end")
            do { try world.step() } catch { return "\(error)" }
            return ""
        }
        #expect(try stop(#"w:after(1, "nowhere")"#).contains("world:after: 'nowhere' is not a global function of the script"))
        #expect(try stop(#"w:every(0, "note")"#).contains("world:every: the seconds must be greater than 0 and at most 1e6"))
        #expect(try stop(#"w:after(0/0, "note")"#).contains("the seconds must be"))
        #expect(try stop(#"w:after(1, "note", print)"#).contains("args[1] is a function: a timer's arguments hold plain data"))
        #expect(try stop(#"for i = 1, 1025 do w:after(1, "note") end"#).contains("1024 timers wait already"))
        #expect(try stop(#"local t = {} for i = 1, 251 do t[i] = i end w:after(1, "note", table.unpack(t))"#).contains("world:after: at most 250 arguments"))
        #expect(try stop(#"local t = {} for i = 1, 250 do t[i] = i end w:after(1, "note", table.unpack(t))"#).isEmpty, "250 are allowed")
        #expect(try stop(#"local t = {} w:after(1, "note", t, t)"#).contains("args[2] is a table reached twice"), "one list: each table once among them")
        #expect(try stop(#"w:after(1 / 120, "boom") end function boom() error("late")"#).isEmpty, "made before the function it names exists: refused, not called")
    }

    @Test func aTimerMayCancelItselfAndMakeOthersWhileItRuns() throws {
        let world = try Self.world("""
            state.n = 0
            function tick(w, big)
              state.n = state.n + 1
              for i = 1, 20 do w:after(1, "note", big) end  -- the array of timers grows under the call
              if state.n == 3 then note(w, "cancelled", w:cancel(state.id)) end
            end
            state.id = world:every(1 / 120, "tick", {string.rep("x", 1000), {1, 2, 3}})
            """)
        for _ in 0..<6 { try world.step() }
        #expect(world.scriptSays == "3 cancelled true", "\(world.scriptSays ?? "")")
    }

    @Test func anErrorInATimerStopsTheWorldAtItsStep() throws {
        let world = try Self.world("function boom(w, why) error(why) end world:after(3 / 120, 'boom', 'timed out')")
        try world.step()
        try world.step()
        try world.step()
        #expect(throws: SimulationError.script("t.lua:4: timed out (step 3)")) { try world.step() }
    }

    @Test func anExactStateKeepsTheTimersWaiting() throws {
        let world = try Self.world("""
            world:every(5 / 120, "note", {n = 1})
            function step(w)
              if w:steps() == 7 then w:after(4 / 120, "note", "late", 2.5) end
              w:say(table.concat(state.log, ","))
            end
            """)
        for _ in 0..<9 { try world.step() }
        let bytes = try world.snapshot()
        let back = try World(scene: world.scene, snapshot: bytes)
        for _ in 0..<20 {
            try world.step()
            try back.step()
        }
        #expect(back.scriptSays == world.scriptSays && back.stateHash == world.stateHash)
        #expect(world.scriptSays == "5 table,10 table,11 late 2.5,15 table,20 table,25 table")
        // A script that never made a timer writes the state it wrote before timers were.
        let plain = try World(scene: try decode(Self.scene, file: "t.json", script: Self.log))
        try plain.step()
        let before = try plain.snapshot()
        let again = try World(scene: plain.scene, snapshot: before)
        #expect(try again.snapshot() == before)
    }
}
