#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Render
import CrateboxReplay
import SceneFormat

extension Cratebox {
    /// What `--version` prints: cratebox's version and what it runs on (a bug
    /// report, like a journal, needs the libraries and the platform).
    static let version: String = {
        let p = Platform.current
        return "cratebox 0.23.0 (Chipmunk \(p.chipmunk), SDL \(SDLInfo.version), \(p.arch) \(p.os), \(p.libc))"
    }()

    /// The default command (`run`) takes a scene as its first word, so a
    /// mistyped command would be read as a scene file. A first word that is
    /// not a command, an option, a readable file or something that looks like a
    /// path ("scenes/x.json") is an unknown command: said so, with the commands.
    static func checkFirstWord(_ arguments: [String]) throws(Failure) {
        guard let word = arguments.first, !word.hasPrefix("-") else { return }
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !commands.contains(word), !word.contains("/"), !word.contains("."), access(word, R_OK) != 0 else { return }
        let guess = closest(to: word, in: commands).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw Failure(ExitCode.validationFailure, """
            cratebox: unknown command "\(word)"\(guess); the commands are \(commands.dropLast().joined(separator: ", ")) \
            (`cratebox SCENE` opens a scene file; `cratebox help COMMAND` for more)
            """)
    }
}
