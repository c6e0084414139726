#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Render
import Sandbox

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the sandbox window (the default command).",
        discussion: "Press H in the window for the keys. Without a display, use `render` or `simulate`."
    )

    @Argument(help: "A scene file (default: the built-in crate scene).")
    var scene: String?

    @Option(help: "Window size in points, WxH (default 1280x720).")
    var size = PictureSize(argument: "1280x720")!

    @Option(help: "Where screenshots, saved scenes and recordings go (default: the current directory).")
    var saveTo = "."

    @Option(help: "Record the session to this journal from the start (F9 starts and stops recording too).")
    var record: String?

    func run() throws {
        let loaded = try loadScene(self.scene)
        Run.requireDisplay()
        var options = App.Options()
        options.windowWidth = size.width
        options.windowHeight = size.height
        options.screenshotDirectory = saveTo
        options.recordPath = record
        do {
            let app = try App(scene: loaded.scene, sceneText: loaded.text, sceneFile: loaded.fileName, options: options)
            try app.run()
        } catch let error as RenderError where error.message.hasPrefix("no display") {
            Run.noDisplay(String(error.message.dropFirst("no display: ".count)))
        } catch let error as RenderError where error.message.hasPrefix("cannot record") {
            printError("cratebox: \(error)")
            throw Exit.cannotCreate
        } catch {
            printError("cratebox: \(error)")
            throw Exit.failure
        }
    }

    static func requireDisplay() {
        let env = { (name: String) -> String in getenv(name).map { String(cString: $0) } ?? "" }
        if env("DISPLAY").isEmpty && env("WAYLAND_DISPLAY").isEmpty && env("SDL_VIDEODRIVER").isEmpty {
            noDisplay("DISPLAY and WAYLAND_DISPLAY are not set")
        }
    }

    static func noDisplay(_ reason: String) -> Never {
        printError("cratebox: no display to open a window on (\(reason)); try `cratebox render SCENE --output picture.png` or `cratebox simulate SCENE`")
        exitNow(69)
    }
}

/// Exits with `code` after flushing output.
func exitNow(_ code: Int32) -> Never {
    fflush(nil)
    exit(code)
}
