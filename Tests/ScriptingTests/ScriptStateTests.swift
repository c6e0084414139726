import Scripting
import Testing
import TestSupport

/// What lasts between a script's steps (docs/scene-format.md 16.6): the
/// globals are fixed after the top level, `state` is written as canonical
/// bytes and read back, and anything else that changed is named rather than
/// lost from an exact state.
@Suite(.tags(.memory)) struct ScriptStateTests {
    /// A state that ran `text` as its top level and froze its globals.
    func started(_ text: String, name: String = "s.lua") throws -> ScriptVM {
        let vm = try ScriptVM()
        try vm.run(text, name: name)
        try vm.freeze()
        return vm
    }

    @Test func globalsAreFixedAfterTheTopLevelButState() throws {
        let vm = try started("n = 1\nfunction grow() n = n + 1 end\nfunction keep() state = {n = 2} end\nfunction fresh() made = true end")
        #expect(throws: ScriptError.self) { try vm.call("grow") }
        do { try vm.call("grow") } catch {
            #expect(error.message == "s.lua:2: the global 'n' is set after the top level ran: globals are fixed then, and what lasts between steps belongs in the global 'state' (section 16.6)")
        }
        #expect(throws: ScriptError.self) { try vm.call("fresh") }
        #expect(try vm.call("keep"))
        try vm.run("assert(state.n == 2 and n == 1)\nassert(getmetatable(_G) ~= nil)\nassert(not pcall(setmetatable, _G, nil))", name: "check.lua")
    }

    /// Every kind of plain value goes out and comes back the same: the bytes
    /// of the state read back are the bytes written.
    @Test func stateGoesOutAndComesBackToTheBit() throws {
        let script = """
        function fill()
          state = {n = 3, f = 0.1, z = -0.0, big = math.maxinteger, s = "a\\0b", yes = true, no = false,
                   list = {1, 2, 3, {x = 1.5}}, [2.5] = "half", [true] = 1, [-7] = "neg"}
        end
        function check()
          assert(state.n == 3 and math.type(state.n) == "integer" and state.f == 0.1 and 1 / state.z == -math.huge)
          assert(state.big == math.maxinteger and state.s == "a\\0b" and state.yes and state.no == false)
          assert(#state.list == 4 and state.list[4].x == 1.5 and state[2.5] == "half" and state[true] == 1 and state[-7] == "neg")
        end
        """
        let vm = try started(script)
        try vm.call("fill")
        let bytes = try vm.savedState()
        #expect(bytes.count > 100)
        let again = try started(script)
        try again.restore(state: bytes)
        #expect(try again.call("check"))
        #expect(try again.savedState() == bytes, "canonical: the same state is the same bytes")
        #expect(vm.topDigest == again.topDigest)
    }

    /// What a state cannot hold is named, with where it is in `state`.
    @Test func stateHoldsPlainDataOnly() throws {
        let cases = [
            ("state = {f = print or tostring}", "state.f is a function"),
            ("local t = {}\nstate = {a = t, b = {c = t}}", "state.b.c is a table reached twice (or within itself)"),
            ("state = {p = setmetatable({}, {})}", "state.p has a metatable"),
            ("state = {[{}] = 1}", "state is a table keyed by a table"),
        ]
        for (script, message) in cases {
            let vm = try started(script)
            #expect(throws: ScriptError.self) { try vm.savedState() }
            do { _ = try vm.savedState() } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
        }
    }

    /// A local a function keeps, or a global table changed after the top
    /// level, is state no exact state holds: writing one is refused, naming it.
    @Test func stateKeptElsewhereIsNamed() throws {
        let local = try started("local n = 0\nfunction step() n = n + 1 end")
        #expect(try local.savedState().count > 0, "unchanged since the top level: it can be written")
        try local.call("step")
        do {
            _ = try local.savedState()
            Issue.record("a changed local was not noticed")
        } catch {
            #expect(error.message.hasPrefix("the local 'n' of the function 'step' changed after the top level ran"), "\(error.message)")
        }
        let table = try started("config = {speed = 1}\nfunction step() config.speed = 2 end\nfunction other() end")
        try table.call("step")
        do {
            _ = try table.savedState()
            Issue.record("a changed table was not noticed")
        } catch {
            #expect(error.message.hasPrefix("the global 'config' (or what it holds) changed"), "\(error.message)")
        }
        let library = try started("function step() math.sin = math.cos end")
        try library.call("step")
        #expect(throws: ScriptError.self, "a library changed is a change too") { try library.savedState() }
    }

    /// Bytes that are not a state this script wrote are refused, never half read.
    @Test func foreignOrDamagedStatesAreRefused() throws {
        let vm = try started("state = {a = 1, b = {2, 3}}")
        let bytes = try vm.savedState()
        let other = try started("state = {a = 1, b = {2, 3}}\nextra = 1")
        #expect(throws: ScriptError.self, "another top level") { try other.restore(state: bytes) }
        let same = try started("state = {a = 1, b = {2, 3}}")
        for cut in [0, 8, 9, bytes.count - 1] {
            #expect(throws: ScriptError.self, "cut at \(cut)") { try same.restore(state: Array(bytes.prefix(cut))) }
        }
        #expect(throws: ScriptError.self, "bytes after the state") { try same.restore(state: bytes + [0]) }
        var swapped = bytes
        // The first key "a" (tag 5, length 1, 'a') becomes "c", after "b": out of key order.
        let at = try #require(swapped.indices.first { swapped[$0] == UInt8(ascii: "a") })
        swapped[at] = UInt8(ascii: "c")
        #expect(throws: ScriptError.self, "keys out of order") { try same.restore(state: swapped) }
        try same.restore(state: bytes)
    }
}

/// All the calls of one step share a budget ten times a call's (16.7): many
/// callbacks that each stay under the call's budget cannot hold a step for long.
@Suite(.tags(.memory)) struct ScriptStepBudgetTests {
    @Test func theCallsOfAStepShareItsBudget() throws {
        let vm = try ScriptVM(instructions: 100_000)
        try vm.run("function work() local x = 0 for i = 1, 20000 do x = x + i end end", name: "busy.lua")
        vm.tell(steps: 1, held: [])
        var calls = 0, stopped: String?
        while stopped == nil && calls < 100 {
            do { try vm.call("work") } catch { stopped = error.message }
            calls += 1
        }
        #expect(calls > 5 && calls < 30, "\(calls) calls")
        #expect(stopped?.hasSuffix("the script ran more than 1000000 instructions in one step") == true, "\(stopped ?? "")")
        vm.tell(steps: 2, held: [])  // the next step has its own
        #expect(try vm.call("work"))
    }
}
