#if canImport(Glibc)
import Glibc
#endif
import FileOutput
import SceneFormat

/// Saving a scene as a file: its JSON, and, for a scene with a script, the
/// script beside it under the name the scene gives (docs/scene-format.md
/// 16.5) and the modules it requires (16.18), so that the saved scene opens
/// where it was saved.
public enum SceneSave {
    /// Writes `scene` to `path` (each file under a temporary name, renamed
    /// into place). A script file of that name already beside it is kept
    /// when it holds the same text; one holding another is refused, and then
    /// nothing is written.
    public static func write(_ scene: Scene, to path: String) throws(FileError) {
        try write(scene, to: path, renamingScript: false)
    }

    /// Unsaved edits kept (`NAME.unsaved.json`) must always open again: their
    /// script goes beside them too, and when another script of that name is
    /// there already, under a name not taken (`buoyancy-2.lua`), which the kept
    /// scene then names.
    public static func keep(_ scene: Scene, to path: String) throws(FileError) {
        try write(scene, to: path, renamingScript: true)
    }

    private static func write(_ scene: Scene, to path: String, renamingScript: Bool) throws(FileError) {
        var scene = scene
        if renamingScript, let name = scene.script, let text = scene.scriptText, name.hasSuffix(".lua") {
            let stem = String(name.dropLast(4))
            var n = 1
            func candidate() -> String { n == 1 ? name : "\(stem)-\(n).lua" }
            func there() -> String { Scene.scriptPath(candidate(), besideScene: path) }
            while access(there(), F_OK) == 0,
                  (try? readRegularFile(there(), limit: FileLimits.script + 1)) != Array(text.utf8) { n += 1 }
            scene.useScript(candidate(), text: text, modules: scene.scriptModules)
        }
        // The script and its modules (16.18) beside the scene: each checked first, so a refusal writes nothing.
        var files: [(name: String, path: String, text: String, exists: Bool)] = []
        if let name = scene.script, let text = scene.scriptText {
            for (fileName, fileText) in [(name, text)] + scene.scriptModules.map({ ($0.name + ".lua", $0.text) }) {
                let filePath = Scene.scriptPath(fileName, besideScene: path)
                let exists = access(filePath, F_OK) == 0
                if exists {
                    let there: [UInt8]
                    do { there = try readRegularFile(filePath, limit: FileLimits.script + 1) } catch {
                        throw FileError(path: path, reason: "the scene's script \(fileName) cannot go beside it: \(error)")
                    }
                    guard there == Array(fileText.utf8) else {
                        // Kept edits must always be written: a module changed on disk since is left as it is
                        // (the kept scene's script requires it by name, so it cannot be renamed as the script is).
                        if renamingScript && fileName != scene.script { continue }
                        throw FileError(path: path, reason: "\(filePath) is another script than the scene's \(fileName); save the scene in another folder")
                    }
                }
                files.append((fileName, filePath, fileText, exists))
            }
        }
        for file in files where !file.exists { try writeTextFile(file.text, to: file.path) }
        try writeTextFile(scene.json(), to: path)
    }
}
