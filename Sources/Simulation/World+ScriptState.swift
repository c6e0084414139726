import Bytes
import Scripting

/// The script's part of a world's exact state (docs/scene-format.md 16.6):
/// `math.random`'s four words, what it last said, and the global `state` as
/// bytes. The rest of a script's state is what its top level left, which a
/// world read back makes again by running the top level as the build did.
struct ScriptPart {
    var random: [UInt64]
    var said: String
    var state: [UInt8]

    /// The exact state's version with a script's part (a world without a
    /// script writes version 2, unchanged, so its bytes stay the same).
    static let version = "cratebox world 3"

    func write(to w: inout ByteWriter) {
        for word in random { w.u64(word) }
        w.string(said)
        w.block(state)
    }

    static func read(from r: inout ByteReader) throws(ByteReader.Malformed) -> ScriptPart {
        let random = [try r.u64(), try r.u64(), try r.u64(), try r.u64()]
        guard random != [0, 0, 0, 0] else { throw ByteReader.Malformed("math.random's state is all zeros, which xoshiro256** never reaches") }
        let said = try r.string()
        guard said.utf8.count <= 200 else { throw ByteReader.Malformed("what the script said is longer than world:say keeps (200 bytes)") }
        return ScriptPart(random: random, said: said, state: try r.block())
    }
}

extension World {
    /// The script's part of the exact state, or why this moment has none
    /// (something beside `state` changed since the top level, or `state` is not plain data).
    func scriptPart() throws(WorldError) -> ScriptPart? {
        guard let script, let name = scene.script else { return nil }
        do {
            return ScriptPart(random: script.randomState, said: script.said ?? "", state: try script.savedState())
        } catch {
            throw WorldError("\(name): \(error.message); no exact state of this moment can be written")
        }
    }

    /// Gives a world read back its script: the top level runs in a world
    /// just built from the scene at the step of the build this state comes
    /// from (as the session's own build ran it), then `state`, `math.random`
    /// and the said line are set from the part.
    func restoreScript(_ part: ScriptPart?) throws(WorldError) {
        guard let name = scene.script else {
            if part != nil { throw WorldError("not the exact state of this scene: it has a script's part, and the scene has no script") }
            return
        }
        guard let part else { throw WorldError("not the exact state of this scene: the scene has a script (\(name)), and the state has no part for it") }
        let vm: ScriptVM
        do {
            let built = try World(scene: scene, resetAtStep: stepCount - stepsSinceBuild)
            guard let made = built.script else { throw WorldError("\(name): the script did not start") }
            if let differ = space.settingsDiffer(from: built.space) { throw WorldError("not the exact state of this scene: \(differ)") }
            vm = made
        } catch let error as WorldError {
            throw error
        } catch {
            throw WorldError("\(error)")
        }
        do { try vm.restore(state: part.state) } catch { throw WorldError("\(name): \(error.message)") }
        vm.randomState = part.random
        vm.say(part.said)
        vm.attach(to: space.chipmunkSpace)  // leaving the space just built for it
        script = vm
        bindScriptBodies()
        // An exact copy of a space gives its bodies Chipmunk's own functions: the scene says which are the script's.
        for case let entry? in bodies where entry.spec.velocityFunction != nil || entry.spec.positionFunction != nil {
            entry.body.useScriptFunctions(velocity: entry.spec.velocityFunction != nil, position: entry.spec.positionFunction != nil)
        }
        for (index, joint) in joints.enumerated() where index < scene.joints.count { Self.giveScriptFunctions(scene.joints[index], to: joint) }
        bindScriptJoints()
    }
}
