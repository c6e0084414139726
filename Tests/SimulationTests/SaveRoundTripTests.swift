import Physics
import Testing
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// A scene saved mid-run (Ctrl+S) loads, and its animations carry on from
/// where they were, phase included, instead of restarting.
@Suite struct SaveRoundTripTests {
    /// Regression: saving a scene with animated bodies wrote a file the
    /// validator refused ("the animation starts at ... but the body is at ...").
    @Test(arguments: shippedScenes)
    func aSavedSceneLoadsAndItsAnimationsCarryOn(name: String) throws {
        let scene = try loadShippedScene(name)
        let steps = name == "pile.json" ? [0, 37] : [0, 1, 150, 611]
        for saveAt in steps {
            let original = try World(scene: scene)
            try original.step(saveAt)
            let text = original.currentScene().json()
            let saved: Scene
            do {
                saved = try Scene.decode(Array(text.utf8), file: "saved.json")
            } catch {
                Issue.record("\(name) saved at step \(saveAt) does not load: \(error)")
                continue
            }
            let loaded = try World(scene: saved)
            // Nothing was removed, so construction indices match.
            let animated = scene.bodies.indices.filter { scene.bodies[$0].animation != nil }
            #expect(animated.isEmpty == !["elevator.json", "paddle.json", "bounce.json"].contains(name))
            var worst = 0.0
            for _ in 0..<240 {
                try original.step()
                try loaded.step()
                for i in animated {
                    let a = original.bodies[i]!.body, b = loaded.bodies[i]!.body
                    worst = max(worst, (a.position - b.position).length, abs(a.angle - b.angle))
                }
            }
            #expect(worst <= 1e-9, "\(name) saved at step \(saveAt): animated poses differ by \(worst)")
        }
    }

    @Test func theTimeOffsetIsWrittenAndReadBack() throws {
        let world = try World(scene: loadShippedScene("elevator.json"))
        try world.step(300)
        let saved = try Scene.decode(Array(world.currentScene().json().utf8), file: "saved.json")
        for spec in saved.bodies {
            switch spec.animation {
            case .position(let track)?: #expect(track.timeOffset == 300 * World.stepDuration)
            case .angle(let track)?: #expect(track.timeOffset == 300 * World.stepDuration)
            case nil: break
            }
        }
        #expect(saved.bodies.contains { $0.animation != nil })
        // Saving the loaded scene again at once changes nothing.
        #expect(try World(scene: saved).currentScene() == saved)
    }
}
