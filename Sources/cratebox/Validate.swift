import ArgumentParser
import SceneFormat

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files: prints 'FILE: ok' for each valid one, every error of the others."
    )

    @Argument(help: "Scene files to check.")
    var scenes: [String]

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
    }

    func run() throws {
        var invalid = false, unreadable = false
        for path in scenes {
            let bytes: [UInt8]
            do {
                bytes = try readFile(path)
            } catch {
                printError("cratebox: \(error)")
                unreadable = true
                continue
            }
            do {
                _ = try Scene.decode(bytes, file: path)
                say("\(path): ok")
            } catch {
                printError(error.description)
                invalid = true
            }
        }
        if unreadable { throw Exit.unreadable }
        if invalid { throw Exit.invalidScene }
    }
}
