import Foundation
import CrateboxGeometry
import SceneFormat
@testable import Simulation
import Sound
import Testing
import TestSupport

/// What the world hears of its steps (World+Hearing.swift): impacts when
/// contacts begin or strike harder, splashes, snaps, cuts, explosions and
/// hisses, each where it happened; listening never changes the world.
@Suite(.tags(.memory)) struct HearingTests {
    /// Steps `world` `count` times, returning what was heard with the step it was heard after.
    func heard(_ world: World, steps count: Int) throws -> [(step: Int, heard: Heard)] {
        world.listening = true
        var out: [(Int, Heard)] = []
        for _ in 0..<count {
            try world.step()
            out += world.takeHeard().map { (world.stepCount, $0) }
        }
        return out
    }

    /// A crate of `size` dropped from `height` above the floor of a 600-point box.
    func drop(size: Double = 40, height: Double = 300, extra: String = "") throws -> World {
        try World(scene: decode(scene(bodies: """
            {"position": [300, \(20 + size / 2 + height)], "mass": 100, "shapes": [{"box": [\(size), \(size)], "elasticity": 0\(extra)}]}
            """, extra: "\"walls\": true").replacingOccurrences(of: "[300, 300]", with: "[600, 600]")))
    }

    @Test func aDroppedCrateKnocksOnceWhenItLands() throws {
        let world = try drop()
        let events = try heard(world, steps: 240)
        let impacts = events.filter { if case .impact = $0.heard.sound.kind { true } else { false } }
        #expect(impacts.count == 1, "\(impacts.map(\.step))")
        let first = try #require(impacts.first)
        // It falls 320 points at 1000 points/s²: about 0.77 s.
        #expect((95...99).contains(first.step), "landed at step \(first.step)")
        #expect(first.heard.sound.kind == .impact(.wood))
        #expect(first.heard.sound.strength > 0.5)
        #expect(abs(first.heard.sound.size - 40) < 1)
        #expect(abs(first.heard.position.x - 300) < 25 && first.heard.position.y < 5, "\(first.heard.position)")
    }

    /// Issue 46: a pile at rest with sleep off ("sleepTime": null, build mode's default) rattled forever at -25 to -30 dB.
    @Test func aPileAtRestIsSilentWhetherItSleepsOrNot() throws {
        var bodies: [String] = []
        for row in 0..<6 { for col in 0..<8 { bodies.append(#"{"position": [\#(100 + col * 41), \#(41 + row * 40)], "mass": 100, "box": [40, 40]}"#) } }
        let world = try World(scene: decode(scene(bodies: bodies.joined(separator: ","), extra: "\"walls\": true, \"sleepTime\": null")
            .replacingOccurrences(of: "[300, 300]", with: "[600, 600]")))
        _ = try heard(world, steps: 360)  // falling into place
        let later = try heard(world, steps: 600)
        #expect(world.dynamicWorldBodies.allSatisfy { !$0.body.isSleeping }, "nothing sleeps")
        #expect(later.isEmpty, "five seconds of rest are silent: \(later.map { ($0.step, $0.heard.sound.strength) }.prefix(8))")
    }

    @Test func aHarderFallIsLouderAndABiggerCrateLower() throws {
        func first(_ world: World) throws -> SoundEvent { try #require(try heard(world, steps: 300).first).heard.sound }
        let low = try first(try drop(height: 20)), high = try first(try drop(height: 400))
        #expect(low.strength < high.strength - 0.2, "\(low.strength) \(high.strength)")
        let big = try first(try drop(size: 120, height: 100))
        #expect(abs(big.size - 120) < 1)
    }

    @Test func aShapeSaysWhatItSoundsLike() throws {
        let metal = try heard(try drop(extra: ", \"sound\": \"metal\""), steps: 200)
        #expect(metal.first?.heard.sound.kind == .impact(.metal))
        let ball = try World(scene: decode(scene(bodies: """
            {"position": [150, 100], "mass": 10, "shapes": [{"circle": 10}]}
            """, extra: "\"walls\": true")))
        #expect(try heard(ball, steps: 120).first?.heard.sound.kind == .impact(.rubber))
        #expect(errors(scene(bodies: """
            {"position": [150, 100], "mass": 10, "shapes": [{"circle": 10, "sound": "glass"}]}
            """)) == "test.json: bodies[0].shapes[0].sound: must be \"wood\", \"rubber\", \"metal\" or \"stone\", got \"glass\"")
    }

    @Test func listeningNeverChangesTheWorld() throws {
        for name in ["pile.json", "water.json", "bridge.json", "mixed.json"] {
            let quiet = try World(scene: try loadShippedScene(name)), heard = try World(scene: try loadShippedScene(name))
            heard.listening = true
            for _ in 0..<600 {
                try quiet.step()
                try heard.step()
                _ = heard.takeHeard()
            }
            #expect(quiet.stateHash == heard.stateHash, "\(name)")
            #expect(try quiet.snapshot() == heard.snapshot(), "\(name): the exact state too")
        }
    }

    @Test func aSettlingPileFallsSilent() throws {
        let world = try World(scene: try loadShippedScene("pile.json"))
        let events = try heard(world, steps: 1200)
        let early = events.filter { $0.step <= 240 }.count, late = events.filter { $0.step > 960 }.count
        #expect(early > 20, "the pile lands: \(early) sounds in its first 2 s")
        #expect(late * 20 < early, "and settles: \(late) sounds in its last 2 s")
    }

    @Test func waterSplashesJointsSnapKnivesCutAndBlastsBoom() throws {
        let water = try heard(World(scene: try loadShippedScene("water.json")), steps: 240)
        #expect(water.contains { $0.heard.sound.kind == .splash })

        let chain = try World(scene: try loadScene(atPath: packageRoot.appendingPathComponent("Tests/Fixtures/valid/joint-breaks.json").path, file: "joint-breaks.json"))
        let snaps = try heard(chain, steps: 600).filter { $0.heard.sound.kind == .snap }
        #expect(snaps.count == chain.brokenJoints.count && !snaps.isEmpty, "\(snaps.count) snaps, \(chain.brokenJoints.count) broken")

        let crate = try drop(height: 0)
        crate.listening = true
        try crate.apply(.slice(a: Vector(250, 40), b: Vector(350, 40)))
        #expect(crate.takeHeard().map(\.sound.kind) == [.cut])
        try crate.apply(.explode(x: 300, y: 30, radius: 200, impulse: 1000))
        let boom = crate.takeHeard()
        #expect(boom.map(\.sound.kind) == [.explosion] && boom[0].position == Vector(300, 30))
    }

    @Test func aThrusterHissesWhileItFires() throws {
        let lander = try World(scene: try loadShippedScene("thrusters.json"))
        lander.listening = true
        try lander.apply(.key(.key("Up"), down: true))
        let firing = try heard(lander, steps: 60).filter { $0.heard.sound.kind == .hiss }.count
        try lander.apply(.key(.key("Up"), down: false))
        let after = try heard(lander, steps: 60).filter { $0.heard.sound.kind == .hiss }.count
        #expect(firing == 60 && after == 0, "\(firing) \(after)")
    }

    @Test func aSoundIsPannedByWhereItIsOnScreen() {
        let view = ListenerView(minX: 0, minY: 0, maxX: 600, maxY: 400)
        func at(_ x: Double, _ y: Double) -> SoundEvent { SoundEvent(.snap, strength: 1).placed(atX: x, y: y, in: view) }
        #expect(at(0, 200).pan == -1 && at(600, 200).pan == 1 && at(300, 200).pan == 0)
        #expect(at(450, 200).pan == 0.5 && at(450, 200).gain == 1)
        #expect(at(1200, 200).gain < 0.5 && at(300, -400).gain < 0.5, "quieter off screen")
    }

    @Test func aScriptPlaysSoundsToo() throws {
        let path = packageRoot.appendingPathComponent("Tests/Fixtures/scripts/sounds.json").path
        let world = try World(scene: try loadScene(atPath: path, file: "sounds.json"))
        let events = try heard(world, steps: 60)
        #expect(events.filter { $0.heard.sound.kind == .impact(.metal) }.map(\.step) == [1, 11, 21, 31, 41, 51],
                "asked for in step(world) when world:steps() is 0, 10, 20...: heard after that step")
        let boom = try #require(events.first { $0.heard.sound.kind == .explosion })
        #expect(boom.step == 31 && boom.heard.position == Vector(10, 20) && boom.heard.sound.strength == 1 && boom.heard.sound.size == 32)
        let quiet = try World(scene: try loadScene(atPath: path, file: "sounds.json"))
        try quiet.step(60)
        #expect(quiet.stateHash == world.stateHash, "hearing only")
    }
}
