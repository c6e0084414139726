import CrateboxGeometry
import CrateboxPhysics
import Sound
import Testing
import TestSupport
@testable import SceneFormat
@testable import Simulation

/// The types World is made of, each on its own (issue 49): the body table, the
/// grab's hand, the print log and the hearing's loudness.
@Suite(.tags(.memory)) struct BodyTableTests {
    private func entry(_ id: String) -> WorldBody {
        let spec = BodySpec(type: .dynamic, position: .zero, angle: 0, velocity: .zero, angularVelocity: 0, mass: .mass(1),
                            shapes: [ShapeSpec(geometry: .circle(radius: 1, offset: .zero))], look: .plain)
        return WorldBody(id: id, spec: spec, body: Body(kind: .dynamic), shapes: [])
    }

    @Test func indicesStayWhenBodiesGoAndLookupsFollowThem() {
        var table = BodyTable()
        let a = entry("a"), b = entry("b"), c = entry("c")
        for e in [a, b, c] { table.append(e) }
        #expect(table.liveCount == 3 && table.index(of: c.body) == 2)
        let before = table.revision
        table.clear(at: 1)
        #expect(table.entries.count == 3 && table.entries[1] == nil && table.liveCount == 2)
        #expect(table.index(of: b.body) == nil && table.index(of: c.body) == 2)
        #expect(table.revision > before)
        // Clearing a removed entry again changes nothing (not the count, not the revision).
        let cleared = table.revision
        table.clear(at: 1)
        #expect(table.liveCount == 2 && table.revision == cleared)
        table.append(nil)
        #expect(table.entries.count == 4 && table.liveCount == 2)
    }

    @Test func replacingStartsAfreshWithALaterRevision() {
        var table = BodyTable()
        let a = entry("a")
        table.append(a)
        let before = table.revision
        let d = entry("d")
        table.replace(with: [nil, d])
        #expect(table.entries.count == 2 && table.liveCount == 1 && table.index(of: a.body) == nil && table.index(of: d.body) == 1)
        #expect(table.revision > before)
        table.markMadeByScript(1)
        #expect(table.entries[1]?.madeByScript == true)
    }
}

@Suite(.tags(.memory)) struct GrabTests {
    @Test func aGrabHoldsOnlyADynamicBodyNearIt() throws {
        let space = Space()
        let body = Body(mass: 1, moment: 100)
        body.position = Vector(10, 0)
        try space.add(body)
        #expect(try Grab.anchor(on: body, 0, at: Vector(11, 0)) == Vector(1, 0))
        // r² m / I over 1e8: a point 1e5 points off a body of moment 100 and mass 1 is 1e8 off.
        #expect(throws: WorldError.self) { try Grab.anchor(on: body, 0, at: Vector(200_010, 0)) }
        #expect(throws: WorldError("body 3 is static; only dynamic bodies can be grabbed")) { try Grab.anchor(on: space.staticBody, 3, at: .zero) }

        var grab = try Grab(0, body: body, anchor: Vector(1, 0), at: Vector(11, 0), gravity: 1000, in: space)
        #expect(space.contains(grab.hand) && space.contains(grab.joint))
        grab.target = Vector(11 + 800, 0)
        grab.moveHand(rules: 2, stepDuration: World.stepDuration)
        // An eighth of the way in a step of 1/120 s is 12,000 points/s: rules 2 holds it to the hand's top speed.
        #expect(grab.hand.velocity == Vector(Grab.topSpeed, 0))
        grab.moveHand(rules: 1, stepDuration: World.stepDuration)
        #expect(grab.hand.velocity == Vector(12_000, 0))
        grab.release(from: space)
        #expect(!space.contains(grab.hand) && !space.contains(grab.joint))
    }
}

@Suite struct PrintLogTests {
    @Test func aFullLogCountsWhatItDropsAndSaysSoOnce() {
        let log = PrintLog()
        log.add((0..<PrintLog.capacity).map { "line \($0)" }, dropped: 0, step: 4)
        log.add(["one more", "and another"], dropped: 3, step: 5)
        let taken = log.take(step: 9)
        #expect(taken.count == PrintLog.capacity + 1)
        #expect(taken.first == PrintedLine(step: 4, text: "line 0"))
        // Two lines past the capacity, and the script's own dropped line: 3 more lines.
        #expect(taken.last == PrintedLine(step: 4, text: "(3 more lines printed, not shown)"))
        #expect(log.take(step: 10).isEmpty)
    }
}

@Suite struct HearingLoudnessTests {
    @Test func theSpawnBodyLandingAtFullSpeedIsFullStrengthAndAHundredthIsSilent() throws {
        let scene = try Scene.decode(Array(#"{"format": "cratebox/scene@1", "bounds": [800, 600]}"#.utf8), file: "s.json")
        let hearing = Hearing(scene: scene)
        let mass = try #require(scene.spawn.totalMass)
        #expect(abs(hearing.strength(ofSpeed: hearing.fullSpeed, mass: mass) - 1) < 1e-12)
        #expect(abs(hearing.strength(ofSpeed: hearing.fullSpeed / 100, mass: mass)) < 1e-12)
        #expect(hearing.strength(ofSpeed: 0, mass: mass) == 0)
        #expect(Hearing.material(.rubber) == .rubber)
    }

    @Test func aScriptsSoundIsHeardByItsName() throws {
        // The names world:sound takes (script_world.c), each its own kind; no other name is one.
        let names = ["wood", "rubber", "metal", "stone", "splash", "snap", "cut", "explosion", "hiss"]
        let kinds = names.compactMap(Hearing.scriptSoundKind)
        #expect(kinds.count == 9 && Set(kinds.map { "\($0)" }).count == 9)
        #expect(Hearing.scriptSoundKind("bell") == nil && Hearing.scriptSoundKind("Wood") == nil)
        #expect(Hearing.scriptSoundKind("hiss") == .hiss && Hearing.scriptSoundKind("stone") == .impact(.stone))
    }
}
