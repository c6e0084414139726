import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
import Scripting

/// The scene's script running in a world (docs/scene-format.md 16.5): its Lua
/// state and what of the world it has bound. Its top level runs at the end of
/// every build (the world's start and each reset), and its `step(world)` before
/// each step, after the world's own work for the step and right before
/// Chipmunk's. An error stops the world: `NAME.lua:LINE: what (step N)`.
///
/// The world holds its host (nil: the scene has no script) and the host changes
/// the world only through the world's own building functions: world:spawn and
/// its kin (ScriptHost+Changes.swift) are the host's, never a library user's.
final class ScriptHost {
    /// The script's Lua state.
    let vm: ScriptVM
    /// The script's file name, which every stop names.
    let name: String
    /// The world that holds this host (and outlives it).
    unowned let world: World
    /// The bodies' revision the script's body names were bound at.
    var bodiesRevision = -1
    /// The bodies' revision and the broken joints' count its joints were bound at.
    var jointsKey = (-1, -1)
    /// The labels as last read, at the sandbox's labels revision (World+Looks.swift).
    var labelCache: (revision: UInt64, labels: [WorldLabel]) = (0, [])
    /// Whether the script defines `keypressed` or `keyreleased` (its globals are fixed after its top level).
    var takesKeys: Bool { vm.isFunction("keypressed") || vm.isFunction("keyreleased") }

    /// A host for `vm` in `world`: attached to the world's space, answering its world operations.
    init(vm: ScriptVM, name: String, world: World) {
        self.vm = vm
        self.name = name
        self.world = world
        vm.attach(to: world.space.chipmunkSpace, hashCell: world.scene.spatialHash?.cellSize ?? 0)
        vm.answer(to: self)
    }

    /// A fresh Lua state for `world`'s script, its bodies bound, its top level
    /// run (the last step of a build); nil when the scene has none.
    static func start(in world: World) throws(SimulationError) -> ScriptHost? {
        let scene = world.scene
        guard let name = scene.script else { return nil }
        // A scene decoded on its own has the script's name, not its text (the loader reads it beside the scene).
        guard let text = scene.scriptText else { throw .script("\(name): the script was not read with the scene (open the scene file, or a journal that carries it)") }
        let vm: ScriptVM
        do { vm = try ScriptVM() } catch { throw .script("\(name): \(error.message)") }
        vm.seed(scene.scriptSeed ?? 0)
        let host = ScriptHost(vm: vm, name: name, world: world)
        world.script = host  // the top level's world:spawn binds through it
        host.bindBodies()
        host.bindJoints()
        // The top level sees the build's step and no key held (a world read back runs it again: 16.6).
        vm.tell(steps: world.stepCount, held: [])
        do {
            if let kept = world.kept { try vm.give(kept: kept) }  // the global `kept` (16.9)
            try vm.give(modules: scene.scriptModules.map { ($0.name, $0.text) })  // what require loads (16.18)
            try vm.run(text, name: name)
            world.collectPrinted()
            try vm.freeze()
        } catch {
            throw host.stopped(error.message)
        }
        try host.checkFunctions()
        return host
    }

    /// The script's `step(world)`, before the step (bodies bound anew if they changed).
    func step() throws(SimulationError) {
        if bodiesRevision != world.bodiesRevision { bindBodies() }
        if jointsKey != (world.bodiesRevision, world.brokenJoints.count) { bindJoints() }
        vm.tell(steps: world.stepCount, held: world.held.map(\.name))
        vm.tell(pointer: (world.pointer.x, world.pointer.y), clicked: world.clickPending)
        do {
            try deliverInputs()
            try vm.runTimers()
            try vm.deliverSeparations()  // those of removals since the last step
            try vm.step()
        } catch {
            throw stopped(error.message)
        }
    }

    /// The key and mouse events since the last step, in order, to the
    /// script's input functions (16.13); each is delivered once.
    private func deliverInputs() throws(ScriptError) {
        guard !world.inputs.isEmpty else { return }
        let inputs = world.inputs
        world.inputs = []
        for input in inputs {
            switch input {
            case .key(let name, let down):
                try vm.input(down ? "keypressed" : "keyreleased", name)
            case .mouse(let at, let button, let down):
                try vm.input(down ? "mousepressed" : "mousereleased", point: (at.x, at.y), button.rawValue)
            }
        }
    }

    /// After Chipmunk's step: the first error of a collision callback in it
    /// stops the world; the separate callbacks it made are delivered.
    func finishStep() throws(SimulationError) {
        do {
            try vm.checkCallbacks()
            try vm.runAfterStep()
            try vm.deliverSeparations()
        } catch {
            throw stopped(error.message)
        }
    }

    /// How the script's error stops the world: `NAME.lua:LINE: what (step N)`, and a
    /// message that does not begin with the script's name (one with no place: Lua's
    /// `error` at level 0, a value that is not a string, memory, a C check) gets it
    /// in front, so every stop names the script (scene-format.md 16.5).
    func stopped(_ message: String) -> SimulationError {
        world.collectPrinted()  // what it printed before the error is the most wanted
        // One line: the script's own line breaks read as \n (a terminal's escapes are the printer's to escape).
        let message = message.replacing("\r", with: "\\r").replacing("\n", with: "\\n")
        let named = message.hasPrefix(name + ":") ? message : "\(name): \(message)"
        return .script("\(named) (step \(world.stepCount))")
    }

    /// Every live body by its construction index, with its scene id and its script functions (16.5, 16.8).
    func bindBodies() {
        var bound: [ScriptVM.BoundBody] = []
        bound.reserveCapacity(world.liveBodyCount)
        for (index, entry) in world.bodies.enumerated() {
            guard let entry else { continue }
            // Read before the binding anew clears the looks the script set.
            bound.append(Self.bound(entry, index, look: vm.lookCode(of: index) ?? entry.look.code))
        }
        vm.bind(bodies: bound)
        bodiesRevision = world.bodiesRevision
    }

    /// A body as the script's names see it.
    static func bound(_ entry: WorldBody, _ index: Int, look: Int64? = nil) -> ScriptVM.BoundBody {
        ScriptVM.BoundBody(index: index, id: entry.spec.id, body: entry.body.chipmunkBody,
                           velocityFunction: entry.spec.velocityFunction, positionFunction: entry.spec.positionFunction,
                           look: look ?? entry.look.code)
    }

    /// A scene joint's script functions, set on its Chipmunk joint (16.10).
    static func giveFunctions(_ spec: JointSpec, to joint: Joint) {
        let f = spec.functions
        guard !f.isEmpty else { return }
        joint.useScriptFunctions(force: f.force != nil, torque: f.torque != nil, preSolve: f.preSolve != nil, postSolve: f.postSolve != nil)
    }

    /// The world's joints in the space, by index, with their ids and functions (16.10).
    func bindJoints() {
        var bound: [ScriptVM.BoundJoint] = []
        for (index, joint) in world.joints.enumerated() where world.space.contains(joint) {
            let spec = world.jointSpec(index)
            bound.append(ScriptVM.BoundJoint(index: index, id: spec.id, joint: joint.chipmunkConstraint, functions: spec.functions.all))
        }
        vm.bind(joints: bound)
        jointsKey = (world.bodiesRevision, world.brokenJoints.count)
    }

    /// Each body's and joint's script functions name global functions of the script (checked once its top level ran).
    func checkFunctions() throws(SimulationError) {
        let scene = world.scene
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
            throw .script("\(name): \(path) names '\(function)', which is not a global function of the script (step \(world.stepCount))")
        }
    }
}

/// The script's side of the world's events and steps.
extension World {
    /// The `pointer` and `click` events: only a scene with a script has a pointer to tell.
    func point(at point: Vector, click: Bool) throws(WorldError) {
        guard scene.script != nil else { throw WorldError("pointer and click events are for a scene with a script; this scene has none") }
        pointer = point
        if click { clickPending = true }
    }

    /// `world:reset()` in this step: the world resets now, at the step's end,
    /// as a `reset` event before the next step's events would reset it (16.5).
    func resetIfTheScriptAsked() throws(SimulationError) {
        guard let script, script.vm.takeResetRequest() else { return }
        kept = script.vm.kept
        try build()
        reapplyHeldMotors()
    }

    /// Whether the scene's script takes every key a scene may bind: the window
    /// then gives it every key but its own (16.13); drawing only, never the state.
    public var scriptTakesKeys: Bool { script?.takesKeys ?? false }

    /// The collision types the script's handlers name (for `validate`'s warnings).
    public var scriptHandlerTypes: [String] { script?.vm.handlerTypes ?? [] }

    /// What the scene's script last said with `world:say` (the HUD shows it; drawing only, not in the state hash).
    public var scriptSays: String? { script?.vm.said }
}
