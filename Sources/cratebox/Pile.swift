import SceneFormat

/// The capacity benchmark's pile: `scripts/make-pile.py` (which writes
/// Scenes/pile.json) generalised to any number of crates. 16 x 16 crates of
/// mass 10, 20 points apart (4-point gaps), odd rows shifted right by 4
/// points, the lowest row 2 points above the floor; `max(50, ceil(sqrt(2.5 n)))`
/// columns, so the pile is wider than tall; a box at least 1280 x 720 that
/// fits them with room above. Default gravity and iterations, no sleeping: every
/// crate stays awake. `Pile.scene(crates: 1000)` is Scenes/pile.json's layout.
enum Pile {
    static func columns(for crates: Int) -> Int {
        max(50, Int((2.5 * Double(crates)).squareRoot().rounded(.up)))
    }

    /// The scene's JSON text.
    static func text(crates: Int) -> String {
        let columns = columns(for: crates), rows = (crates + columns - 1) / columns
        let pitch = 20, width = max(1280, columns * pitch + 40), height = max(720, rows * pitch + 200)
        let left = (width - columns * pitch) / 2 + pitch / 2, bottom = 1 + 2 + 8
        var bodies: [String] = []
        bodies.reserveCapacity(crates)
        for i in 0..<crates {
            let row = i / columns, column = i % columns
            let x = left + column * pitch + (row % 2 == 1 ? 4 : 0), y = bottom + row * pitch
            bodies.append(#"{"position": [\#(x), \#(y)], "box": [16, 16], "mass": 10}"#)
        }
        return """
        {"format": "cratebox/scene@1", "name": "Pile of \(crates) crates", "bounds": [\(width), \(height)], "iterations": 10,
         "bodies": [
        \(bodies.joined(separator: ",\n"))
        ]}
        """
    }

    static func scene(crates: Int) throws -> (scene: Scene, text: String) {
        let text = text(crates: crates)
        return (try Scene.decode(Array(text.utf8), file: "pile of \(crates)"), text)
    }
}
