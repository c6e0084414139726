#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Render
import Replay
import SandboxApp

/// Reads a journal file, or prints why not and exits 66 / 65.
func loadJournal(_ path: String, requireHeader: Bool = true) throws -> Journal {
    let bytes: [UInt8]
    do {
        bytes = try readFile(path, limit: 1 << 30)
    } catch {
        printError("cratebox: \(error)")
        throw Exit.unreadable
    }
    do {
        return try Journal.parse(bytes, file: path, requireHeader: requireHeader)
    } catch {
        printError(error.description)
        throw Exit.invalidScene
    }
}

func makeReplay(_ path: String) throws -> Replay {
    let journal = try loadJournal(path)
    do {
        return try Replay(journal: journal, file: path)
    } catch {
        printError(error.description)
        throw Exit.invalidScene
    }
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Watch a recorded session in the window, or verify it headless (--verify).",
        discussion: """
        --verify rebuilds the world from the embedded scene, replays every event
        at its step and compares each checkpoint: exit 0 when every one matches,
        1 at the first that does not (naming its step), 65 for a malformed journal.
        """
    )

    @Argument(help: "A cratebox/replay@1 journal.")
    var journal: String

    @Flag(help: "Replay headless and check every checkpoint.")
    var verify = false

    @Option(help: "Window size in points, WxH (default 1280x720).")
    var size = PictureSize(argument: "1280x720")!

    func run() throws {
        let replay = try makeReplay(journal)
        if verify {
            let outcome = replay.verify()
            say(replay.report(outcome))
            if case .verified = outcome { return }
            throw Exit.failure
        }
        try Run.requireDisplay()
        var options = App.Options()
        options.windowWidth = size.width
        options.windowHeight = size.height
        try Run.open(App(replaying: replay.journal, scene: replay.scene, file: journal, options: options))
    }
}
