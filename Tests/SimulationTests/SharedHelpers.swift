import Bytes
import CrateboxGeometry
import CrateboxPhysics
import Foundation
import TestSupport
import Testing
@testable import SceneFormat
@testable import Simulation

// Helpers the suites of this target share (free functions, not borrowed from one suite).

func loadSceneFile(_ path: String) throws -> Scene {
    try loadScene(atPath: packageRoot.appendingPathComponent(path).path, file: path)
}
