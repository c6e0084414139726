import JSONText

/// A body or a joint of the format on its own, as a scene's script makes
/// them (docs/scene-format.md 16.11): read by the scene reader's own rules,
/// and written back the same way (an exact state keeps them as this text).
extension Scene {
    /// One body object (sections 6 and 13), `path` naming it in errors.
    public static func decodeBody(_ text: String, file: String, path: String) throws(SceneErrors) -> BodySpec {
        var reader = SceneReader(file: file)
        let node = try parse(text, file: file, path: path)
        guard let body = reader.body(node, path, isSpawn: false), reader.errors.isEmpty else { throw SceneErrors(errors: reader.errors) }
        return body
    }

    /// One joint object (sections 7 and 13.4) between bodies `a` and `b`
    /// (nil: the world's static body), without its own `a` and `b`: in the
    /// result, body 0 is `a` and body 1 is `b`. `section8`: with section 8's
    /// checks of a spring's stiffness and a pin's length against these bodies
    /// (world:addJoint; an exact state's joints, made long before, are held to
    /// the springs' loads as they are instead: scene-format.md 16.11.1).
    public static func decodeJoint(_ text: String, a: BodySpec?, b: BodySpec?, file: String, path: String,
                                   section8: Bool = true) throws(SceneErrors) -> JointSpec {
        guard text.hasPrefix("{"), text.count > 1 else {
            throw SceneErrors(errors: [SceneError(file: file, path: path, message: "a joint is a table of the scene format's keys (type, anchors...)")])
        }
        let ends = "\"a\": \(JSONText.quote(a == nil ? "world" : "a")), \"b\": \(JSONText.quote(b == nil ? "world" : "b"))"
        let whole = "{" + ends + (text == "{}" ? "" : ", ") + text.dropFirst()
        var reader = SceneReader(file: file)
        let node = try parse(whole, file: file, path: path)
        func named(_ spec: BodySpec?, _ id: String) -> BodySpec {
            var body = spec ?? BodySpec(type: .static, position: .zero, angle: 0, velocity: .zero, angularVelocity: 0, mass: nil, shapes: [], look: .plain)
            body.id = id
            return body
        }
        let bodies = [named(a, "a"), named(b, "b")]
        guard let joint = reader.joint(node, path, bodies: bodies), reader.errors.isEmpty else { throw SceneErrors(errors: reader.errors) }
        // Section 8's checks of a spring's stiffness and a pin's length, for this joint between these bodies.
        if section8 {
            reader.checks.springs(bodies, [joint])
            reader.checks.pins(bodies, [joint])
        }
        guard reader.errors.isEmpty else { throw SceneErrors(errors: reader.errors) }
        return joint
    }

    /// A body's JSON text, as `decodeBody` reads it.
    public static func bodyJSON(_ body: BodySpec) -> String {
        DefaultScene.scene().body(body, withPosition: true)
    }

    /// A joint's JSON text without its `a` and `b`, as `decodeJoint` reads it.
    public static func jointJSON(_ joint: JointSpec) -> String {
        DefaultScene.scene().joint(joint, withEnds: false)
    }

    private static func parse(_ text: String, file: String, path: String) throws(SceneErrors) -> JSONNode {
        do {
            return try JSONParser.parse(Array(text.utf8))
        } catch {
            throw SceneErrors(errors: [SceneError(file: file, path: path, message: error.message)])
        }
    }
}
