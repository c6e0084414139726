import CrateboxGeometry
import SceneFormat

/// The scene's own panel, shown when nothing is selected: gravity, walls,
/// sleeping, the solver, the body a click spawns while playing, and the script.
extension Document {
    /// The bodies a click can spawn, by name (the first is the format's default).
    public static let spawnChoices: [(name: String, body: BodySpec)] = [
        ("crate 32", Scene.defaultSpawn),
        ("crate 16", BodySpec(type: .dynamic, position: .zero, mass: .mass(25),
                              shapes: [ShapeSpec(geometry: .box(width: 16, height: 16, radius: 0))], look: .crate)),
        ("crate 64", BodySpec(type: .dynamic, position: .zero, mass: .mass(400),
                              shapes: [ShapeSpec(geometry: .box(width: 64, height: 64, radius: 0))], look: .crate)),
        ("ball 16", BodySpec(type: .dynamic, position: .zero, mass: .mass(80),
                             shapes: [ShapeSpec(geometry: .circle(radius: 16, offset: .zero))], look: .ball)),
    ]

    static func properties(of scene: Scene) -> [Property] {
        var rows: [Property] = [.number(.gravityX, scene.gravity.x), .number(.gravityY, scene.gravity.y),
                                .choice(.walls, scene.walls == nil ? "off" : "on")]
        if let walls = scene.walls { rows += [.number(.wallFriction, walls.friction), .number(.wallElasticity, walls.elasticity)] }
        rows.append(.number(.sleepTime, scene.sleepTime ?? .infinity))
        rows[rows.count - 1].text = scene.sleepTime == nil ? "never" : rows[rows.count - 1].text
        rows += [.number(.iterations, Double(scene.iterations)), .number(.spaceDamping, scene.damping)]
        let spawn = Document.spawnChoices.first { $0.body == scene.spawn }?.name ?? "custom"
        rows.append(.choice(.spawn, spawn))
        rows.append(.choice(.script, scene.script ?? "none"))
        return rows
    }

    static func set(_ key: Property.Key, _ value: Double, on scene: inout Scene) {
        switch key {
        case .gravityX: scene.gravity.x = value
        case .gravityY: scene.gravity.y = value
        case .wallFriction: scene.walls?.friction = value
        case .wallElasticity: scene.walls?.elasticity = value
        case .sleepTime: scene.sleepTime = value.isFinite ? value : nil
        case .iterations: scene.iterations = Int(min(max(value.rounded(), -1e9), 1e9))  // out of range: the validator says so
        case .spaceDamping: scene.damping = value
        default: break
        }
    }

    /// Walls on or off; the spawn body through its choices.
    mutating func cycleScene(_ key: Property.Key, by step: Int) throws(EditRefused) {
        guard selection == nil else { return }
        let offered = scriptChoices
        try edit { scene throws(EditRefused) in
            switch key {
            case .walls: scene.walls = scene.walls == nil ? Scene.Walls() : nil
            case .spawn:
                let names = Document.spawnChoices
                let at = names.firstIndex { $0.body == scene.spawn } ?? (step > 0 ? -1 : 0)
                scene.spawn = names[((at + step) % names.count + names.count) % names.count].body
            case .script:
                // "none", then the scripts beside the scene; a scene's own script stays a choice.
                var choices: [(name: String, text: String)?] = [nil] + offered.map { $0 }
                if let name = scene.script, !offered.contains(where: { $0.name == name }) { choices.append((name, scene.scriptText ?? "")) }
                let at = choices.firstIndex { $0?.name == scene.script } ?? 0
                let next = choices[((at + step) % choices.count + choices.count) % choices.count]
                // The modules read with the scene stay (16.18): the next script finds those it shares.
                scene.useScript(next?.name, text: next?.text, modules: scene.scriptModules)
                if next == nil { scene.scriptSeed = nil }  // a seed is only for a script
            default: break
            }
            return nil
        }
    }
}
