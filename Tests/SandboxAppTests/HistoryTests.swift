import CrateboxGeometry
import Render
import SceneFormat
import Simulation
import Testing
import TestSupport
@testable import SandboxApp

/// The time machine's memory: bounded, full rate for the recent past, and what
/// it draws is what the world was.
@Suite struct HistoryTests {
    static func frames(_ name: String, steps: Int) throws -> (World, [DrawnWorld]) {
        let world = try World(scene: loadShippedScene(name))
        var frames = [DrawnWorld(world: world)]
        for _ in 0..<steps {
            try world.step()
            frames.append(DrawnWorld(world: world))
        }
        return (world, frames)
    }

    @Test func itStaysWithinItsBudgetAndKeepsTheRecentPastAtFullRate() throws {
        let (_, frames) = try Self.frames("crates.json", steps: 1)
        let perFrame = frames[0].atRest().keptBytes
        // Room for 10,000 frames: the last 7,200 stay at full rate, the older ones thin.
        var history = History(budget: perFrame * 10_000)
        let world = try World(scene: loadShippedScene("crates.json"))
        for _ in 0..<30_000 {
            history.record(DrawnWorld(world: world))
            try world.step()
        }
        #expect(history.bytes <= history.budget)
        let steps = history.frames.map(\.stepCount)
        #expect(steps == steps.sorted() && steps.first == 0 && steps.last == 29_999)
        let recent = steps.suffix(History.fullRate)
        #expect(zip(recent, recent.dropFirst()).allSatisfy { $1 == $0 + 1 }, "the last 60 s at every step")
        let older = steps.dropLast(History.fullRate)
        #expect(older.count > 100 && zip(older, older.dropFirst()).contains { $1 - $0 > 1 }, "the older past thinned")
        // A step that was thinned away shows the nearest kept one before it.
        let gap = zip(older, older.dropFirst()).first { $1 - $0 > 1 }!
        #expect(history.frame(at: gap.0 + 1)?.stepCount == gap.0)
    }

    @Test func aTinyBudgetStillKeepsSomethingAndStaysBounded() throws {
        var history = History(budget: 50_000)
        let world = try World(scene: loadShippedScene("pile.json"))  // 24 kB of poses a frame
        // As the physics thread makes them: the bodies' list is made once and shared (the first
        // frame, which made it, counts it and is over this budget; the others fit).
        let maker = DrawnWorldMaker()
        for _ in 0..<50 {
            maker.willStep(world)
            history.record(maker.drawn(world, debug: false).atRest())
            try world.step()
        }
        #expect(history.frames.count >= 1 && history.bytes <= 50_000)
        #expect(history.lastStep == 49)
    }

    @Test func aBranchDropsTheFuture() throws {
        var history = History()
        let (_, frames) = try Self.frames("crates.json", steps: 100)
        for frame in frames { history.record(frame) }
        history.drop(from: 41)
        #expect(history.lastStep == 40)
        history.record(frames[41])
        #expect(history.lastStep == 41 && history.frames.count == 42)
    }

    /// Scrubbing draws the remembered poses: the picture of a kept step is the
    /// picture of the world at that step, not at a later one.
    @Test func aRememberedStepDrawsAsTheWorldWasThen() throws {
        let (world, frames) = try Self.frames("tower.json", steps: 0)
        var history = History()
        history.record(frames[0])
        try world.apply(.tilt(x: -1, y: -0.3))
        var pictures: [Int: [UInt8]] = [:]
        for _ in 0..<600 {
            try world.step()
            history.record(DrawnWorld(world: world))
            if world.stepCount == 200 || world.stepCount == 600 {
                pictures[world.stepCount] = try Offscreen.pixels(of: world, width: 200, height: 300, debug: false)
            }
        }
        let then = try Offscreen.pixels(of: #require(history.frame(at: 200)), width: 200, height: 300)
        #expect(then == pictures[200])
        #expect(then != pictures[600], "the tower moved between the two steps")
    }
}
