import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
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
        vm.seed(scene.scriptSeed ?? 0)
        vm.attach(to: space.chipmunkSpace, hashCell: scene.spatialHash?.cellSize ?? 0)
        vm.answer(to: self)
        bindScriptBodies()
        bindScriptJoints()
        // The top level sees the build's step and no key held (a world read back runs it again: 16.6).
        vm.tell(steps: stepCount, held: [])
        do {
            try vm.run(text, name: name)
            collectPrinted()
            try vm.freeze()
        } catch {
            throw scriptStopped(error.message)
        }
        try checkScriptFunctions(vm, name: name)
    }

    /// The script's `step(world)`, before the step (bodies bound anew if they changed).
    func stepScript() throws(PhysicsError) {
        guard let script else { return }
        if scriptBodiesRevision != bodiesRevision { bindScriptBodies() }
        if scriptJointsKey != (bodiesRevision, brokenJoints.count) { bindScriptJoints() }
        script.tell(steps: stepCount, held: held.map(\.name))
        script.tell(pointer: (pointer.x, pointer.y), clicked: clickPending)
        do {
            try script.deliverSeparations()  // those of removals since the last step
            try script.step()
        } catch {
            throw scriptStopped(error.message)
        }
    }

    /// After Chipmunk's step: the first error of a collision callback in it
    /// stops the world; the separate callbacks it made are delivered.
    func finishScriptStep() throws(PhysicsError) {
        guard let script else { return }
        do {
            try script.checkCallbacks()
            try script.runAfterStep()
            try script.deliverSeparations()
        } catch {
            throw scriptStopped(error.message)
        }
    }

    /// How the script's error stops the world: `NAME.lua:LINE: what (step N)`, and a
    /// message that does not begin with the script's name (one with no place: Lua's
    /// `error` at level 0, a value that is not a string, memory, a C check) gets it
    /// in front, so every stop names the script (scene-format.md 16.5).
    func scriptStopped(_ message: String) -> PhysicsError {
        collectPrinted()  // what it printed before the error is the most wanted
        let name = scene.script ?? "the script"
        // One line: the script's own line breaks read as \n (a terminal's escapes are the printer's to escape).
        let message = message.replacing("\r", with: "\\r").replacing("\n", with: "\\n")
        let named = message.hasPrefix(name + ":") ? message : "\(name): \(message)"
        return .script("\(named) (step \(stepCount))")
    }

    /// The `pointer` and `click` events: only a scene with a script has a pointer to tell.
    func point(at point: Vector, click: Bool) throws(WorldError) {
        guard scene.script != nil else { throw WorldError("pointer and click events are for a scene with a script; this scene has none") }
        pointer = point
        if click { clickPending = true }
    }

    /// `world:reset()` in this step: the world resets now, at the step's end,
    /// as a `reset` event before the next step's events would reset it (16.5).
    func resetIfTheScriptAsked() throws(PhysicsError) {
        guard let script, script.takeResetRequest() else { return }
        try build()
        reapplyHeldMotors()
    }

    /// What the scene's script last said with `world:say` (the HUD shows it; drawing only, not in the state hash).
    public var scriptSays: String? { script?.said }

    /// Every live body by its construction index, with its scene id and its script functions (16.5, 16.8).
    func bindScriptBodies() {
        guard let script else { return }
        var bound: [ScriptVM.BoundBody] = []
        bound.reserveCapacity(liveBodyCount)
        for (index, entry) in bodies.enumerated() {
            guard let entry else { continue }
            bound.append(ScriptVM.BoundBody(index: index, id: entry.spec.id, body: entry.body.chipmunkBody,
                                            velocityFunction: entry.spec.velocityFunction, positionFunction: entry.spec.positionFunction))
        }
        script.bind(bodies: bound)
        scriptBodiesRevision = bodiesRevision
    }

    /// A scene joint's script functions, set on its Chipmunk joint (16.10).
    static func giveScriptFunctions(_ spec: JointSpec, to joint: Joint) {
        let f = spec.functions
        guard !f.isEmpty else { return }
        joint.useScriptFunctions(force: f.force != nil, torque: f.torque != nil, preSolve: f.preSolve != nil, postSolve: f.postSolve != nil)
    }

    /// The scene's joints in the space, by index, with their ids and functions (16.10).
    func bindScriptJoints() {
        guard let script else { return }
        var bound: [ScriptVM.BoundJoint] = []
        for (index, joint) in joints.enumerated() where space.contains(joint) {
            let spec = jointSpec(index)
            bound.append(ScriptVM.BoundJoint(index: index, id: spec.id, joint: joint.chipmunkConstraint, functions: spec.functions.all))
        }
        script.bind(joints: bound)
        scriptJointsKey = (bodiesRevision, brokenJoints.count)
    }

    /// Each body's script functions name global functions of the script (checked once its top level ran).
    func checkScriptFunctions(_ vm: ScriptVM, name: String) throws(PhysicsError) {
        var named: [(path: String, function: String?)] = []
        for (i, spec) in scene.bodies.enumerated() {
            named += [("bodies[\(i)].velocityFunction", spec.velocityFunction), ("bodies[\(i)].positionFunction", spec.positionFunction)]
        }
        named += [("spawn.velocityFunction", scene.spawn.velocityFunction), ("spawn.positionFunction", scene.spawn.positionFunction)]
        for (i, spec) in scene.joints.enumerated() {
            named += zip(["forceFunction", "torqueFunction", "preSolve", "postSolve"], spec.functions.all).map { ("joints[\(i)].\($0)", $1) }
        }
        for (path, function) in named {
            guard let function, !vm.isFunction(function) else { continue }
            throw .script("\(name): \(path) names '\(function)', which is not a global function of the script (step \(stepCount))")
        }
    }
}
