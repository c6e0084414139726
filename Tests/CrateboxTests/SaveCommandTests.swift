import Foundation
import CrateboxGeometry
import Testing
import TestSupport
@testable import cratebox
@testable import SceneFormat
@testable import Simulation

/// `cratebox simulate ... --save OUT.json`: the headless Ctrl+S (issue 22).
@Suite struct SaveCommandTests {
    /// Every shipped scene, with crates dropped on it, saved at several steps:
    /// the file validates, and its joints are where the running world's were
    /// (pivot anchors within 1e-9 of the scene's size, pins at their length).
    @Test(arguments: shippedScenes)
    func aSavedStateValidatesAndHoldsItsJoints(name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-save-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try loadShippedScene(name)
        let events = dir.appendingPathComponent("events.jsonl")
        // (A game that turned spawning off gets none: scene-format.md 16.14.)
        let spawns = (0..<(scene.sandbox.spawn ? 4 : 0)).map { (scene.width * Double($0 + 1) / 5, scene.height * 0.8) }
        try spawns.map { "{\"step\": 0, \"event\": \"spawn\", \"x\": \($0.0), \"y\": \($0.1)}" }.joined(separator: "\n")
            .write(to: events, atomically: true, encoding: .utf8)
        for steps in name == "pile.json" ? [200] : [1, 300, 700] {
            let out = dir.appendingPathComponent("saved-\(steps).json").path
            let r = try cratebox("simulate", "Scenes/\(name)", "--steps", "\(steps)", "--events", events.path, "--save", out)
            #expect(r.status == 0, "\(r.stderr)")
            let v = try cratebox("validate", out)
            #expect(v.status == 0 && v.stdout.hasSuffix(": ok\n"), "\(name) saved at step \(steps): \(v.stdout)\(v.stderr)")

            // The same run in this process, to compare the joints with.
            let running = try World(scene: scene)
            for (x, y) in spawns { try running.apply(.spawn(x: x, y: y)) }
            try running.step(steps)
            let saved = try loadScene(atPath: out, file: out)
            let loaded = try World(scene: saved)
            // The saved poses and velocities are the running world's: to the bit
            // for a body of one shape centred on its origin; within rounding for
            // others (building a body adds its shapes one by one, and each moves
            // its centre of gravity and sets its position back through it, which
            // rounds once the body is turned). A script's bodies are not saved:
            // its top level makes them again (scene-format.md 16.11).
            func kept(_ world: World) -> [WorldBody] { world.dynamicWorldBodies.filter { !$0.madeByScript } }
            for (a, b) in zip(kept(running), kept(loaded)) {
                let scale = max(scene.width, scene.height)
                #expect((a.body.position - b.body.position).length <= 1e-12 * scale && a.body.angle == b.body.angle
                        && (a.body.velocity - b.body.velocity).length <= 1e-12 * scale
                        && a.body.angularVelocity == b.body.angularVelocity, "\(name) saved at step \(steps): \(a.id ?? "a body")")
                if a.shapes.count == 1 && a.body.centerOfGravity == .zero { #expect(a.body.position == b.body.position) }
            }
            let tolerance = 1e-9 * max(scene.width, scene.height)
            for (a, b) in zip(running.joints, loaded.joints) {
                let off = max((a.worldAnchors.a - b.worldAnchors.a).length, (a.worldAnchors.b - b.worldAnchors.b).length)
                #expect(off <= tolerance, "\(name) saved at step \(steps): a \(a.kind) joint's anchors moved by \(off)")
                #expect(a.pinDistance == b.pinDistance)
            }
        }
    }

    @Test func aSaveThatCannotBeWrittenExits73() throws {
        let r = try cratebox("simulate", "Scenes/crates.json", "--steps", "10", "--save", "/nonexistent-folder/out.json")
        #expect(r.status == 73)
        #expect(r.stderr.contains("/nonexistent-folder/out.json") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func saveWantsAJSONFileName() throws {
        let r = refusal(["simulate", "Scenes/crates.json", "--save", "out.txt"])
        #expect(r?.status == 64 && r?.message.contains("--save") == true)
    }
}
