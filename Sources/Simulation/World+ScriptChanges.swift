import CrateboxPhysics
import SceneFormat
import Scripting

/// Bodies and joints a scene's script makes and removes (docs/scene-format.md
/// 16.11): read by the scene format's own rules, made as the build makes
/// them, and bound for the script at once.
extension World: ScriptWorld {
    /// world:spawn: a body from its JSON, made as a scene body is; its construction index.
    package func scriptSpawn(json: String) throws(ScriptError) -> Int {
        let spec = try Self.decoded { () throws(SceneErrors) in try Scene.decodeBody(json, file: self.scriptName, path: "the body") }
        // An animation runs on the build's clock, a one-way platform needs the build's handler: both are the scene's.
        guard spec.animation == nil else { throw ScriptError("the body: an animation is for the scene's bodies (its clock is the build's)") }
        guard spec.shapes.allSatisfy({ $0.oneWay == nil }) else { throw ScriptError("the body: a one-way platform is for the scene's shapes (the build makes their handler)") }
        guard liveBodyCount < World.maxBodies else { throw ScriptError("the world already has \(liveBodyCount) bodies; the limit is \(World.maxBodies)") }
        guard bodies.count <= World.maxBodyIndex else { throw ScriptError("this session has made \(bodies.count) bodies; construction indices end at \(World.maxBodyIndex)") }
        for function in [spec.velocityFunction, spec.positionFunction].compactMap({ $0 }) where script?.isFunction(function) != true {
            throw ScriptError("'\(function)' is not a global function of the script")
        }
        if let crowd = crowding(spec, at: spec.position) { throw ScriptError(crowd) }
        let bound = scriptBodiesRevision == bodiesRevision
        do { try addBody(spec, at: spec.position) } catch { throw ScriptError("\(error)") }
        let index = bodies.count - 1
        markMadeByScript(index)
        // One binding more, not all of them again: a script that spawns thousands stays linear.
        if bound, let script, let entry = bodies[index] {
            script.bind(body: ScriptVM.BoundBody(index: index, id: entry.spec.id, body: entry.body.chipmunkBody,
                                                 velocityFunction: entry.spec.velocityFunction, positionFunction: entry.spec.positionFunction))
            scriptBodiesRevision = bodiesRevision
        } else {
            bindScriptBodies()
        }
        return index
    }

    /// world:remove: as a `remove` event.
    package func scriptRemove(body index: Int) throws(ScriptError) {
        let bound = scriptBodiesRevision == bodiesRevision, jointsInSpace = space.jointCount
        do { try removeBody(index) } catch { throw ScriptError(error.message) }
        if bound, let script {
            script.unbind(body: index)
            scriptBodiesRevision = bodiesRevision
        } else {
            bindScriptBodies()
        }
        // Joints leave with their body: only then are they bound anew.
        if space.jointCount != jointsInSpace { bindScriptJoints() }
    }

    /// world:addJoint: a joint from its JSON between two bodies (nil: the world's), made as a scene joint is; its index.
    package func scriptAddJoint(json: String, a: Int?, b: Int?) throws(ScriptError) -> Int {
        // Each end as it is now (the reader's checks of section 8 read its pose and mass).
        func spec(_ index: Int?) throws(ScriptError) -> BodySpec? {
            guard let index else { return nil }
            guard bodies.indices.contains(index), let entry = bodies[index] else { throw ScriptError("body \(index) is gone (removed or cut)") }
            var now = entry.spec
            (now.position, now.angle) = (entry.body.position, entry.body.angle)
            return now
        }
        let (sa, sb) = (try spec(a), try spec(b))
        var joint = try Self.decoded { () throws(SceneErrors) in try Scene.decodeJoint(json, a: sa, b: sb, file: self.scriptName, path: "the joint") }
        joint.a = a.map(BodyRef.body) ?? .world
        joint.b = b.map(BodyRef.body) ?? .world
        for function in joint.functions.all.compactMap({ $0 }) where script?.isFunction(function) != true {
            throw ScriptError("'\(function)' is not a global function of the script")
        }
        guard joints.count < Limits.joints * 4 else { throw ScriptError("the world has \(joints.count) joints; the limit is \(Limits.joints * 4)") }
        do { try addJoint(joint) } catch { throw ScriptError("\(error)") }
        scriptJoints.append(joint)
        let index = joints.count - 1, made = joints[index]
        // One binding more, not all of them again: a script that makes a joint at every contact stays fast.
        script?.bind(joint: ScriptVM.BoundJoint(index: index, id: joint.id, joint: made.chipmunkConstraint, functions: joint.functions.all))
        return index
    }

    /// world:removeJoint: the joint leaves the space for good.
    package func scriptRemoveJoint(_ index: Int) throws(ScriptError) {
        guard joints.indices.contains(index), space.contains(joints[index]) else {
            throw ScriptError("joint \(index) is gone (broken, or removed with a body)")
        }
        do { try space.remove(joints[index]) } catch { throw ScriptError("\(error)") }
        // Kept as a joint that is nowhere, as one gone with a body is.
        joints[index] = Joint(jointSpec(index).kind.recorded, a: Body(kind: .dynamic), b: Body(kind: .dynamic))
        script?.unbind(joint: index)
    }

    /// Joint `index`'s spec: the scene's, or the script's past them.
    func jointSpec(_ index: Int) -> JointSpec {
        index < scene.joints.count ? scene.joints[index] : scriptJoints[index - scene.joints.count]
    }

    private var scriptName: String { scene.script ?? "script" }

    /// The reader's first error, without its file (the script's message names the call).
    private static func decoded<T>(_ read: () throws(SceneErrors) -> T) throws(ScriptError) -> T {
        do { return try read() } catch {
            guard let first = error.errors.first else { throw ScriptError("not one the scene format takes") }
            throw ScriptError(first.path.isEmpty ? first.message : "\(first.path): \(first.message)")
        }
    }
}
