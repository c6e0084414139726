import Foundation
import Geometry
import Testing
@testable import Replay
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// Branching: a session rebuilt at step S from its events before S, then given
/// new events, is bit for bit the session a fresh run of the combined events makes.
@Suite struct BranchTests {
    /// Seeded random inputs of every kind for `steps` steps, in any scene.
    static func drive(_ session: Session, _ rng: inout SeededGenerator, steps: Int) throws {
        let world = session.world, w = world.scene.width, h = world.scene.height
        for _ in 0..<steps {
            if Int.random(in: 0..<10, using: &rng) == 0 {
                let live = world.bodies.indices.filter { world.bodies[$0]?.kind == .dynamic }
                let p = Vector(Double.random(in: 0.1...0.9, using: &rng) * w, Double.random(in: 0.1...0.9, using: &rng) * h)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1: try? session.apply(.tilt(x: Double.random(in: -1...1, using: &rng), y: Double.random(in: -1...0.2, using: &rng)))
                case 2: try? session.apply(.spawn(x: p.x, y: p.y))
                case 3:
                    if let index = live.randomElement(using: &rng) {
                        let at = world.bodies[index]!.pose.position
                        try? session.apply(.grab(body: index, x: at.x, y: at.y))
                    }
                case 4: try? session.apply(.drag(x: p.x, y: p.y))
                case 5: try? session.apply(.release)
                case 6: if live.count > 3, let index = live.randomElement(using: &rng) { try? session.apply(.remove(body: index)) }
                case 7:
                    // The knife, from above the box to below it, through a body (it may cut others too).
                    if let index = live.randomElement(using: &rng) {
                        let at = world.bodies[index]!.pose.position, lean = Double.random(in: -0.3...0.3, using: &rng) * h
                        try? session.apply(.slice(a: Vector(at.x - lean, h + 50), b: Vector(at.x + lean, -50)))
                    }
                case 8:
                    try? session.apply(.explode(x: p.x, y: p.y, radius: Double.random(in: 50...300, using: &rng),
                                                impulse: Double.random(in: 0...200_000, using: &rng)))
                default: if Int.random(in: 0..<5, using: &rng) == 0 { try? session.apply(.reset) }
                }
            }
            try session.step()
        }
    }

    static func session(_ name: String) throws -> Session {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenes/\(name)"), encoding: .utf8)
        return try Session(scene: loadShippedScene(name), sceneText: text, sceneFile: name)
    }

    @Test(arguments: shippedScenes)
    func aBranchIsAFreshRunOfTheCombinedEvents(name: String) throws {
        // The 1,000-crate pile runs shorter sessions, once: it costs a hundred times more a step.
        let (seeds, steps): ([UInt64], Int) = name == "pile.json" ? ([1], 120) : ([1, 2], 480)
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let original = try Self.session(name)
            try Self.drive(original, &rng, steps: steps)
            let at = Int.random(in: 1...(steps - 1), using: &rng)
            let branch = try #require(try Session.rebuilt(scene: original.world.scene, sceneText: original.sceneText,
                                                          sceneFile: original.sceneFile, events: original.events, at: at))
            #expect(branch.world.stepCount == at)
            #expect(branch.events == original.events.filter { $0.step < at }.enumerated().map { i, e in
                Journal.TimedEvent(step: e.step, event: e.event, line: branch.events[i].line)
            })
            // New inputs from S on, the same on both.
            var branchRNG = SeededGenerator(seed: seed + 100), freshRNG = SeededGenerator(seed: seed + 100)
            try Self.drive(branch, &branchRNG, steps: steps / 2)
            // The fresh run: the combined events, applied by a plain replay of them.
            let combined = try Journal.parse(Array(branch.journalText.utf8), file: "branch")
            let fresh = try Replay(journal: combined, file: "branch")
            #expect(fresh.verify().isVerified, "\(name), seed \(seed): the branch's journal verifies")
            // And a session stepped by hand through the original's events before S, then the same random inputs.
            let byHand = try Self.session(name)
            var next = 0
            while byHand.world.stepCount < at {
                while next < original.events.count, original.events[next].step == byHand.world.stepCount {
                    try byHand.apply(original.events[next].event)
                    next += 1
                }
                try byHand.step()
            }
            try Self.drive(byHand, &freshRNG, steps: steps / 2)
            #expect(byHand.world.stateHash == branch.world.stateHash, "\(name), seed \(seed), branched at \(at)")
        }
    }

    /// From the last reset (an exact starting point) or from the build: the same session.
    @Test(arguments: ["crates.json", "bridge.json", "elevator.json"])
    func aRebuildFromTheLastResetIsARebuildFromTheBuild(name: String) throws {
        var rng = SeededGenerator(seed: 9)
        let original = try Self.session(name)
        try Self.drive(original, &rng, steps: 200)
        try original.apply(.spawn(x: original.world.scene.width / 2, y: original.world.scene.height * 0.8))
        try original.apply(.reset)
        try original.apply(.tilt(x: 0.4, y: -0.9))  // after the reset, at the same step: kept
        try Self.drive(original, &rng, steps: 300)
        let resets = original.events.filter { $0.event == .reset }.map(\.step)
        #expect(!resets.isEmpty)
        for at in [resets.last! + 1, resets.last! + 150, 500] {
            let make = { (lines: [String]?) in
                try #require(try Session.rebuilt(scene: original.world.scene, sceneText: original.sceneText, sceneFile: original.sceneFile,
                                                 events: original.events, at: at, lines: lines))
            }
            let fromBuild = try make(nil), fromReset = try make(original.lines)
            #expect(fromReset.world.stateHash == fromBuild.world.stateHash && fromReset.world.stepCount == at)
            #expect(fromReset.journalText == fromBuild.journalText)
            try fromBuild.step(120)
            try fromReset.step(120)
            #expect(fromReset.world.stateHash == fromBuild.world.stateHash, "\(name) at \(at)")
        }
    }

    @Test func aRebuildCanBeCancelledAndReportsProgress() throws {
        let original = try Self.session("crates.json")
        try original.step(600)
        var reports: [Int] = []
        let cancelled = try Session.rebuilt(scene: original.world.scene, sceneText: original.sceneText, sceneFile: original.sceneFile,
                                            events: original.events, at: 600) { done, total in
            reports.append(done)
            #expect(total == 600)
            return done < 240
        }
        #expect(cancelled == nil && reports == [120, 240])
    }

    @Test func anEventThatNoLongerAppliesIsNamed() throws {
        let original = try Self.session("crates.json")
        try original.apply(.remove(body: 0))
        try original.step(10)
        var events = original.events
        events.append(Journal.TimedEvent(step: 5, event: .remove(body: 0), line: 9))  // removed twice
        #expect(throws: BranchError.self) {
            _ = try Session.rebuilt(scene: original.world.scene, sceneText: original.sceneText, sceneFile: original.sceneFile,
                                    events: events, at: 10)
        }
    }
}

extension Replay.Outcome {
    var isVerified: Bool { if case .verified = self { true } else { false } }
}
