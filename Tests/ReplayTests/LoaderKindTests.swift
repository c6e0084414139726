import Foundation
import SceneFormat
import Testing
@testable import CrateboxReplay
@testable import Simulation
import TestSupport

/// Files are told apart by what they hold (issue 36: `StateFile.looksLikeState`
/// was never called, and a `.state` dropped on the window failed).
@Suite struct LoaderKindTests {
    @Test func aSavedStateLoadsAsOneWhateverItsName() throws {
        let (world, text) = try cratesWorld(steps: 30)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-kinds-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("moment.json").path  // named as a scene: the content says what it is
        try StateFile.write(world, sceneText: text, sceneFile: "crates.json", to: path)
        guard case .state(let bytes, let scene) = try Loader.load(path) else {
            Issue.record("not read as a saved state")
            return
        }
        #expect(scene.scene.name == world.scene.name && StateFile.looksLikeState(bytes))
        #expect(try StateFile.read(bytes, file: path).world.stateHash == world.stateHash)
        // Damaged, it is refused in the state reader's words, naming the file.
        var damaged = bytes
        damaged[damaged.count - 9] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Loader.load(path)
            Issue.record("a damaged state was loaded")
        } catch {
            #expect(error.kind == .invalid && error.lines.count == 1 && error.lines[0].contains(path), "\(error)")
        }
        // A scene is still a scene, and a journal a journal.
        guard case .scene = try Loader.load(packageRoot.appendingPathComponent("Scenes/crates.json").path),
              case .journal = try Loader.load(packageRoot.appendingPathComponent("Tests/Fixtures/replays/car-drive.jsonl").path) else {
            Issue.record("a scene or a journal was not read as one")
            return
        }
    }
}
