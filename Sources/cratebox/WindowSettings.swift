#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CrateboxReplay
import SandboxApp

/// The options of every window the command line opens (`run`, `replay`): its
/// size, where captures go, the reveal, the sound, and the time machine's bounds. One
/// group, read into the one `App.Options` value the window and each of its
/// physics threads take; what only one command sets (a recording, a watched
/// file) it adds to that value.
struct WindowSettings: ParsableArguments {
    @OptionGroup var sizeOption: SizeOption

    @Option(help: "Where screenshots, saved scenes and recordings go (default: the current directory).")
    var saveTo: String?

    @Flag(help: "Show each scene at once, without the reveal through a crate-shaped mask (also: CRATEBOX_NO_SPLASH=1).")
    var noSplash = false

    @Flag(help: "Play no sound (also: CRATEBOX_NO_SOUND=1); M turns it off and on in the window.")
    var noSound = false

    @Option(help: "The most memory the time machine keeps of the past, in MB (default 256: at least the last 60 s of a 1,000-body scene at every step).")
    var historyMb = 256

    @Option(help: "The most memory the time machine's exact keyframes take, in MB (default 1024; 0: none, resuming re-simulates from the last reset).")
    var keyframesMb = Keyframes.defaultBudget >> 20

    func validate() throws {
        guard (0...65_536).contains(keyframesMb) else { throw ValidationError("--keyframes-mb must be between 0 and 65536") }
        guard (1...65_536).contains(historyMb) else { throw ValidationError("--history-mb must be between 1 and 65536") }
    }

    /// The window's size in points.
    var size: PictureSize { sizeOption.or() }

    /// The window's options as given here.
    var options: App.Options {
        var options = App.Options()
        options.windowWidth = size.width
        options.windowHeight = size.height
        options.screenshotDirectory = saveTo ?? "."
        options.timeMachine.historyBudget = historyMb << 20
        options.timeMachine.keyframeBudget = keyframesMb << 20
        options.splash = Run.splashWanted(noSplash)
        (options.sound, options.soundLog) = Run.soundWanted(noSound)
        options.heartbeat = getenv("CRATEBOX_HEARTBEAT").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return options
    }
}
