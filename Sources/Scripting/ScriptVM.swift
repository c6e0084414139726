#if canImport(Glibc)
import Glibc
#endif
import ScriptSandbox

/// A scene script's Lua 5.4 state, sandboxed (docs/scene-format.md,
/// "Scripts"): nothing reaches a file, a process, the clock or an address;
/// memory is bounded by the allocator, each call by an instruction budget,
/// and what runs in C out of the budget's sight (`string.rep`, the pattern
/// functions) by limits of its own; iteration order and `tostring` are the
/// same in every process. It belongs to one thread at a time, as its World does.
public final class ScriptVM {
    /// The most memory a script's state may take: 64 MiB.
    public static let memoryLimit = 64 << 20
    /// The most VM instructions in one call (the top level, or a callback): ten million.
    public static let instructionBudget = 10_000_000

    let sandbox: OpaquePointer
    /// The world its script asks for bodies and joints (16.11), and the text of its last refusal, kept for C.
    weak var world: ScriptWorld?
    var refusal: UnsafeMutablePointer<CChar>?

    /// A fresh state with the sandbox's libraries. Throws when there is not the memory for it.
    public init(memoryLimit: Int = ScriptVM.memoryLimit, instructions: Int = ScriptVM.instructionBudget) throws(ScriptError) {
        guard let sandbox = script_sandbox_new(memoryLimit, Int64(instructions)) else {
            throw ScriptError("cannot make a Lua state within \(memoryLimit) bytes")
        }
        self.sandbox = sandbox
    }

    deinit {
        script_sandbox_free(sandbox)
        free(refusal)
    }

    /// Runs `text` as the script `name` (its messages say `name:LINE: what`).
    public func run(_ text: String, name: String) throws(ScriptError) {
        let bytes = Array(text.utf8)
        let error = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                script_sandbox_run(sandbox, chars.baseAddress, chars.count, "=" + name)
            }
        }
        if let error { throw ScriptError(String(cString: error)) }
    }

    /// Calls the script's global function `name` with no arguments, if it
    /// defines one; returns whether it does.
    @discardableResult
    public func call(_ name: String) throws(ScriptError) -> Bool {
        var defined: Int32 = 0
        if let error = script_sandbox_call_global(sandbox, name, &defined) { throw ScriptError(String(cString: error)) }
        return defined != 0
    }

    /// A body a script can hold (docs/scene-format.md 16.5, 16.8).
    package struct BoundBody {
        package var index: Int
        package var id: String?
        package var body: OpaquePointer
        package var velocityFunction: String?, positionFunction: String?
        /// How it is drawn, as a look code (`lookCodes`, or 0xRRGGBB).
        package var look: Int64
        package init(index: Int, id: String?, body: OpaquePointer, velocityFunction: String? = nil, positionFunction: String? = nil, look: Int64) {
            (self.index, self.id, self.body, self.velocityFunction, self.positionFunction, self.look) = (index, id, body, velocityFunction, positionFunction, look)
        }
    }

    /// The bodies a script can hold, in increasing construction index; bound
    /// anew whenever the world's bodies change.
    package func bind(bodies: [BoundBody]) {
        script_sandbox_clear_bodies(sandbox)
        for b in bodies where script_sandbox_bind_body(sandbox, Int64(b.index), b.id, b.body, b.velocityFunction, b.positionFunction, b.look) == 0 {
            break  // out of memory: the rest stay unbound, and the script finds nil for them
        }
    }

    /// Binds one more body, whose index is above every bound one's (a body the script made).
    package func bind(body b: BoundBody) {
        _ = script_sandbox_bind_body(sandbox, Int64(b.index), b.id, b.body, b.velocityFunction, b.positionFunction, b.look)
    }

    /// Forgets body `index` (the script took it out of the world); the others stay bound.
    package func unbind(body index: Int) {
        script_sandbox_unbind_body(sandbox, Int64(index))
    }

    /// A scene joint a script can hold (docs/scene-format.md 16.10).
    package struct BoundJoint {
        package var index: Int
        package var id: String?
        package var joint: OpaquePointer
        /// Force, torque, pre-solve and post-solve function names (nil: none).
        package var functions: [String?]
        package init(index: Int, id: String?, joint: OpaquePointer, functions: [String?]) {
            (self.index, self.id, self.joint, self.functions) = (index, id, joint, functions)
        }
    }

    /// The scene's joints a script can hold, in increasing index; bound anew whenever they change.
    package func bind(joints: [BoundJoint]) {
        script_sandbox_clear_joints(sandbox)
        for j in joints where !bind(joint: j) { break }  // out of memory: the rest stay unbound
    }

    /// Binds one more joint, whose index is above every bound one's (a joint the script made); false when out of memory.
    @discardableResult
    package func bind(joint j: BoundJoint) -> Bool {
        let names = (0..<4).map { $0 < j.functions.count ? j.functions[$0] : nil }
        return withCStrings(names) { script_sandbox_bind_joint(sandbox, Int64(j.index), j.id, j.joint, $0) } != 0
    }

    /// Forgets joint `index` (the script took it out of the world).
    package func unbind(joint index: Int) {
        script_sandbox_unbind_joint(sandbox, Int64(index))
    }

    /// Whether the script has a global function `name`.
    public func isFunction(_ name: String) -> Bool {
        script_sandbox_is_function(sandbox, name) != 0
    }

    /// What `world:steps()` and `world:isDown(name)` say until the next call.
    public func tell(steps: Int, held: [String]) {
        var names: [CChar] = []
        for name in held { names += name.utf8CString }  // each with its NUL
        names.withUnsafeBufferPointer { script_sandbox_set_world(sandbox, Int64(steps), $0.baseAddress, $0.count) }
    }

    /// Where the pointer is (`world:pointer()`) and whether a click came before the coming step (`world:clicked()`).
    public func tell(pointer: (x: Double, y: Double), clicked: Bool) {
        script_sandbox_set_pointer(sandbox, pointer.x, pointer.y, clicked ? 1 : 0)
    }

    /// Whether the script asked for a reset (`world:reset()`) since the last time this was read.
    public func takeResetRequest() -> Bool { script_sandbox_take_reset(sandbox) != 0 }

    /// What the script last said with `world:say` (nil: nothing yet).
    public var said: String? {
        let text = String(cString: script_sandbox_said(sandbox))
        return text.isEmpty ? nil : text
    }

    /// The sounds the script asked for (`world:sound`) since the last call, in
    /// order: its kind by name (wood, rubber, metal, stone, splash, snap, cut, explosion, hiss), where, how hard, how big.
    public func takeSounds() -> [(kind: String, x: Double, y: Double, strength: Double, size: Double)] {
        guard script_sandbox_sound_count(sandbox) > 0 else { return [] }
        var buffer = [script_sound](repeating: script_sound(), count: Int(SCRIPT_SOUNDS))
        let n = Int(buffer.withUnsafeMutableBufferPointer { script_sandbox_take_sounds(sandbox, $0.baseAddress, Int32($0.count)) })
        return buffer.prefix(n).map { (String(cString: $0.kind), $0.x, $0.y, $0.strength, $0.size) }
    }

    /// The lines `print` wrote since the last call (each escaped: a control
    /// character reads as `\u{1B}`, so a script cannot move a terminal's cursor),
    /// and how many more were printed than kept (16.5).
    public func takePrinted() -> (lines: [String], dropped: Int) {
        let n = Int(script_sandbox_print_count(sandbox)), dropped = Int(script_sandbox_print_dropped(sandbox))
        guard n > 0 || dropped > 0 else { return ([], 0) }
        defer { script_sandbox_forget_printed(sandbox) }
        let lines = (0..<n).map { i in
            String(cString: script_sandbox_printed(sandbox, Int32(i))).unicodeScalars
                .map { $0.properties.generalCategory == .control && $0 != "\t" ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }
                .joined()
        }
        return (lines, dropped)
    }

    /// Sets that line, as a world read back had it.
    public func say(_ text: String) {
        script_sandbox_set_said(sandbox, text)
    }

    /// Calls the script's `step(world)`, if it defines one; returns whether it does.
    @discardableResult
    public func step() throws(ScriptError) -> Bool {
        var defined: Int32 = 0
        if let error = script_sandbox_call_step(sandbox, &defined) { throw ScriptError(String(cString: error)) }
        return defined != 0
    }

    /// Calls the script's input function `name` (16.13) with the world, then
    /// `point` if given, then `text`; returns whether the script defines it.
    @discardableResult
    public func input(_ name: String, point: (x: Double, y: Double)? = nil, _ text: String) throws(ScriptError) -> Bool {
        var defined: Int32 = 0
        if let error = script_sandbox_call_input(sandbox, name, point == nil ? 0 : 1, point?.x ?? 0, point?.y ?? 0, text, &defined) {
            throw ScriptError(String(cString: error))
        }
        return defined != 0
    }

    /// Calls each timer due by now (16.15), in due order, ties in the order made.
    public func runTimers() throws(ScriptError) {
        if let error = script_sandbox_run_timers(sandbox) { throw ScriptError(String(cString: error)) }
    }

    /// The bytes the state holds now.
    public var memory: Int { script_sandbox_memory(sandbox) }

    /// Seeds `math.random` (docs/scene-format.md §16.4); a new state has seed 0.
    public func seed(_ seed: UInt64) {
        script_sandbox_seed(sandbox, seed)
    }

    /// `math.random`'s whole state, to keep with an exact state and give back.
    public var randomState: [UInt64] {
        get {
            var state = [UInt64](repeating: 0, count: 4)
            state.withUnsafeMutableBufferPointer { script_sandbox_random_state(sandbox, $0.baseAddress) }
            return state
        }
        set {
            precondition(newValue.count == 4, "xoshiro256** has four words of state")
            newValue.withUnsafeBufferPointer { script_sandbox_set_random_state(sandbox, $0.baseAddress) }
        }
    }
}

/// What stopped a script: `NAME.lua:LINE: what`, as Lua says it.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, one line.
    public var message: String
    /// An error with this message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Calls `body` with a C array of the strings (NULL for nil), valid during the call.
private func withCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
