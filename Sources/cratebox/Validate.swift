import ArgumentParser
import Foundation
import Replay

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files: prints 'FILE: ok' for each valid one, every error of the others."
    )

    @Argument(help: "Scene files to check; a folder checks every .json file under it.")
    var scenes: [String]

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
    }

    /// Every file is checked and reported; the status is the worst found
    /// (66 if any could not be read, else 65 if any is invalid).
    func run() throws {
        var worst: LoadError.Kind?
        for path in scenes.flatMap(Self.sceneFiles) {
            do {
                _ = try Loader.scene(path)
                say("\(path): ok")
            } catch {
                printError(Failure(error).message)
                if worst != .unreadable { worst = error.kind }
            }
        }
        if let worst { throw Failure(worst == .unreadable ? Exit.unreadable : Exit.invalidScene, "") }
    }

    /// A folder stands for the .json files under it, in name order (so
    /// `validate Scenes/*` covers Scenes/chipmunk/ too); anything else is
    /// itself, and reading it says what is wrong.
    static func sceneFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let names = try? FileManager.default.subpathsOfDirectory(atPath: path)
        else { return [path] }
        let base = path.hasSuffix("/") ? path : path + "/"
        return names.filter { $0.hasSuffix(".json") }.sorted().map { base + $0 }
    }
}
