import CrateboxPhysics
import Scripting

/// The scene's script (docs/scene-format.md 16.5): its top level runs at the
/// end of every build (the world's start and each reset), and its `step(world)`
/// before each step, after the world's own work for the step and right
/// before Chipmunk's. An error stops the world: `NAME.lua:LINE: what (step N)`.
extension World {
    /// A fresh Lua state for the script, its bodies bound, its top level run (the last step of a build).
    func startScript() throws(PhysicsError) {
        guard let name = scene.script else {
            script = nil
            return
        }
        // A scene decoded on its own has the script's name, not its text (the loader reads it beside the scene).
        guard let text = scene.scriptText else { throw .script("\(name): the script was not read with the scene (open the scene file, or a journal that carries it)") }
        let vm: ScriptVM
        do { vm = try ScriptVM() } catch { throw .script("\(name): \(error.message)") }
        script = vm
        vm.attach(to: space.chipmunkSpace)
        bindScriptBodies()
        // The top level sees the build's step and no key held (a world read back runs it again: 16.6).
        vm.tell(steps: stepCount, held: [])
        do {
            try vm.run(text, name: name)
            try vm.freeze()
        } catch {
            throw .script("\(error.message) (step \(stepCount))")
        }
    }

    /// The script's `step(world)`, before the step (bodies bound anew if they changed).
    func stepScript() throws(PhysicsError) {
        guard let script else { return }
        if scriptBodiesRevision != bodiesRevision { bindScriptBodies() }
        script.tell(steps: stepCount, held: held.map(\.name))
        do {
            try script.deliverSeparations()  // those of removals since the last step
            try script.step()
        } catch {
            throw .script("\(error.message) (step \(stepCount))")
        }
    }

    /// After Chipmunk's step: the first error of a collision callback in it
    /// stops the world; the separate callbacks it made are delivered.
    func finishScriptStep() throws(PhysicsError) {
        guard let script else { return }
        do {
            try script.checkCallbacks()
            try script.deliverSeparations()
        } catch {
            throw .script("\(error.message) (step \(stepCount))")
        }
    }

    /// What the scene's script last said with `world:say` (the HUD shows it; drawing only, not in the state hash).
    public var scriptSays: String? { script?.said }

    /// Every live body with a scene id, by that id (the first, when pieces share one).
    func bindScriptBodies() {
        guard let script else { return }
        var bound: [(id: String, body: OpaquePointer)] = []
        for case let entry? in bodies {
            if let id = entry.spec.id { bound.append((id, entry.body.chipmunkBody)) }
        }
        script.bind(bodies: bound)
        scriptBodiesRevision = bodiesRevision
    }
}
