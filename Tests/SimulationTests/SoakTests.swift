import CrateboxGeometry
import Testing
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// 100,000 seeded random events (spawn, remove, grab, drag, release, tilt,
/// reset) with steps in between, on a World built from each shipped scene.
/// scripts/test runs this suite under AddressSanitizer and LeakSanitizer with
/// the whole Sandbox layer instrumented: no use after free, no leak, no
/// Chipmunk assertion, and the space never holds more than the world has.
@Suite(.tags(.memory)) struct SoakTests {
    static let events = 100_000

    @Test(arguments: shippedScenes)
    func randomEventsKeepTheWorldSound(name: String) throws {
        let scene = try loadShippedScene(name)
        let world = try World(scene: scene)
        var rng = SeededGenerator(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        // Heavy scenes step less often, so that the suite stays within a minute or so.
        let eventsPerStep = scene.bodies.count > 200 ? 40 : 8
        let maxLive = scene.bodies.count + 120
        var applied = 0, refused = 0, turnedOff = 0, mostLive = 0
        func point() -> (Double, Double) {
            (Double.random(in: -0.1...1.1, using: &rng) * scene.width, Double.random(in: -0.1...1.1, using: &rng) * scene.height)
        }
        for n in 0..<Self.events {
            let live = world.liveBodyCount
            let event: Event
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<20: let (x, y) = point(); event = live < maxLive ? .spawn(x: x, y: y) : .remove(body: Int.random(in: 0..<world.bodies.count, using: &rng))
            case 20..<38: event = .remove(body: Int.random(in: 0..<(world.bodies.count + 2), using: &rng))
            case 38..<52: let (x, y) = point(); event = .grab(body: Int.random(in: 0..<(world.bodies.count + 1), using: &rng), x: x, y: y)
            case 52..<78: let (x, y) = point(); event = .drag(x: x, y: y)
            case 78..<86: event = .release
            case 86..<99: event = .tilt(x: Double.random(in: -2...2, using: &rng), y: Double.random(in: -2...2, using: &rng))
            default: event = .reset
            }
            if let input = event.sandboxInput, !scene.sandbox[input] {
                #expect(throws: WorldError.self) { try world.apply(event) }  // a game turned it off (16.14)
                turnedOff += 1
            } else {
                do {
                    try world.apply(event)
                    applied += 1
                } catch {
                    refused += 1  // a body that is not there, or not dynamic: refused, nothing changed
                }
            }
            if n % eventsPerStep == 0 { try world.step() }
            mostLive = max(mostLive, world.liveBodyCount)
            // The space holds exactly the world's bodies (and the hand while grabbing): nothing leaks into it.
            if n % 1000 == 0 {
                #expect(world.space.bodies.count == world.liveBodyCount + (world.grabbedBody == nil ? 0 : 1))
                #expect(world.bodies.count { $0 != nil } == world.liveBodyCount)
            }
        }
        #expect(applied > (Self.events - turnedOff) / 2 && (refused > 0 || turnedOff > 0) && mostLive <= maxLive)
        #expect(world.dynamicWorldBodies.allSatisfy { $0.body.position.isFinite && $0.body.velocity.isFinite })
    }
}
