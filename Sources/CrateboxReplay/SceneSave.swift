#if canImport(Glibc)
import Glibc
#endif
import FileOutput
import SceneFormat

/// Saving a scene as a file: its JSON, and, for a scene with a script, the
/// script beside it under the name the scene gives (docs/scene-format.md
/// 16.5), so that the saved scene opens where it was saved.
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
            scene.useScript(candidate(), text: text)
        }
        if let name = scene.script, let text = scene.scriptText {
            let scriptPath = Scene.scriptPath(name, besideScene: path)
            if access(scriptPath, F_OK) == 0 {
                let there: [UInt8]
                do { there = try readRegularFile(scriptPath, limit: FileLimits.script + 1) } catch {
                    throw FileError(path: path, reason: "the scene's script \(name) cannot go beside it: \(error)")
                }
                guard there == Array(text.utf8) else {
                    throw FileError(path: path, reason: "\(scriptPath) is another script than the scene's \(name); save the scene in another folder")
                }
            } else {
                try writeTextFile(text, to: scriptPath)
            }
        }
        try writeTextFile(scene.json(), to: path)
    }
}
