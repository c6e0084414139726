import ArgumentParser
import CrateboxReplay
import SceneFormat
import Simulation

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
        for folder in scenes where Loader.files(in: [folder], endingIn: ".json").isEmpty {
            printError("\(folder): cannot read: a folder with no .json files in it")
            worst = .unreadable
        }
        for path in Loader.files(in: scenes, endingIn: ".json") {
            do {
                let loaded = try Loader.scene(path)
                let checked = Self.checkScript(loaded.scene)
                if let problem = checked.problem {
                    printError("\(path): \(problem)")
                    if worst != .unreadable { worst = .invalid }
                    continue
                }
                say("\(path): ok")
                for warning in checked.warnings { say("\(path): warning: \(warning)") }
            } catch {
                for line in Failure(error).lines { printError(line) }
                if worst != .unreadable { worst = error.kind }
            }
        }
        if let worst { throw Failure(worst == .unreadable ? Exit.unreadable : Exit.invalidScene, "") }
    }

    /// A scene's script must load (its syntax) and its top level run, and the
    /// functions the scene names must be its (scene-format.md 16): the world
    /// is built to see. Nil when it has no script or all is well.
    static func scriptProblem(_ scene: Scene) -> String? { checkScript(scene).problem }

    /// The script's problem (as `scriptProblem`), or what in it cannot work
    /// though the scene is valid (`ScriptWarnings`): a warning each, exit 0.
    static func checkScript(_ scene: Scene) -> (problem: String?, warnings: [String]) {
        guard scene.script != nil else { return (nil, []) }
        do {
            let world = try World(scene: scene)
            return (nil, ScriptWarnings(scene: scene, handlerTypes: world.scriptHandlerTypes, takesKeys: world.scriptTakesKeys).lines)
        } catch {
            let message = "\(error)"
            return (message.hasSuffix(" (step 0)") ? String(message.dropLast(" (step 0)".count)) : message, [])
        }
    }
}
