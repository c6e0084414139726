import Foundation
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// `simulate ... --save OUT.state` and `simulate OUT.state`: a moment saved in
/// one process continues in another exactly as the session would have gone on.
@Suite struct StateCommandTests {
    static let scenes = sceneFiles(in: "Scenes", "Scenes/chipmunk")

    /// A journal of seeded events the world accepts (grabs, drags, spawns,
    /// removals, tilts, resets, the scene's keys), over `steps` steps.
    static func events(_ scene: Scene, steps: Int, seed: UInt64) throws -> String {
        let world = try World(scene: scene)
        var rng = SeededGenerator(seed: seed)
        var lines: [String] = []
        for step in 0..<steps {
            if Int.random(in: 0..<6, using: &rng) == 0 {
                let x = scene.origin.x + Double.random(in: 0.1...0.9, using: &rng) * scene.width
                let y = scene.origin.y + Double.random(in: 0.1...0.9, using: &rng) * scene.height
                var candidates: [(Event, String)] = [
                    (.spawn(x: x, y: y), "\"event\": \"spawn\", \"x\": \(x), \"y\": \(y)"),
                    (.drag(x: x, y: y), "\"event\": \"drag\", \"x\": \(x), \"y\": \(y)"),
                    (.release, "\"event\": \"release\""),
                    (.tilt(x: 0.5, y: -1), "\"event\": \"tilt\", \"x\": 0.5, \"y\": -1"),
                ]
                let i = Int.random(in: 0..<max(world.bodies.count, 1), using: &rng)
                if world.bodies.indices.contains(i), let p = world.bodies[i]?.pose.position {
                    candidates.append((.grab(body: i, x: p.x, y: p.y), "\"event\": \"grab\", \"body\": \(i), \"x\": \(p.x), \"y\": \(p.y)"))
                    if step % 5 == 0 { candidates.append((.remove(body: i), "\"event\": \"remove\", \"body\": \(i)")) }
                }
                if step % 97 == 0 { candidates.append((.reset, "\"event\": \"reset\"")) }
                if let binding = scene.controls.randomElement(using: &rng) {
                    let down = !world.held.contains(binding.trigger)
                    let field = if case .button = binding.trigger { "button" } else { "key" }
                    candidates.append((.key(binding.trigger, down: down), "\"event\": \"key\", \"\(field)\": \"\(binding.trigger.name)\", \"down\": \(down)"))
                }
                let (event, text) = candidates.randomElement(using: &rng)!
                if (try? world.apply(event)) != nil {
                    lines.append("{\"step\": \(step), \(text)}")
                }
            }
            try world.step()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: scenes)
    func aSavedStateContinuesInAnotherProcess(path: String) throws {
        let scene = try Scene.decode(Array(try Data(contentsOf: packageRoot.appendingPathComponent(path))), file: path)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-state-\(getpid())-\(path.replacingOccurrences(of: "/", with: "-"))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let heavy = scene.bodies.count > 300
        let (at, total) = heavy ? (90, 200) : (311, 800)
        let events = dir.appendingPathComponent("events.jsonl")
        let text = try Self.events(scene, steps: total, seed: UInt64(path.utf8.count * 977 + at))
        try text.write(to: events, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("moment.state").path
        let saved = try cratebox("simulate", path, "--events", events.path, "--steps", "\(at)", "--save", state)
        #expect(saved.status == 0, "\(saved.stderr)")
        let continued = try cratebox("simulate", state, "--events", events.path, "--steps", "\(total - at)")
        let straight = try cratebox("simulate", path, "--events", events.path, "--steps", "\(total)")
        #expect(continued.status == 0 && straight.status == 0, "\(continued.stderr)\(straight.stderr)")
        #expect(continued.stdout == straight.stdout, "\(path): continued from step \(at): \(continued.stdout) vs \(straight.stdout)")
        // Saved again at once in another process: the same bytes.
        let again = dir.appendingPathComponent("again.state").path
        let resaved = try cratebox("simulate", state, "--steps", "0", "--save", again)
        #expect(resaved.status == 0, "\(resaved.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: state)))
    }

    @Test func aDamagedOrMissingStateIsRefusedInOneLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-state-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("m.state").path
        #expect(try cratebox("simulate", "Scenes/bridge.json", "--steps", "100", "--save", state).status == 0)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: state)))
        bytes[bytes.count - 40] ^= 0x55
        let damaged = dir.appendingPathComponent("damaged.state").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let r = try cratebox("simulate", damaged)
        #expect(r.status == 65 && !r.exitedBySignal)
        #expect(r.stderr == "cratebox: \(damaged): the state does not match its sha256: it was changed or damaged\n")
        let cut = dir.appendingPathComponent("cut.state").path
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut))
        let c = try cratebox("simulate", cut)
        #expect(c.status == 65 && c.stderr.contains("cut short") && c.stderr.split(separator: "\n").count == 1, "\(c.stderr)")
        let missing = try cratebox("simulate", dir.appendingPathComponent("none.state").path)
        #expect(missing.status == 66 && missing.stderr.contains("none.state"))
        let record = try cratebox("simulate", state, "--record", dir.appendingPathComponent("j.jsonl").path)
        #expect(record.status != 0 && record.stderr.contains("cannot be recorded"), "\(record.stderr)")
    }
}
