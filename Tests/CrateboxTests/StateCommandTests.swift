import Foundation
import Testing
import TestSupport
@testable import cratebox
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
        let scene = try loadScene(atPath: packageRoot.appendingPathComponent(path).path, file: path)
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
        // As an invalid scene is: the file's name first (exit 65; unreadable is 66, as for every file).
        #expect(r.stderr == "\(damaged): the state does not match its sha256: it was changed or damaged\n")
        let cut = dir.appendingPathComponent("cut.state").path
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut))
        let c = try cratebox("simulate", cut)
        #expect(c.status == 65 && c.stderr.contains("cut short") && c.stderr.split(separator: "\n").count == 1, "\(c.stderr)")
        let missing = try cratebox("simulate", dir.appendingPathComponent("none.state").path)
        #expect(missing.status == 66 && missing.stderr.contains("none.state"))
        // Told by what it holds, not its name: a state named .json runs as a state, in
        // `simulate` and `run` alike, and a scene named .state as a scene.
        let named = dir.appendingPathComponent("moment.json").path
        try Data(contentsOf: URL(fileURLWithPath: state)).write(to: URL(fileURLWithPath: named))
        let asJSON = try cratebox("simulate", named, "--steps", "10")
        #expect(asJSON.status == 0 && asJSON.stdout.contains("110 steps"), "\(asJSON.stdout)\(asJSON.stderr)")
        let sceneNamedState = dir.appendingPathComponent("scene.state").path
        try Data(contentsOf: packageRoot.appendingPathComponent("Scenes/crates.json")).write(to: URL(fileURLWithPath: sceneNamedState))
        let asScene = try cratebox("simulate", sceneNamedState, "--steps", "10")
        #expect(asScene.status == 0 && asScene.stdout.contains("10 steps"), "\(asScene.stdout)\(asScene.stderr)")
        // A continued session records a journal that starts from the state's keyframe.
        let journal = dir.appendingPathComponent("j.jsonl").path
        let record = try cratebox("simulate", state, "--record", journal, "--steps", "300")
        #expect(record.status == 0, "\(record.stderr)")
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines[1].hasPrefix("{\"step\":100,\"hash\":") && lines[1].contains("\"keyframe\":\""))
        let verified = try cratebox("replay", journal, "--verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("verified 400 steps"), "\(verified.stdout)\(verified.stderr)")
        #expect(record.stdout.split(separator: " ").last == verified.stdout.split(separator: " ").last, "the same final hash")
    }

    /// `--keyframes` on a recording, `--add-keyframes` on an existing journal
    /// (the same file, byte for byte), `--from --at` starting from one, and a
    /// changed keyframe named by `--verify`.
    @Test func keyframesInAJournalFromTheCommandLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cratebox-keyframes-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try Scene.decode(Array(try Data(contentsOf: packageRoot.appendingPathComponent("Scenes/bridge.json"))), file: "bridge")
        let events = dir.appendingPathComponent("events.jsonl").path
        try Self.events(scene, steps: 900, seed: 11).write(toFile: events, atomically: true, encoding: .utf8)
        let plain = dir.appendingPathComponent("plain.jsonl").path, keyed = dir.appendingPathComponent("keyed.jsonl").path
        #expect(try cratebox("simulate", "Scenes/bridge.json", "--events", events, "--steps", "900", "--record", plain).status == 0)
        let recorded = try cratebox("simulate", "Scenes/bridge.json", "--events", events, "--steps", "900", "--record", keyed, "--keyframes", "1.5")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let text = try String(contentsOfFile: keyed, encoding: .utf8)
        #expect(text.split(separator: "\n").filter { $0.contains("\"keyframe\":") }.count == 5)
        let a = try cratebox("replay", plain, "--verify"), b = try cratebox("replay", keyed, "--verify")
        #expect(a.status == 0 && b.status == 0 && a.stdout == b.stdout, "\(a.stdout) \(b.stdout)\(b.stderr)")
        let added = dir.appendingPathComponent("added.jsonl").path
        let add = try cratebox("replay", plain, "--add-keyframes", "1.5", "--output", added)
        #expect(add.status == 0 && add.stdout.contains("5 keyframes"), "\(add.stdout)\(add.stderr)")
        #expect(try String(contentsOfFile: added, encoding: .utf8) == text, "adding keyframes writes what recording with them wrote")
        let fromPlain = try cratebox("simulate", "--from", plain, "--at", "500", "--steps", "100")
        let fromKeyed = try cratebox("simulate", "--from", keyed, "--at", "500", "--steps", "100")
        #expect(fromPlain.status == 0 && fromPlain.stdout == fromKeyed.stdout, "\(fromPlain.stdout) \(fromKeyed.stdout)\(fromKeyed.stderr)")
        let usage = refusal(["simulate", "Scenes/bridge.json", "--keyframes", "1"])
        #expect(usage?.status == 64 && usage?.message.contains("--keyframes goes with --record") == true, "\(String(describing: usage))")
        // One character of the keyframe at step 360 changed.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("{\"step\":360,\"hash\"") })
        let line = lines[index], middle = line.index(line.startIndex, offsetBy: line.count / 2)
        lines[index] = line.replacingCharacters(in: middle...middle, with: line[middle] == "Q" ? "R" : "Q")
        let changed = dir.appendingPathComponent("changed.jsonl").path
        try lines.joined(separator: "\n").write(toFile: changed, atomically: true, encoding: .utf8)
        let caught = try cratebox("replay", changed, "--verify")
        #expect(caught.status == 1 && caught.stdout.contains("the keyframe on line \(index + 1)"), "\(caught.stdout)\(caught.stderr)")
        // A journal that diverges (a checkpoint's hash changed): nothing is written, not even a temporary file.
        var plainLines = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let checkpoint = try #require(plainLines.firstIndex { $0.hasPrefix("{\"step\":480,\"checkpoint\"") })
        #expect(plainLines[checkpoint] != "{\"step\":480,\"checkpoint\":\"0123456789abcdef\"}")
        plainLines[checkpoint] = "{\"step\":480,\"checkpoint\":\"0123456789abcdef\"}"
        let diverging = dir.appendingPathComponent("diverging.jsonl").path, notWritten = dir.appendingPathComponent("not-written.jsonl").path
        try plainLines.joined(separator: "\n").write(toFile: diverging, atomically: true, encoding: .utf8)
        let refused = try cratebox("replay", diverging, "--add-keyframes", "1.5", "--output", notWritten)
        #expect(refused.status == 1 && refused.stderr.contains("diverged at step 480") && refused.stderr.contains("was not written"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: notWritten))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.contains(".tmp-") })
    }
}
