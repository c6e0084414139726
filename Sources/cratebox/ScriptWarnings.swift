import SceneFormat

/// What `validate` warns about in a valid scene's script (scene-format.md
/// 16.16): a collision handler for a type no shape of the scene has (it never
/// fires, unless the script spawns such a shape), and a key `world:isDown`
/// asks for that the window never gives: not a key or button a scene may
/// bind, a button no control binds, or a key no control binds while the
/// script has no `keypressed` or `keyreleased` (16.13).
struct ScriptWarnings {
    let scene: Scene
    /// The types the script's world:onCollision calls named, in order.
    let handlerTypes: [String]
    /// Whether the script defines `keypressed` or `keyreleased`.
    let takesKeys: Bool

    var lines: [String] { collisionTypes + keys }

    /// Each type a handler names that no shape has, once: not the scene's
    /// bodies', not the spawn body's, and not one the script's text gives a
    /// shape it spawns or sets (`collisionType = "name"`, `"collisionType": "name"` in JSON, `setCollisionType("name")`).
    var collisionTypes: [String] {
        let had = Set((scene.bodies + [scene.spawn]).flatMap { $0.shapes.compactMap(\.collisionType) } + literals(after: "collisionType") + literals(after: "collisionType\"") + literals(after: "setCollisionType("))
        var warned: [String] = []
        for name in handlerTypes where !had.contains(name) && !warned.contains(name) { warned.append(name) }
        return warned.map { "no shape has the collision type \"\($0)\" that world:onCollision names: its handler never fires (unless the script spawns such a shape)" }
    }

    /// The names `world:isDown("...")` is given as a literal in the script, once each, in order.
    var isDownNames: [String] { literals(after: "isDown(") }

    /// Each string literal that follows `marker` in the script's text and its
    /// modules' (past spaces, `=` and `:`), once each, in order.
    func literals(after marker: String) -> [String] {
        guard let script = scene.scriptText else { return [] }
        let text = ([script] + scene.scriptModules.map(\.text)).joined(separator: "\n")
        var names: [String] = []
        var rest = Substring(text)
        while let call = rest.firstRange(of: marker) {
            rest = rest[call.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == ":" })
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let body = rest.dropFirst()
            guard let end = body.firstIndex(of: quote) else { break }
            let name = String(body[..<end])
            if !names.contains(name) { names.append(name) }
            rest = body[end...]
        }
        return names
    }

    var keys: [String] {
        let bound = Set(scene.controls.map(\.trigger))
        return isDownNames.compactMap { name in
            if ControlTrigger.keyNames.contains(name) {
                if bound.contains(.key(name)) || takesKeys { return nil }
                return "world:isDown(\"\(name)\"): no control binds the key \(name) and the script has no keypressed or keyreleased, so the window never gives it (bind it in controls, or define keypressed)"
            }
            if ControlTrigger.buttonNames.contains(name) {
                return bound.contains(.button(name)) ? nil : "world:isDown(\"\(name)\"): no control binds the button \(name), so it is never held"
            }
            return "world:isDown(\"\(name)\"): \"\(name)\" is not a key or button a scene may bind (the window keeps Escape and the function keys), so it is never held"
        }
    }
}
