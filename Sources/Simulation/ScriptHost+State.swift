import Bytes
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
import Scripting

/// The script's part of a world's exact state (docs/scene-format.md 16.6):
/// `math.random`'s four words, what it last said, and the global `state` as
/// bytes. The rest of a script's state is what its top level left, which a
/// world read back makes again by running the top level as the build did.
struct ScriptPart {
    var random: [UInt64]
    var said: String
    var state: [UInt8]
    /// Where the pointer is (version 4; a version 3 state has it at (0, 0)).
    var pointer = (x: 0.0, y: 0.0)
    /// What world:reset(keep) gave this build's script (version 6, written only when there is one: 16.9).
    var kept: [UInt8]?
    /// The bodies the script made that are still here (construction index and
    /// spec as JSON), and the joints it made (spec as JSON without its ends, and its ends: -1 the world's body).
    var bodies: [(index: Int, json: String)] = []
    var joints: [(json: String, a: Int, b: Int)] = []
    /// The labels shown and the looks the script set (version 7, written only when there are any: 16.17),
    /// the looks of live bodies whose look is not their spec's, in increasing construction index.
    var labels: [WorldLabel] = []
    var looks: [(index: Int, look: Look)] = []

    /// The exact state's version with a script's part (a world without a
    /// script writes version 2, unchanged, so its bytes stay the same).
    static let version = "cratebox world 5"
    /// The version with what world:reset(keep) kept (written only when a build has it).
    static let versionWithKept = "cratebox world 6"
    /// The version with labels and looks (written only when the script shows or set some).
    static let versionWithLooks = "cratebox world 7"
    /// The version whose script digest left the functions' code out (read, never written).
    static let versionWithoutCode = "cratebox world 4"
    /// The version before the pointer was part of it (read, never written).
    static let versionWithoutPointer = "cratebox world 3"
    /// Every version with a script's part.
    static let versions = [versionWithLooks, versionWithKept, version, versionWithoutCode, versionWithoutPointer]

    /// The version this part is written with.
    var writtenVersion: String {
        !labels.isEmpty || !looks.isEmpty ? Self.versionWithLooks : kept == nil ? Self.version : Self.versionWithKept
    }

    /// Whether its script digest leaves the functions' code out (versions 3 and 4).
    var digestWithoutCode = false

    func write(to w: inout ByteWriter) {
        for word in random { w.u64(word) }
        w.string(said)
        w.f64(pointer.x)
        w.f64(pointer.y)
        if writtenVersion == Self.versionWithLooks { w.bool(kept != nil) }
        if let kept { w.block(kept) }
        w.block(state)
        w.i64(bodies.count)
        for body in bodies {
            w.i64(body.index)
            w.string(body.json)
        }
        w.i64(joints.count)
        for joint in joints {
            w.string(joint.json)
            w.i64(joint.a)
            w.i64(joint.b)
        }
        guard writtenVersion == Self.versionWithLooks else { return }
        w.i64(labels.count)
        for label in labels {
            w.string(label.id)
            w.string(label.text)
            for v in [label.x, label.y, label.size] { w.f64(v) }
            w.bool(label.screen)
            w.u32(label.color)
            w.u8(UInt8(label.align))
        }
        w.i64(looks.count)
        for (index, look) in looks {
            w.i64(index)
            WorldBody.write(look, to: &w)
        }
    }

    static func read(from r: inout ByteReader, version: String) throws(ByteReader.Malformed) -> ScriptPart {
        let random = [try r.u64(), try r.u64(), try r.u64(), try r.u64()]
        guard random != [0, 0, 0, 0] else { throw ByteReader.Malformed("math.random's state is all zeros, which xoshiro256** never reaches") }
        let said = try r.string()
        guard said.utf8.count <= 200 else { throw ByteReader.Malformed("what the script said is longer than world:say keeps (200 bytes)") }
        var pointer = (x: 0.0, y: 0.0)
        if version != Self.versionWithoutPointer {
            pointer = (try r.f64(), try r.f64())
            guard pointer.x.isFinite, pointer.y.isFinite, abs(pointer.x) <= Limits.coordinate, abs(pointer.y) <= Limits.coordinate else {
                throw ByteReader.Malformed("the pointer is not a point a pointer event may give")
            }
        }
        let keptFollows = version == Self.versionWithLooks ? try r.bool() : version == Self.versionWithKept
        let kept = keptFollows ? try r.block() : nil
        var part = ScriptPart(random: random, said: said, state: try r.block(), pointer: pointer)
        part.kept = kept
        part.digestWithoutCode = version == Self.versionWithoutCode || version == Self.versionWithoutPointer
        for _ in 0..<(try r.count(each: 16)) {
            let index = try r.i64()
            guard index >= 0, index <= World.maxBodyIndex, part.bodies.last.map({ $0.index < index }) ?? true else {
                throw ByteReader.Malformed("the script's bodies are not in increasing construction index")
            }
            part.bodies.append((index, try r.string()))
        }
        for _ in 0..<(try r.count(each: 24)) {
            let json = try r.string(), a = try r.i64(), b = try r.i64()
            guard (-1...World.maxBodyIndex).contains(a), (-1...World.maxBodyIndex).contains(b) else { throw ByteReader.Malformed("a script's joint joins bodies a world cannot have") }
            part.joints.append((json, a, b))
        }
        if version == Self.versionWithLooks { try part.readLooks(from: &r) }
        return part
    }

    /// Version 7's labels and looks; each label is checked as world:text checks it when it is shown again.
    private mutating func readLooks(from r: inout ByteReader) throws(ByteReader.Malformed) {
        for _ in 0..<(try r.count(each: 39)) {
            let id = try r.utf8(), text = try r.utf8()
            let x = try r.f64(), y = try r.f64(), size = try r.f64(), screen = try r.bool(), color = try r.u32(), align = Int(try r.u8())
            labels.append(WorldLabel(id: id, text: text, x: x, y: y, screen: screen, size: size, color: color, align: align))
        }
        for _ in 0..<(try r.count(each: 9)) {
            let index = try r.i64()
            guard index >= 0, index <= World.maxBodyIndex, looks.last.map({ $0.index < index }) ?? true else {
                throw ByteReader.Malformed("the looks are not of bodies in increasing construction index")
            }
            looks.append((index, try WorldBody.readLook(from: &r)))
        }
        guard !labels.isEmpty || !looks.isEmpty else { throw ByteReader.Malformed("a state of version 7 shows no label and sets no look") }
    }

    /// Each body's spec, read as world:spawn reads it; by construction index (lookups only).
    func bodySpecs(file: String) throws(ByteReader.Malformed) -> [Int: BodySpec] {
        var specs: [Int: BodySpec] = [:]
        for body in bodies {
            do { specs[body.index] = try Scene.decodeBody(body.json, file: file, path: "body \(body.index)") } catch {
                throw ByteReader.Malformed("the script's body \(body.index) is not one world:spawn makes: \(error.errors.first.map { "\($0)" } ?? "")")
            }
        }
        return specs
    }

    /// Each joint's spec, read as world:addJoint reads it, its ends the bodies given, without
    /// section 8's spring and pin checks: those held when it was made, and the springs' loads
    /// are checked as they are now (RestoredWorld.checkSpringsAndJoints).
    func jointSpecs(file: String, bodySpec: (Int) -> BodySpec?) throws(ByteReader.Malformed) -> [JointSpec] {
        // A joint whose body went since is nowhere: its spec is read against a stand-in body.
        let standIn = BodySpec(type: .dynamic, position: .zero, angle: 0, velocity: .zero, angularVelocity: 0, mass: .mass(1),
                               shapes: [ShapeSpec(geometry: .circle(radius: 1, offset: .zero))], look: .plain)
        return try joints.enumerated().map { (k, joint) throws(ByteReader.Malformed) -> JointSpec in
            let a = joint.a < 0 ? nil : bodySpec(joint.a) ?? standIn, b = joint.b < 0 ? nil : bodySpec(joint.b) ?? standIn
            var spec: JointSpec
            do { spec = try Scene.decodeJoint(joint.json, a: a, b: b, file: file, path: "joint \(k)", section8: false) } catch let error as SceneErrors {
                throw ByteReader.Malformed("the script's joint \(k) is not one world:addJoint makes: \(error.errors.first.map { "\($0)" } ?? "")")
            } catch {
                throw ByteReader.Malformed("the script's joint \(k) is not one world:addJoint makes")
            }
            spec.a = joint.a < 0 ? .world : .body(joint.a)
            spec.b = joint.b < 0 ? .world : .body(joint.b)
            return spec
        }
    }
}

extension ScriptHost {
    /// The script's part of the exact state, or why this moment has none
    /// (something beside `state` changed since the top level, or `state` is not plain data).
    func part() throws(WorldError) -> ScriptPart {
        do {
            var part = ScriptPart(random: vm.randomState, said: vm.said ?? "", state: try vm.savedState(), pointer: (world.pointer.x, world.pointer.y))
            part.kept = world.kept
            part.labels = labels
            for (index, entry) in world.bodies.enumerated() {
                guard let entry, let code = vm.lookCode(of: index), let look = Look(code: code), look != entry.look else { continue }
                part.looks.append((index, look))
            }
            for (index, entry) in world.bodies.enumerated() where entry?.madeByScript == true {
                part.bodies.append((index, Scene.bodyJSON(entry!.spec)))
            }
            for spec in world.scriptJoints {
                func end(_ ref: BodyRef) -> Int { if case .body(let i) = ref { i } else { -1 } }
                part.joints.append((Scene.jointJSON(spec), end(spec.a), end(spec.b)))
            }
            return part
        } catch {
            throw WorldError("\(name): \(error.message); no exact state of this moment can be written")
        }
    }

    /// The host of a world read back: the top level runs in a world just built
    /// from the scene at the step of the build this state comes from (as the
    /// session's own build ran it), then `state`, `math.random` and the said
    /// line are set from the part. Nil when the scene has no script.
    static func restored(_ part: ScriptPart?, in world: World) throws(WorldError) -> ScriptHost? {
        let scene = world.scene
        guard let name = scene.script else {
            if part != nil { throw WorldError("not the exact state of this scene: it has a script's part, and the scene has no script") }
            return nil
        }
        guard let part else { throw WorldError("not the exact state of this scene: the scene has a script (\(name)), and the state has no part for it") }
        let vm: ScriptVM
        do {
            let built = try World(scene: scene, resetAtStep: world.stepCount - world.stepsSinceBuild, kept: part.kept)
            guard let made = built.script?.vm else { throw WorldError("\(name): the script did not start") }
            if let differ = world.space.settingsDiffer(from: built.space) { throw WorldError("not the exact state of this scene: \(differ)") }
            vm = made
        } catch let error as WorldError {
            throw error
        } catch {
            throw WorldError("\(error)")
        }
        vm.tell(steps: world.stepCount, held: [])  // the timers read back are due from now on (16.15)
        do { try vm.restore(state: part.state, withoutCode: part.digestWithoutCode) } catch { throw WorldError("\(name): \(error.message)") }
        vm.randomState = part.random
        vm.say(part.said)
        world.kept = part.kept
        world.pointer = Vector(part.pointer.x, part.pointer.y)
        let host = ScriptHost(vm: vm, name: name, world: world)  // leaving the space just built for it
        host.bindBodies()
        try host.show(part.labels, looks: part.looks)
        // An exact copy of a space gives its bodies Chipmunk's own functions: the scene says which are the script's.
        for case let entry? in world.bodies where entry.spec.velocityFunction != nil || entry.spec.positionFunction != nil {
            entry.body.useScriptFunctions(velocity: entry.spec.velocityFunction != nil, position: entry.spec.positionFunction != nil)
        }
        for (index, joint) in world.joints.enumerated() { giveFunctions(world.jointSpec(index), to: joint) }
        host.bindJoints()
        return host
    }
}

extension ScriptHost {
    /// Shows a state's labels and sets its looks, each checked as the script's calls check it.
    /// What the top level just run again showed and set is cleared first: the state says all of it.
    func show(_ labels: [WorldLabel], looks: [(index: Int, look: Look)]) throws(WorldError) {
        vm.clearLabels()
        for (index, entry) in world.bodies.enumerated() {
            guard let entry else { continue }
            _ = vm.setLookCode(entry.look.code, of: index)
        }
        var ids = Set<[UInt8]>()  // membership only; by bytes (Swift's == would take "é" two ways as one)
        for label in labels {
            guard ids.insert(Array(label.id.utf8)).inserted else { throw WorldError("not an exact state: two labels have the id \"\(label.id)\"") }
            if let problem = vm.show(label) { throw WorldError("not an exact state: a label is not one world:text shows: \(problem)") }
        }
        for (index, look) in looks {
            guard world.bodies.indices.contains(index), let entry = world.bodies[index], look != entry.look, vm.setLookCode(look.code, of: index) else {
                throw WorldError("not an exact state: body \(index)'s look is set, and it is no live body or has that look already")
            }
        }
    }
}
