import ArgumentParser
import Render
import Sandbox

/// `--size WxH`.
struct PictureSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Offscreen.maxSize).contains(w), (1...Offscreen.maxSize).contains(h) else { return nil }
        width = w
        height = h
    }
}

struct RenderPicture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scene after N steps into a PNG, offscreen (no display needed)."
    )

    @Argument(help: "A scene file (default: the built-in crate scene).")
    var scene: String?

    @OptionGroup var duration: Duration

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Tilt the box before the first step: X,Y in g.", valueName: "x,y"))
    var tilt: Tilt?

    @Option(help: "The PNG to write.")
    var output: String

    @Option(help: "Picture size in pixels, WxH (default 1280x720).")
    var size = PictureSize(argument: "1280x720")!

    @Flag(help: "Draw shape outlines, joints, contacts, sleeping bodies and bounding boxes.")
    var debug = false

    func run() throws {
        let scene = try loadScene(self.scene)
        let world: World
        do {
            world = try World(scene: scene)
            if let tilt { try world.apply(.tilt(x: tilt.x, y: tilt.y)) }
            try world.step(duration.stepCount)
        } catch {
            printError("cratebox: \(self.scene ?? DefaultScene.fileName): \(error)")
            throw Exit.failure
        }
        do {
            try Offscreen.render(world, width: size.width, height: size.height, debug: debug, to: output)
        } catch {
            printError("cratebox: \(error)")
            throw Exit.cannotCreate
        }
        say("\(output): \(size.width)x\(size.height), \(scene.name) after \(world.stepCount) steps")
    }
}
