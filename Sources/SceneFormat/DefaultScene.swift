import Animation
import JSONText
import CrateboxGeometry

/// The seed's crate demo, compiled into the binary as the default scene. It is
/// the same text as Scenes/crates.json (a test keeps the two equal).
public enum DefaultScene {
    /// The name the built-in scene goes by in messages and journals.
    public static let fileName = "crates.json"
    /// The built-in scene's text (the seed's five crates in a 300 x 300 box).
    public static let json = """
    {
      "format": "cratebox/scene@1",
      "name": "Crates",
      "bounds": [300, 300],
      "gravity": [0, -1000],
      "walls": {"radius": 1, "friction": 0.5, "elasticity": 0.8},
      "bodies": [
        {"position": [16, 284], "mass": 100, "shapes": [{"box": [32, 32], "friction": 0.5, "elasticity": 0.8}]},
        {"position": [48, 284], "mass": 100, "shapes": [{"box": [32, 32], "friction": 0.5, "elasticity": 0.8}]},
        {"position": [96, 268], "mass": 100, "shapes": [{"box": [64, 64], "friction": 0.5, "elasticity": 0.8}]},
        {"position": [144, 284], "mass": 100, "shapes": [{"box": [32, 32], "friction": 0.5, "elasticity": 0.8}]},
        {"position": [32, 236], "mass": 100, "shapes": [{"box": [64, 64], "friction": 0.5, "elasticity": 0.8}]}
      ]
    }

    """

    /// The built-in scene, decoded.
    public static func scene() -> Scene {
        // The text is fixed and tested; failing to decode it is a build defect.
        do {
            return try Scene.decode(Array(json.utf8), file: fileName)
        } catch {
            preconditionFailure("the built-in scene is invalid: \(error)")
        }
    }
}
