import Foundation
import CrateboxGeometry
import CrateboxPhysics
import Scripting
import Sound
import Testing
@testable import Simulation
@testable import SceneFormat
import TestSupport

/// Each valid fixture is there for one rule of the format; this checks that
/// rule by its effect on the world, not only that the scene loads and runs.
@Suite struct ValidFixtureTests {
    static let validDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/valid")
    static var validFixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: validDirectory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func load(_ name: String) throws -> (Scene, World, [UInt8]) {
        let bytes = Array(try Data(contentsOf: Self.validDirectory.appendingPathComponent(name)))
        let scene = try Scene.decode(bytes, file: name)
        return (scene, try World(scene: scene), bytes)
    }

    static func body(_ world: World, _ i: Int) -> Body { world.bodies[i]!.body }
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }

    /// Every fixture is covered here: a new one needs its own check.
    @Test func everyValidFixtureHasACheck() {
        #expect(Self.validFixtures == Self.checks.keys.sorted())
    }

    @Test(arguments: checks.keys.sorted())
    func eachValidFixtureDoesWhatItIsFor(name: String) throws {
        let (scene, world, bytes) = try Self.load(name)
        try Self.checks[name]!(scene, world, bytes)
        // And it runs: a spawn, steps, finite numbers.
        try world.step(60)
        try world.apply(.spawn(x: scene.width / 2, y: scene.height / 2))
        try world.step(10)
        #expect(world.dynamicWorldBodies.allSatisfy { $0.body.position.isFinite && $0.body.velocity.isFinite })
    }

    typealias Check = @Sendable (Scene, World, [UInt8]) throws -> Void
    static let checks: [String: Check] = [  // looked up by name only
        "additions-solver.json": { _, world, _ in
            // The four solver keys reach the space; the walls run around [origin, origin + bounds].
            #expect(world.space.collisionSlop == 0 && world.space.collisionBias == 0.999999)
            #expect(world.space.collisionPersistence == 1000 && world.space.idleSpeedThreshold == 1_000_000)
            let walls = world.space.shapes.filter { $0.body === world.space.staticBody }.map(\.geometry)
            let corners = [Vector(-100, -50), Vector(500, -50), Vector(500, 350), Vector(-100, 350), Vector(-100, -50)]
            #expect(Array(walls.prefix(4)) == (0..<4).map { ShapeGeometry.segment(a: corners[$0], b: corners[$0 + 1], radius: 1) })
            // Rules 2: then their backings, 100 points thick outside them, moved by the origin too (bounds 600 x 400).
            let box = { (l: Double, b: Double, r: Double, t: Double) in ShapeGeometry.polygon(vertices: [Vector(r, b), Vector(r, t), Vector(l, t), Vector(l, b)], radius: 0) }
            #expect(Array(walls.dropFirst(4)) == [box(-100 - 101, -50 - 101, -100 + 701, -50 - 1), box(-100 + 601, -50 - 101, -100 + 701, -50 + 501),
                                                  box(-100 - 101, -50 + 401, -100 + 701, -50 + 501), box(-100 - 101, -50 - 101, -100 - 1, -50 + 501)], "\(walls)")
            try world.step(360)
            #expect(abs(body(world, 0).position.y + 39) < 1, "the crate rests on the floor at y = -50")
        },
        "collision-types.json": { _, world, _ in
            // Each shape holds its name's number (scene-format.md 16.7): FNV-1a 64 of its bytes, top bit set.
            func fnv(_ name: String) -> UInt64 {
                name.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } | 1 << 63
            }
            #expect(world.bodies[0]!.shapes[0].collisionType == fnv("ledge"))
            #expect(world.bodies[1]!.shapes[0].collisionType == fnv("crate") && fnv("crate") != fnv("ledge"))
            #expect(world.bodies[2]!.shapes[0].collisionType == fnv("a name with spaces and ünïcode"))
            #expect(ScriptVM.collisionType("crate") == fnv("crate"))
        },
        "animation-equal-key-times.json": { _, world, _ in
            // Equal key times jump: it holds at 200 for the first second, then jumps to 250 and holds.
            try world.step(100)
            #expect(body(world, 0).position.x == 200)
            try world.step(30)  // past 1 s
            #expect(body(world, 0).position.x == 250)
        },
        "animation-on-kinematic.json": { _, world, _ in
            // Linear from 100 to 300 over 2 s: at 1 s it is half way.
            try world.step(120)
            #expect(close(body(world, 0).position.x, 200, 1e-9) && body(world, 0).position.y == 100)
        },
        "animation-time-offset.json": { scene, world, _ in
            // "done" was saved after its animation ended, "waiting" before its own began, the spinner two turns in.
            try world.step(240)
            #expect(body(world, 0).position.x == 200, "an ended animation holds its last value")
            #expect(body(world, 1).position.x == 100, "local time -2 + 2 = 0: it has not begun")
            try world.step(60)  // 2.5 s: local time 0.5 s of a 1 s animation, half way
            #expect(close(body(world, 1).position.x, 200, 1e-9))
            #expect(close(body(world, 2).angle, 12.566370614359172 + 2.5 * Double.pi, 1e-9), "the spinner keeps turning from 4π at π/s")
            #expect(scene.bodies[2].angle == 12.566370614359172)
        },
        "byte-order-mark.json": { scene, _, bytes in
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) && scene.name == "Byte order mark" && scene.bodies.count == 1)
        },
        "conveyor.json": { _, world, _ in
            #expect(world.bodies[0]!.shapes[0].surfaceVelocity == Vector(100, 0))
            try world.step(240)
            #expect(close(body(world, 1).velocity.x, 100) && body(world, 1).position.x > 350, "the belt drags the crate along at its surface velocity")
        },
        "density-body.json": { _, world, _ in
            // mass = density x area, per shape.
            #expect(close(body(world, 0).mass, 0.05 * 30 * 30))
            let circle = Double.pi * 100, segment = 40 * 4 + Double.pi * 4
            #expect(close(body(world, 1).mass, circle + segment, 1e-6))
            #expect(body(world, 2).mass > 200e-6 && body(world, 2).mass < 400e-6)  // a rounded triangle of about 260 square points
        },
        "joint-breaks.json": { _, world, _ in
            #expect(world.joints.map(\.breakForce) == [500, 5000])
            try world.step(120)
            // The crate weighs 1000 (mass 1, gravity 1000): the pin that breaks above 500 goes in the first step; the other holds.
            #expect(world.brokenJoints.map { $0.joint } == [0] && world.brokenJoints.first?.step == 1)
            #expect(world.space.joints.count == 1 && world.space.joints.first === world.joints[1])
            #expect(body(world, 0).position.y < 150 && abs(body(world, 1).position.y - 250) < 1e-6)
        },
        "joint-zero-length.json": { _, world, _ in
            // Zero-length slide and spring, and a pivot: all built; the slide holds "a" where it is.
            #expect(world.space.joints.count == 3)
            try world.step(120)
            #expect((body(world, 0).position - Vector(100, 150)).length < 1)
        },
        "joints-every-type.json": { scene, world, _ in
            #expect(world.space.joints.count == scene.joints.count && scene.joints.count >= 5)
            let kinds = Set(world.space.joints.map { "\($0.kind)".prefix { $0 != "(" } })  // membership only
            #expect(kinds.isSuperset(of: ["pivot", "pin", "slide", "spring", "motor"]))
        },
        "joints-rest-of-chipmunk.json": { scene, world, _ in
            #expect(world.space.joints.count == scene.joints.count)
            let kinds = Set(world.space.joints.map { "\($0.kind)".prefix { $0 != "(" } })  // membership only
            #expect(kinds.isSuperset(of: ["groove", "rotarySpring", "rotaryLimit", "ratchet", "gear"]))
            let j = world.joints
            #expect(j[0].errorBias == 0 && j[1].breakForce == 1e300 && j[4].maxBias == 1e300 && j[10].maxBias == 0 && j[10].errorBias == 1)
            #expect(j[2].breakForce == nil && j[2].maxBias == .infinity)
            try world.step(240)
            #expect((body(world, 0).position - Vector(175, 300)).length < 1e-9, "the groove holds the carriage up")
            #expect(close(body(world, 1).angularVelocity, -2) && close(body(world, 1).angularVelocity, -2 * body(world, 2).angularVelocity, 1e-6),
                    "the motor turns wheelA at -2 rad/s (a's spin minus b's is its rate), the gear wheelB at 1 (ratio x b's = a's)")
            #expect(close(body(world, 3).angle, -0.5, 1e-4), "the rotary spring pulls the flap towards -0.8 (a's angle minus b's is its rest angle); the limit holds it at -0.5")
            #expect(body(world, 4).angularVelocity < 0 && body(world, 4).angle < 0.05, "the ratchet stops crankBlocked turning counter-clockwise")
            #expect(close(body(world, 5).angle, -6), "and lets crankFree turn clockwise")
        },
        "pivot-two-anchors.json": { _, world, _ in
            // anchorA on crate1 and anchorB on the world, as given (not re-split from a world point).
            let anchors = world.joints[0].localAnchors
            #expect(anchors.a == .zero && anchors.b == Vector(100, 100))
            #expect(world.joints[0].worldAnchors.a == Vector(100, 100))
        },
        "saved-bridge.json": { scene, world, _ in
            // Saved from bridge.json with four crates on it at step 480: the pins keep
            // their lengths as saved, not the anchors' distance at the saved poses.
            guard case .pin(_, _, let distance?) = scene.joints[0].kind else { Issue.record("the first joint is a pin with a distance"); return }
            #expect(world.joints[0].pinDistance == distance && distance == 38.07886552931954)
            let a = world.joints[0].worldAnchors
            #expect(abs((a.a - a.b).length - distance) > 1e-3, "saved stretched: its anchors are not at its length")
            for joint in world.joints.dropFirst().prefix(11) {
                #expect(joint.localAnchors.a == Vector(20, 0) && joint.localAnchors.b == Vector(-20, 0))
            }
        },
        "kinematic-and-static.json": { _, world, _ in
            #expect(body(world, 0).kind == .static && body(world, 1).kind == .kinematic && body(world, 2).kind == .static)
            #expect(body(world, 0).angle == 0.3 && world.bodies[2]!.shapes[0].isSensor)
            try world.step(120)
            #expect(close(body(world, 1).position.x, 120, 1e-9) && close(body(world, 1).angle, -2, 1e-9), "kinematic: moves at its velocity, unaffected by gravity")
        },
        "limits-at-edge.json": { scene, world, _ in
            #expect(scene.name.count == Limits.nameLength && scene.bodies[0].id?.count == Limits.idLength)
            #expect(scene.width == Limits.coordinate && scene.iterations == 1 && world.space.iterations == 1)
        },
        "minimal.json": { scene, world, _ in
            // Every default: gravity, iterations, damping, walls (four segments and, rules 2, their backings), no sleeping.
            #expect(scene.gravity == Vector(0, -1000) && world.space.gravity == Vector(0, -1000))
            #expect(world.space.iterations == 10 && world.space.damping == 1 && world.space.sleepTimeThreshold == .infinity)
            #expect(world.space.shapes.count == 8 && world.space.shapes.allSatisfy { $0.body === world.space.staticBody && $0.friction == 0.5 && $0.elasticity == 0.8 })
            #expect(scene.spawn == Scene.defaultSpawn)
        },
        "moment-infinite.json": { _, world, _ in
            // "level" (moment "infinite") overhangs its ledge and rests on it level; "tipping",
            // the same plank with its shape's moment, tips off its own.
            let level = body(world, 2), tipping = body(world, 3)
            #expect(level.moment == .infinity && level.mass == 1 && world.bodies[2]!.shapes[0].mass == 0)
            var turned = false, fastestTip = 0.0
            for _ in 0..<240 {
                try world.step()
                turned = turned || level.angle != 0 || level.angularVelocity != 0
                fastestTip = max(fastestTip, abs(tipping.angularVelocity))
            }
            #expect(!turned && level.position.y > 110, "it never turns, and stays on its ledge")
            #expect(fastestTip > 1, "the plank with a finite moment tips")
            try world.apply(.spawn(x: 100, y: 300))  // above ledgeA, beside the plank
            #expect(world.bodies.last!!.body.moment == .infinity, "the spawn body's moment too")
        },
        "moment-value.json": { _, world, _ in
            // cpBodyNew(3, 1000): its two segments (no area, so without a moment they could not
            // share a mass) get none; its velocities are set before its shapes.
            let frame = body(world, 0)
            #expect(frame.mass == 3 && frame.moment == 1000 && world.bodies[0]!.shapes.allSatisfy { $0.mass == 0 })
            #expect(frame.velocity == Vector(50, 0) && frame.angularVelocity == 3)
            #expect(body(world, 1).moment == 1e-6 && body(world, 2).moment == 1e30)
            try world.step(30)
            #expect(close(frame.angle, 0.75), "in the air it turns at its own 3 rad/s")
        },
        "multi-shape-mass.json": { scene, world, _ in
            // The mass is split over the shapes by area, and adds up to the body's mass.
            let shapes = world.bodies[0]!.shapes
            let areas = scene.bodies[0].shapes.map(\.geometry.area)
            let total = areas.reduce(0, +)
            for (shape, area) in zip(shapes, areas) { #expect(close(shape.mass, 50 * area / total)) }
            #expect(close(body(world, 0).mass, 50, 1e-12))
            #expect(shapes[0].friction == 0.9 && shapes[1].elasticity == 0 && shapes[3].isSensor && !shapes[4].isSensor)
            #expect(world.bodies[0]!.look == .color(0xA0B0C0))
        },
        "one-way.json": { _, world, _ in
            #expect(world.bodies[0]!.shapes[0].oneWay == Vector(0, 1) && world.bodies[1]!.shapes[0].oneWay == nil)
            try world.step(60)
            #expect(body(world, 1).position.y > 300, "going up, the ball passes through the platform at y = 250")
            try world.step(180)
            #expect(abs(body(world, 1).position.y - 265) < 0.5 && abs(body(world, 1).velocity.y) < 1, "coming down, it lands on it")
        },
        "polygon-radius.json": { scene, world, _ in
            // The rounded pentagon is bigger than its vertices by its radius, the square is not.
            let rounded = world.bodies[0]!.shapes[0].boundingBox, square = world.bodies[1]!.shapes[0].boundingBox
            #expect(close(rounded.max.y - 150, 23, 1e-9) && close(square.max.x - 250, 10, 1e-9))
            if case .polygon(_, let r) = scene.bodies[0].shapes[0].geometry { #expect(r == 3) } else { Issue.record("not a polygon") }
        },
        "shape-filters.json": { _, world, _ in
            let filters = (0..<6).map { world.bodies[$0]!.shapes[0].filter }
            #expect(filters[0].group == 2_147_483_647 && filters[0].categories == .max && filters[0].mask == .max)
            #expect(filters[2].categories == 2 && filters[2].mask == 1 && filters[3].categories == 4 && filters[3].mask == 4_294_967_295)
            try world.step(360)
            let y = (0..<6).map { body(world, $0).position.y }
            #expect(abs(y[1] - y[0]) < 1, "one group: the upper crate falls through the lower one to the floor")
            #expect(abs(y[3] - y[2]) < 1, "categories 4 do not meet mask 1: it falls through too")
            #expect(abs(y[5] - y[4] - 40) < 0.5, "groups 1 and 2 collide: the upper crate rests on the lower")
        },
        "shape-sounds.json": { _, world, _ in
            // Each shape lands sounding as its `sound` says (the floor's metal is never the one struck: it cannot move).
            world.listening = true
            var heard: [Int: SoundEvent.Kind] = [:]  // lookups only
            for _ in 0..<240 {
                try world.step()
                for h in world.takeHeard() where heard[Int((h.position.x - 40) / 120)] == nil { heard[Int((h.position.x - 40) / 120)] = h.sound.kind }
            }
            #expect(heard[0] == .impact(.wood) && heard[1] == .impact(.rubber) && heard[2] == .impact(.metal) && heard[3] == .impact(.stone), "\(heard.sorted { $0.key < $1.key })")
        },
        "sleep-time-null.json": { _, world, _ in
            try world.step(600)
            #expect(world.space.sleepTimeThreshold == .infinity && !body(world, 0).isSleeping)
        },
        "sleep-time-number.json": { _, world, _ in
            #expect(world.space.sleepTimeThreshold == 0.25)
            try world.step(600)
            #expect(world.dynamicWorldBodies.allSatisfy { $0.body.isSleeping }, "a settled row falls asleep")
        },
        "spatial-hash-null.json": { scene, _, _ in #expect(scene.spatialHash == nil) },
        "spatial-hash-one-cell.json": { scene, world, _ in
            #expect(scene.spatialHash == Scene.SpatialHash(cellSize: 1_000_000, cells: 1))
            try world.step(240)  // everything in one cell still collides: nothing falls through the floor
            #expect(world.dynamicWorldBodies.allSatisfy { $0.body.position.y > 5 })
        },
        "spatial-hash.json": { scene, world, _ in
            #expect(scene.spatialHash == Scene.SpatialHash(cellSize: 25, cells: 1000))
            try world.step(240)
            #expect(world.dynamicWorldBodies.allSatisfy { $0.body.position.y > 5 })
        },
        "spawn-density-box-shorthand.json": { _, world, _ in
            try world.apply(.spawn(x: 200, y: 150))
            let spawned = world.bodies.last!!
            #expect(spawned.shapes.count == 1 && close(spawned.body.mass, 0.1 * 10 * 40) && spawned.look == .crate)
        },
        "terrain-829-segments.json": { scene, world, _ in
            // A terrain of 829 segments on one static body loads (the limit is on
            // the scene's shapes, not a body's), and the hexagons land on it.
            #expect(scene.bodies[0].shapes.count == 829 && world.bodies[0]!.shapes.count == 829)
            try world.step(600)
            for i in 1...12 {
                let p = body(world, i).position
                #expect(p.y > 60 && p.y < 220 && p.x > 0 && p.x < 2000, "hexagon \(i) rests on the terrain, at \(p)")
            }
        },
        "spawn-override.json": { _, world, _ in
            try world.apply(.spawn(x: 200, y: 150))
            let spawned = world.bodies.last!!
            #expect(close(spawned.body.mass, 20) && spawned.look == .ball && spawned.shapes[0].elasticity == 0.95)
            #expect(spawned.body.angle == 0.5 && spawned.body.velocity == Vector(0, 100) && spawned.body.angularVelocity == 1)
        },
        "unicode-name.json": { scene, world, _ in
            #expect(scene.name == "Kisten 📦 – 木箱 e\u{301} «ü»" && world.bodies[1]!.id == "🚀")
            #expect(world.space.joints.count == 1)
        },
        "walls-false.json": { _, world, _ in
            #expect(world.space.shapes.count == 1)
            try world.step(1200)  // nothing stops it
            #expect(body(world, 0).position.x > 400)
        },
        "walls-object-empty.json": { _, world, _ in
            let walls = world.space.shapes.filter { $0.body === world.space.staticBody }
            #expect(walls.count == 8 && walls.allSatisfy { $0.friction == 0.5 && $0.elasticity == 0.8 }, "four walls and their backings")
        },
        "walls-object.json": { _, world, _ in
            let walls = world.space.shapes.filter { $0.body === world.space.staticBody }
            #expect(walls.count == 8 && walls.allSatisfy { $0.friction == 1 && $0.elasticity == 0 }, "four walls and their backings")
            if case .segment(_, _, let r) = walls[0].geometry { #expect(r == 5) } else { Issue.record("not a segment") }
        },
    ]
}
