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
        if let name = scene.script, let text = scene.scriptText {
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) + "/" : ""
            let scriptPath = folder + name
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
