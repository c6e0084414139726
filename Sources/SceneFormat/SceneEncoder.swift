import Animation
import JSONText
import CrateboxGeometry

extension Scene {
    /// The scene as a `cratebox/scene@1` document that decodes back to it.
    public func json() -> String {
        // Bindings name what they drive by id: whatever has none gets one in the text.
        if !controls.isEmpty {
            var named = self
            named.nameControlTargets()
            if named != self { return named.json() }
        }
        var lines: [String] = []
        lines.append("{")
        if let schema { lines.append("  \"$schema\": \(q(schema)),") }
        lines.append("  \"format\": \(q(Scene.format)),")
        lines.append("  \"name\": \(q(name)),")
        lines.append("  \"bounds\": \(pair(width, height)),")
        if origin != .zero { lines.append("  \"origin\": \(point(origin)),") }
        lines.append("  \"gravity\": \(pair(gravity.x, gravity.y)),")
        if let walls {
            lines.append("  \"walls\": {\"radius\": \(n(walls.radius)), \"friction\": \(n(walls.friction)), \"elasticity\": \(n(walls.elasticity))},")
        } else {
            lines.append("  \"walls\": false,")
        }
        lines.append("  \"iterations\": \(iterations),")
        lines.append("  \"damping\": \(n(damping)),")
        lines.append("  \"sleepTime\": \(sleepTime.map(n) ?? "null"),")
        if let collisionSlop { lines.append("  \"collisionSlop\": \(n(collisionSlop)),") }
        if let collisionBias { lines.append("  \"collisionBias\": \(n(collisionBias)),") }
        if let collisionPersistence { lines.append("  \"collisionPersistence\": \(collisionPersistence),") }
        if let idleSpeedThreshold { lines.append("  \"idleSpeedThreshold\": \(n(idleSpeedThreshold)),") }
        if let spatialHash {
            lines.append("  \"spatialHash\": {\"cellSize\": \(n(spatialHash.cellSize)), \"cells\": \(spatialHash.cells)},")
        }
        if !fluids.isEmpty {
            lines.append("  \"fluids\": [\(fluids.map(fluid).joined(separator: ", "))],")
        }
        if let script { lines.append("  \"script\": \(JSONText.quote(script)),") }
        if let scriptSeed { lines.append("  \"scriptSeed\": \(scriptSeed),") }
        if rightClickToScript { lines.append("  \"rightClick\": \"script\",") }
        if sandbox.allOff {
            lines.append("  \"sandbox\": false,")
        } else if !sandbox.off.isEmpty {
            lines.append("  \"sandbox\": {\(sandbox.off.map { "\"\($0.rawValue)\": false" }.joined(separator: ", "))},")
        }
        if let view = writtenView {
            lines.append("  \"view\": {\(view)},")
        }
        if !attractors.isEmpty {
            lines.append("  \"attractors\": [\(attractors.map(attractor).joined(separator: ", "))],")
        }
        lines.append("  \"spawn\": \(body(spawn, withPosition: false)),")
        lines.append("  \"bodies\": [")
        lines.append(bodies.map { "    " + body($0, withPosition: true) }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"joints\": [")
        lines.append(joints.map { "    " + joint($0) }.joined(separator: ",\n"))
        if controls.isEmpty {
            lines.append("  ]")
        } else {
            lines.append("  ],")
            lines.append("  \"controls\": [")
            lines.append(controls.map { "    " + binding($0) }.joined(separator: ",\n"))
            lines.append("  ]")
        }
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    func n(_ x: Double) -> String { NumberText.shortest(x) }

    private func pair(_ x: Double, _ y: Double) -> String { "[\(n(x)), \(n(y))]" }
    private func point(_ v: Vector) -> String { pair(v.x, v.y) }

    func q(_ s: String) -> String { JSONText.quote(s) }

    private func fluid(_ f: FluidSpec) -> String {
        "{\"min\": \(point(f.min)), \"max\": \(point(f.max)), \"density\": \(n(f.density)), \"linearDrag\": \(n(f.linearDrag)), \"angularDrag\": \(n(f.angularDrag))}"
    }

    private func attractor(_ a: AttractorSpec) -> String {
        "{\"position\": \(point(a.position)), \"strength\": \(n(a.strength)), \"radius\": \(n(a.radius))}"
    }

    func body(_ b: BodySpec, withPosition: Bool) -> String {
        var fields: [String] = []
        if let id = b.id { fields.append("\"id\": \(q(id))") }
        fields.append("\"type\": \(q(b.type.rawValue))")
        if withPosition { fields.append("\"position\": \(point(b.position))") }
        if b.angle != 0 { fields.append("\"angle\": \(n(b.angle))") }
        if b.velocity != .zero { fields.append("\"velocity\": \(point(b.velocity))") }
        if b.angularVelocity != 0 { fields.append("\"angularVelocity\": \(n(b.angularVelocity))") }
        switch b.mass {
        case .mass(let m)?: fields.append("\"mass\": \(n(m))")
        case .density(let d)?: fields.append("\"density\": \(n(d))")
        case nil: break
        }
        switch b.moment {
        case .value(let m)?: fields.append("\"moment\": \(n(m))")
        case .infinite?: fields.append("\"moment\": \"infinite\"")
        case nil: break
        }
        fields.append("\"shapes\": [\(b.shapes.map(shape).joined(separator: ", "))]")
        if let animation = b.animation { fields.append("\"animation\": \(self.animation(animation))") }
        if b.trace { fields.append("\"trace\": true") }
        if let v = b.velocityFunction { fields.append("\"velocityFunction\": \(JSONText.quote(v))") }
        if let v = b.positionFunction { fields.append("\"positionFunction\": \(JSONText.quote(v))") }
        switch b.look {
        case .crate: fields.append("\"look\": \"crate\"")
        case .ball: fields.append("\"look\": \"ball\"")
        case .plain: fields.append("\"look\": \"plain\"")
        case .color(let rgb):
            let hex = String(rgb, radix: 16)
            fields.append("\"look\": \"#\(String(repeating: "0", count: 6 - hex.count) + hex)\"")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private func animation(_ a: AnimationSpec) -> String {
        func common<V>(_ track: AnimationTrack<V>, _ property: String, _ values: [String]) -> String {
            var fields = ["\"property\": \(q(property))", "\"values\": [\(values.joined(separator: ", "))]",
                          "\"keyTimes\": [\(track.keyTimes.map(n).joined(separator: ", "))]",
                          "\"timingFunctions\": [\(track.timingFunctions.map(function).joined(separator: ", "))]",
                          "\"duration\": \(n(track.duration))", "\"beginTime\": \(n(track.beginTime))"]
            if track.timeOffset != 0 { fields.append("\"timeOffset\": \(n(track.timeOffset))") }
            switch track.repeatCount {
            case .forever: fields.append("\"repeat\": \"forever\"")
            case .times(let count): fields.append("\"repeat\": \(n(count))")
            }
            fields.append("\"autoreverses\": \(track.autoreverses)")
            return "{" + fields.joined(separator: ", ") + "}"
        }
        switch a {
        case .position(let track): return common(track, "position", track.values.map { pair($0.x, $0.y) })
        case .angle(let track): return common(track, "angle", track.values.map(n))
        }
    }

    private func function(_ f: TimingFunction) -> String {
        if let name = f.name { return q(name) }
        return "[\(n(f.x1)), \(n(f.y1)), \(n(f.x2)), \(n(f.y2))]"
    }

    private func shape(_ s: ShapeSpec) -> String {
        var fields: [String] = []
        switch s.geometry {
        case .box(let w, let h, let r): fields += ["\"box\": \(pair(w, h))", "\"radius\": \(n(r))"]
        case .circle(let r, let offset): fields += ["\"circle\": \(n(r))", "\"offset\": \(point(offset))"]
        case .polygon(let vertices, let r): fields += ["\"polygon\": [\(vertices.map(point).joined(separator: ", "))]", "\"radius\": \(n(r))"]
        case .segment(let a, let b, let r): fields += ["\"segment\": [\(point(a)), \(point(b))]", "\"radius\": \(n(r))"]
        }
        fields += ["\"friction\": \(n(s.friction))", "\"elasticity\": \(n(s.elasticity))"]
        if s.sensor { fields.append("\"sensor\": true") }
        if let f = s.filter { fields += ["\"group\": \(f.group)", "\"categories\": \(f.categories)", "\"mask\": \(f.mask)"] }
        if let v = s.surfaceVelocity { fields.append("\"surfaceVelocity\": \(point(v))") }
        if let v = s.oneWay { fields.append("\"oneWay\": \(point(v))") }
        if let v = s.collisionType { fields.append("\"collisionType\": \(JSONText.quote(v))") }
        if let v = s.sound { fields.append("\"sound\": \(JSONText.quote(v.rawValue))") }
        switch s.mass {
        case .mass(let m)?: fields.append("\"mass\": \(n(m))")
        case .density(let d)?: fields.append("\"density\": \(n(d))")
        case nil: break
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    func joint(_ j: JointSpec, withEnds: Bool = true) -> String {
        func ref(_ r: BodyRef) -> String {
            switch r {
            case .world: return q("world")
            case .body(let i): return q(bodies[i].id ?? "")
            }
        }
        var fields = withEnds ? ["\"a\": \(ref(j.a))", "\"b\": \(ref(j.b))"] : []
        if let id = j.id { fields.insert("\"id\": \(q(id))", at: 0) }
        switch j.kind {
        case .pivot(let anchor): fields.insert("\"type\": \"pivot\"", at: 0); fields.append("\"anchor\": \(point(anchor))")
        case .pivotAnchors(let a, let b):
            fields.insert("\"type\": \"pivot\"", at: 0)
            fields += ["\"anchorA\": \(point(a))", "\"anchorB\": \(point(b))"]
        case .pin(let a, let b, let distance):
            fields.insert("\"type\": \"pin\"", at: 0)
            fields += ["\"anchorA\": \(point(a))", "\"anchorB\": \(point(b))"]
            if let distance { fields.append("\"distance\": \(n(distance))") }
        case .slide(let a, let b, let lo, let hi):
            fields.insert("\"type\": \"slide\"", at: 0)
            fields += ["\"anchorA\": \(point(a))", "\"anchorB\": \(point(b))", "\"min\": \(n(lo))", "\"max\": \(n(hi))"]
        case .spring(let a, let b, let rest, let k, let d):
            fields.insert("\"type\": \"spring\"", at: 0)
            fields += ["\"anchorA\": \(point(a))", "\"anchorB\": \(point(b))", "\"restLength\": \(n(rest))", "\"stiffness\": \(n(k))", "\"damping\": \(n(d))"]
        case .motor(let rate): fields.insert("\"type\": \"motor\"", at: 0); fields.append("\"rate\": \(n(rate))")
        case .groove(let ga, let gb, let anchorB):
            fields.insert("\"type\": \"groove\"", at: 0)
            fields += ["\"grooveA\": [\(point(ga)), \(point(gb))]", "\"anchorB\": \(point(anchorB))"]
        case .rotarySpring(let rest, let k, let d):
            fields.insert("\"type\": \"rotarySpring\"", at: 0)
            fields += ["\"restAngle\": \(n(rest))", "\"stiffness\": \(n(k))", "\"damping\": \(n(d))"]
        case .rotaryLimit(let lo, let hi):
            fields.insert("\"type\": \"rotaryLimit\"", at: 0)
            fields += ["\"min\": \(n(lo))", "\"max\": \(n(hi))"]
        case .ratchet(let phase, let ratchet):
            fields.insert("\"type\": \"ratchet\"", at: 0)
            fields += ["\"phase\": \(n(phase))", "\"ratchet\": \(n(ratchet))"]
        case .gear(let phase, let ratio):
            fields.insert("\"type\": \"gear\"", at: 0)
            fields += ["\"phase\": \(n(phase))", "\"ratio\": \(n(ratio))"]
        }
        if j.maxForce.isFinite { fields.append("\"maxForce\": \(n(j.maxForce))") }
        if j.collide { fields.append("\"collide\": true") }
        if let v = j.maxBias { fields.append("\"maxBias\": \(n(v))") }
        if let v = j.errorBias { fields.append("\"errorBias\": \(n(v))") }
        if let v = j.breakForce { fields.append("\"breakForce\": \(n(v))") }
        for (key, name) in zip(["forceFunction", "torqueFunction", "preSolve", "postSolve"], j.functions.all) {
            if let name { fields.append("\"\(key)\": \(JSONText.quote(name))") }
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private func binding(_ b: ControlBinding) -> String {
        var fields: [String] = []
        switch b.trigger {
        case .key(let name): fields.append("\"key\": \(q(name))")
        case .button(let name): fields.append("\"button\": \(q(name))")
        }
        if let label = b.label { fields.append("\"label\": \(q(label))") }
        switch b.action {
        case .motor(let joint, let rate, let maxForce):
            fields += ["\"motor\": \(q(joints[joint].id ?? ""))", "\"rate\": \(n(rate))"]
            if let maxForce { fields.append("\"maxForce\": \(n(maxForce))") }
        case .thruster(let body, let force, let at):
            fields += ["\"body\": \(q(bodies[body].id ?? ""))", "\"force\": \(point(force))"]
            if at != .zero { fields.append("\"at\": \(point(at))") }
        case .servo(let body, let velocity, let spin, let local):
            fields += ["\"body\": \(q(bodies[body].id ?? ""))", "\"velocity\": \(point(velocity))"]
            if spin != 0 { fields.append("\"angularVelocity\": \(n(spin))") }
            if local { fields.append("\"local\": true") }
        case .winch(let joint, let speed):
            fields += ["\"winch\": \(q(joints[joint].id ?? ""))", "\"speed\": \(n(speed))"]
        case .script:
            break
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

extension Scene {
    /// The `view` object's members as written: a followed body that is gone
    /// (removed, or renamed in build mode) is left out, so the file reads back.
    var writtenView: String? {
        guard let view = followingWhatIsThere.view else { return nil }
        return [view.follow.map { "\"follow\": \(q($0))" }, view.width.map { "\"width\": \(n($0))" }].compactMap { $0 }.joined(separator: ", ")
    }
}

extension Scene {
    /// The scene as its file reads back: `view` without a followed body that
    /// is gone or static (removed, renamed or made static in build mode), and
    /// no `view` when nothing is left of it.
    public var followingWhatIsThere: Scene {
        guard let view else { return self }
        var scene = self
        if let id = view.follow, !bodies.contains(where: { $0.id == id && $0.type != .static }) { scene.view?.follow = nil }
        if scene.view?.follow == nil && scene.view?.width == nil { scene.view = nil }
        return scene
    }
}
