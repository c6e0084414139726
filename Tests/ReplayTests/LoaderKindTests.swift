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
        try StateFile.write(world, from: LoadedScene(scene: world.scene, text: text, fileName: "crates.json"), to: path)
        guard case .state(let state) = try Loader.load(path) else {
            Issue.record("not read as a saved state")
            return
        }
        #expect(state.scene.scene.name == world.scene.name && StateFile.looksLikeState(state.bytes))
        #expect(try state.restore().world.stateHash == world.stateHash)
        // Read as a state (`run NAME.state`, `simulate NAME.state`), the same.
        #expect(try Loader.state(path).restore().world.stateHash == world.stateHash)
        // Damaged, it is refused in the state reader's words, naming the file, by both.
        var damaged = state.bytes
        damaged[damaged.count - 9] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Loader.load(path)
            Issue.record("a damaged state was loaded")
        } catch {
            #expect(error.kind == .invalid && error.lines.count == 1 && error.lines[0].contains(path), "\(error)")
        }
        #expect(throws: LoadError.self) { try Loader.state(path) }
        // A scene is still a scene, and a journal a journal.
        guard case .scene = try Loader.load(packageRoot.appendingPathComponent("Scenes/crates.json").path),
              case .journal = try Loader.load(packageRoot.appendingPathComponent("Tests/Fixtures/replays/car-drive.jsonl").path) else {
            Issue.record("a scene or a journal was not read as one")
            return
        }
    }
}
