import CrateboxPhysics
import SceneFormat
import Scripting

/// Bodies and joints a scene's script makes and removes (docs/scene-format.md
/// 16.11): read by the scene format's own rules, made as the world's build makes
/// them, and bound for the script at once. The host's, not the world's: a
/// library user changes a world through events, which a journal records.
extension ScriptHost: ScriptWorld {
    /// world:spawn: a body from its JSON, made as a scene body is; its construction index.
    package func scriptSpawn(json: String) throws(ScriptError) -> Int {
        let spec = try Self.decoded { () throws(SceneErrors) in try Scene.decodeBody(json, file: self.name, path: "the body") }
        // An animation runs on the build's clock, a one-way platform needs the build's handler: both are the scene's.
        guard spec.animation == nil else { throw ScriptError("the body: an animation is for the scene's bodies (its clock is the build's)") }
        guard spec.shapes.allSatisfy({ $0.oneWay == nil }) else { throw ScriptError("the body: a one-way platform is for the scene's shapes (the build makes their handler)") }
        guard world.liveBodyCount < World.maxBodies else { throw ScriptError("the world already has \(world.liveBodyCount) bodies; the limit is \(World.maxBodies)") }
        guard world.bodies.count <= World.maxBodyIndex else { throw ScriptError("this session has made \(world.bodies.count) bodies; construction indices end at \(World.maxBodyIndex)") }
        for function in [spec.velocityFunction, spec.positionFunction].compactMap({ $0 }) where !vm.isFunction(function) {
            throw ScriptError("'\(function)' is not a global function of the script")
        }
        if let crowd = world.crowding(spec, at: spec.position) { throw ScriptError(crowd) }
        let bound = bodiesRevision == world.bodiesRevision
        do { try world.addBody(spec, at: spec.position) } catch { throw ScriptError("\(error)") }
        let index = world.bodies.count - 1
        world.markMadeByScript(index)
        // One binding more, not all of them again: a script that spawns thousands stays linear.
        if bound, let entry = world.bodies[index] {
            vm.bind(body: Self.bound(entry, index))
            bodiesRevision = world.bodiesRevision
        } else {
            bindBodies()
        }
        return index
    }

    /// world:remove: as a `remove` event.
    package func scriptRemove(body index: Int) throws(ScriptError) {
        let bound = bodiesRevision == world.bodiesRevision, jointsInSpace = world.space.jointCount
        do { try world.removeBody(index) } catch { throw ScriptError(error.message) }
        if bound {
            vm.unbind(body: index)
            bodiesRevision = world.bodiesRevision
        } else {
            bindBodies()
        }
        // Joints leave with their body: only then are they bound anew.
        if world.space.jointCount != jointsInSpace { bindJoints() }
    }

    /// world:addJoint: a joint from its JSON between two bodies (nil: the world's), made as a scene joint is; its index.
    package func scriptAddJoint(json: String, a: Int?, b: Int?) throws(ScriptError) -> Int {
        // Each end as it is now (16.11: WorldBody.now), which the reader's checks read.
        func spec(_ index: Int?) throws(ScriptError) -> BodySpec? {
            guard let index else { return nil }
            guard world.bodies.indices.contains(index), let entry = world.bodies[index] else { throw ScriptError("body \(index) is gone (removed or cut)") }
            return entry.now
        }
        let (sa, sb) = (try spec(a), try spec(b))
        var joint = try Self.decoded { () throws(SceneErrors) in try Scene.decodeJoint(json, a: sa, b: sb, file: self.name, path: "the joint") }
        joint.a = a.map(BodyRef.body) ?? .world
        joint.b = b.map(BodyRef.body) ?? .world
        for function in joint.functions.all.compactMap({ $0 }) where !vm.isFunction(function) {
            throw ScriptError("'\(function)' is not a global function of the script")
        }
        // A count, not the array: a copy held across addJoint would make each append copy all the joints.
        let count = world.joints.count
        guard count < Limits.joints * 4 else { throw ScriptError("the world has \(count) joints; the limit is \(Limits.joints * 4)") }
        do { try world.addJoint(joint, checkingLoads: true) } catch { throw ScriptError("\(error)") }
        world.scriptJoints.append(joint)
        let index = world.joints.count - 1, made = world.joints[index]
        // One binding more, not all of them again: a script that makes a joint at every contact stays fast.
        vm.bind(joint: ScriptVM.BoundJoint(index: index, id: joint.id, joint: made.chipmunkConstraint, functions: joint.functions.all))
        return index
    }

    /// world:removeJoint: the joint leaves the space for good.
    package func scriptRemoveJoint(_ index: Int) throws(ScriptError) {
        guard world.joints.indices.contains(index), world.space.contains(world.joints[index]) else {
            throw ScriptError("joint \(index) is gone (broken, or removed with a body)")
        }
        do { try world.space.remove(world.joints[index]) } catch { throw ScriptError("\(error)") }
        // Kept as a joint that is nowhere, as one gone with a body is.
        world.joints[index] = Joint(world.jointSpec(index).kind.recorded, a: Body(kind: .dynamic), b: Body(kind: .dynamic))
        vm.unbind(joint: index)
    }

    /// body:setType: as the World changes a kind (World+Kinds.swift). The bindings hold the
    /// same Chipmunk body, so they stay; only what drawing derives is made anew.
    package func scriptSetType(body index: Int, to type: ScriptBodyType, mass: Double?, moment: Double?, work: inout Int) throws(ScriptError) {
        let bound = bodiesRevision == world.bodiesRevision
        let kind: Body.Kind = switch type {
        case .dynamic: .dynamic
        case .kinematic: .kinematic
        case .static: .static
        }
        do { try world.changeKind(of: index, to: kind, mass: mass, moment: moment, work: &work) } catch { throw ScriptError(error.message) }
        if bound { bodiesRevision = world.bodiesRevision }
    }

    /// The reader's first error, without its file (the script's message names the call).
    private static func decoded<T>(_ read: () throws(SceneErrors) -> T) throws(ScriptError) -> T {
        do { return try read() } catch {
            guard let first = error.errors.first else { throw ScriptError("not one the scene format takes") }
            throw ScriptError(first.path.isEmpty ? first.message : "\(first.path): \(first.message)")
        }
    }
}
