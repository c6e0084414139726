#if canImport(Glibc)
import Glibc
#endif
import ScriptSandbox

/// What a script asks of its world (docs/scene-format.md 16.11): the World
/// answers, between steps or after Chipmunk's (never inside it). Package-only:
/// a library user changes a world through events, which a journal records,
/// never through these.
package protocol ScriptWorld: AnyObject {
    /// Makes a body from its JSON (the scene format's words); its construction index.
    func scriptSpawn(json: String) throws(ScriptError) -> Int
    /// Removes the body with this construction index.
    func scriptRemove(body: Int) throws(ScriptError)
    /// Makes a joint from its JSON between two bodies (nil: the world's static body); its index.
    func scriptAddJoint(json: String, a: Int?, b: Int?) throws(ScriptError) -> Int
    /// Removes the joint with this index.
    func scriptRemoveJoint(_ index: Int) throws(ScriptError)
    /// Makes the body with this construction index dynamic, kinematic or static; a mass and a
    /// moment (both or neither) for one made dynamic. `work`: the springs' loads figured, changed or refused.
    func scriptSetType(body: Int, to type: ScriptBodyType, mass: Double?, moment: Double?, work: inout Int) throws(ScriptError)
}

/// The types body:setType names (docs/scene-format.md 16.5).
package enum ScriptBodyType: Int {
    case dynamic = 0, kinematic = 1, `static` = 2
}

extension ScriptVM {
    /// The world the script's world:spawn and its kin ask (kept weakly: the World owns the script).
    package func answer(to world: ScriptWorld?) {
        self.world = world
        script_sandbox_set_world_op(sandbox, world == nil ? nil : scriptWorldOperation, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs the functions world:afterStep queued in this step, in order.
    public func runAfterStep() throws(ScriptError) {
        if let error = script_sandbox_run_after_step(sandbox) { throw ScriptError(String(cString: error)) }
    }

    /// Keeps a refusal's text for C until the next one.
    func refuse(_ error: ScriptError) -> UnsafePointer<CChar> {
        free(refusal)
        refusal = strdup(error.message)
        return UnsafePointer(refusal!)
    }
}

/// The C side's way in (a plain C function: no closure is captured).
private let scriptWorldOperation: script_world_op = { context, op, json, length, a, b, numbers, result in
    let vm = Unmanaged<ScriptVM>.fromOpaque(context!).takeUnretainedValue()
    guard let world = vm.world else { return vm.refuse(ScriptError("the world is gone")) }
    var text = ""
    if let json {
        // The scene reader refuses ill-formed UTF-8, as a scene file's; so do these.
        guard let valid = String(validating: UnsafeRawBufferPointer(start: json, count: length), as: UTF8.self) else {
            return vm.refuse(ScriptError("the text is not UTF-8"))
        }
        text = valid
    }
    do {
        switch Int(op) {
        case Int(SCRIPT_SPAWN): result?.pointee = Int64(try world.scriptSpawn(json: text))
        case Int(SCRIPT_REMOVE): try world.scriptRemove(body: Int(a))
        case Int(SCRIPT_ADD_JOINT): result?.pointee = Int64(try world.scriptAddJoint(json: text, a: a < 0 ? nil : Int(a), b: b < 0 ? nil : Int(b)))
        case Int(SCRIPT_REMOVE_JOINT): try world.scriptRemoveJoint(Int(a))
        case Int(SCRIPT_SET_TYPE):
            guard let type = ScriptBodyType(rawValue: Int(b)) else { return vm.refuse(ScriptError("a type the world does not know")) }
            var work = 0
            // The work is charged whether the change was made or refused.
            defer { result?.pointee = Int64(work) }
            try world.scriptSetType(body: Int(a), to: type, mass: numbers.map { $0[0] }, moment: numbers.map { $0[1] }, work: &work)
        default: return vm.refuse(ScriptError("an operation the world does not know"))
        }
        return nil
    } catch {
        return vm.refuse(error as? ScriptError ?? ScriptError("\(error)"))
    }
}
