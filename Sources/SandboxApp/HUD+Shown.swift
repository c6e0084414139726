import CrateboxGeometry
import Render
import SceneFormat

extension HUD {
    /// What the HUD reports of the world drawn this frame and of its scene:
    /// read from the `DrawnWorld` in one place (`init(_:)`), so that a figure
    /// of the world on the HUD is a field here and a line in `HUD.lines`.
    struct Shown {
        var step = 0, bodies = 0
        var tilt = Vector(0, -1)
        /// Steps since the world was last built (a reset or the start), and
        /// whether the scene has gravity to tilt (the tank's and planet's do not).
        var stepsSinceReset = 0, hasGravity = true
        /// The scene's bindings, one per key and label ("Right: drive"), and whether each is held now.
        var controls: [(text: String, held: Bool)] = []
        /// The help's lines for the scene's keys (`Overlays.sceneKeyLines`), and the keys it takes.
        var sceneKeyHelp: [String] = []
        var sceneKeys: Set<String> = []
        /// The scene's script takes every key (16.13): the sandbox's are reached with Ctrl.
        var scriptTakesKeys = false
        /// The sandbox's inputs the scene turns off (`"sandbox"`, 16.14).
        var sandboxOff: [SandboxInput] = []
        /// The scene gives right clicks to its script (`"rightClick": "script"`).
        var clicksToScript = false
        /// What the scene's script says (`world:say`), its own line.
        var scriptSays: String?
        /// How many bodies are outside the walls (F fits them into view).
        var outside = 0

        /// Nothing shown yet.
        init() {}

        /// What `drawn` and its scene show.
        init(_ drawn: DrawnWorld) {
            let scene = drawn.scene
            step = drawn.stepCount
            bodies = drawn.liveBodyCount
            tilt = drawn.tilt ?? Vector(0, -1)
            stepsSinceReset = drawn.stepsSinceBuild
            hasGravity = scene.gravity != .zero
            controls = HUD.controls(scene.controls, held: drawn.held)
            sceneKeyHelp = Overlays.sceneKeyLines(scene.controls)
            sceneKeys = App.keyNames(scene.controls)
            sandboxOff = scene.sandbox.off
            if !sandboxOff.isEmpty {
                sceneKeyHelp.insert("This scene turns off the sandbox's " + sandboxOff.map(\.rawValue).joined(separator: ", "), at: 0)
            }
            scriptTakesKeys = drawn.scriptTakesKeys
            if drawn.scriptTakesKeys {
                // Every key but the window's own is the game's (scene-format.md 16.13).
                sceneKeys = App.scriptKeyNames
                sceneKeyHelp.insert("The scene's script takes the keys: Ctrl+Space pauses, Ctrl+R resets, Ctrl+B builds", at: 0)
            }
            clicksToScript = scene.rightClickToScript
            scriptSays = drawn.scriptSays
            outside = drawn.outsideTheWalls.count
        }
    }
}
