import Bytes
import CrateboxGeometry
import Foundation
import TestSupport
import Testing
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

// Helpers the suites of this target share (free functions, not borrowed from one suite).

/// A seeded random session of the crate scene using every kind of event.
func randomSession(seed: UInt64, steps: Int = 720) throws -> Session {
    var rng = SeededGenerator(seed: seed)
    let session = try Session(LoadedScene(scene: DefaultScene.scene(), text: DefaultScene.json, fileName: DefaultScene.fileName))
    try driveRandomly(session, &rng, steps: steps)
    return session
}

func cratesWorld(steps: Int = 30) throws -> (world: World, text: String) {
    let (scene, text) = try loadShippedSceneWithText("crates.json")
    let world = try World(scene: scene)
    for _ in 0..<steps { try world.step() }
    return (world, text)
}
