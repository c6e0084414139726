import Foundation
import SceneFormat

// What the test targets share (a library only tests depend on).

/// The package's top directory, found from this file's path.
public let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scene from its JSON text, with `script` as the text of the script it names (if it names one).
/// `modules`: the texts of the modules it requires, by name (docs/scene-format.md 16.18).
public func decode(_ json: String, file: String = "test.json", script: String? = nil, modules: [String: String] = [:]) throws(SceneErrors) -> Scene {
    try Scene.decode(Array(json.utf8), file: file, script: { _ in script }, modules: { modules[$0] })
}

/// The error lines for a scene that must be invalid ("" if it decoded).
public func errors(_ json: String, file: String = "test.json") -> String {
    do {
        _ = try decode(json, file: file)
        return ""
    } catch {
        return error.description
    }
}

/// The one tiny scene the tests build on: a square box `bounds` points wide
/// with `bodies` (JSON text of the array's contents) and extra top-level keys
/// (`"script"`, `"walls"`, `"gravity"`...), as JSON text; `decode` reads it.
public func scene(bounds: Int = 300, bodies: String = "", extra: String = "") -> String {
    """
    {"format": "cratebox/scene@1", "bounds": [\(bounds), \(bounds)]\(extra.isEmpty ? "" : ", " + extra), "bodies": [\(bodies)]}
    """
}

/// A scene of Scenes/ decoded, with its script.
public func loadShippedScene(_ name: String) throws -> Scene {
    try loadScene(atPath: packageRoot.appendingPathComponent("Scenes/\(name)").path, file: name)
}

/// A scene of Scenes/ decoded, with its file's text: what a session of it
/// embeds in its journal's header.
public func loadShippedSceneWithText(_ name: String) throws -> (scene: Scene, text: String) {
    (try loadShippedScene(name), try String(contentsOf: packageRoot.appendingPathComponent("Scenes/\(name)"), encoding: .utf8))
}

/// A scene file decoded, with its script's text read from where the loader
/// reads it (`Scene.scriptPath`, docs/scene-format.md 16.5), for tests below the loader.
public func loadScene(atPath path: String, file: String) throws -> Scene {
    try Scene.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: file, script: { name in
        try? String(contentsOfFile: Scene.scriptPath(name, besideScene: path), encoding: .utf8)
    }, modules: { name in try? String(contentsOfFile: Scene.scriptPath(name + ".lua", besideScene: path), encoding: .utf8) })
}

/// The scenes that ship: every file in Scenes/, in name order.
public let shippedScenes: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenes").path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

/// The `.json` files in each of `folders` (relative to the package), by path, each folder's in name order.
public func sceneFiles(in folders: String...) -> [String] {
    folders.flatMap { folder in
        let dir = packageRoot.appendingPathComponent(folder).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }
}
