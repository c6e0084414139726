import ReferenceRunner
import CrateboxGeometry
import CrateboxPhysics
import Testing
@testable import Simulation
@testable import SceneFormat
import TestSupport

@Suite struct WorldTests {
    /// State hashes after 600 steps, as Box2D's determinism test keeps them:
    /// a change here means the simulation changed, and replays would break.
    /// Made anew for rules 2 (the walls' backings: a scene whose bodies touch
    /// its walls steps otherwise; one whose bodies never do, as pyramid's, the same),
    /// and for math 1 (docs/math.md: a scene where the C library's last bits differed).
    /// They hold on every x86_64 CPU (OneHashTests).
    static let expectedHashes: [(String, String)] = [
        ("crates.json", "132f3411b9c999a3"),
        ("pyramid.json", "66521a2b4f765774"),
        ("tower.json", "cc9557eed5e33a5e"),
        ("mixed.json", "22493b0808df266a"),
        ("bridge.json", "d4af6ddd0824bb60"),
        ("pile.json", "d7abd297d1f3b81d"),
        ("elevator.json", "b93ba9a0fca638e2"),
        ("paddle.json", "e2edf5891b949cc4"),
        ("bounce.json", "fe982b285453a2a7"),
    ]

    /// The same scenes by rules 1, as journals and states written before rules 2 replay them (with math 1).
    static let rulesOneHashes: [(String, String)] = [
        ("crates.json", "06c899aa9de65545"), ("mixed.json", "8531d5445fd999a4"), ("bridge.json", "8ee238522b54ca79"),
        ("pile.json", "2e07323d664c442d"), ("bounce.json", "deaabd4ca3e77b8b"),
    ]

    @Test(arguments: rulesOneHashes)
    func rulesOneStepAsBefore(name: String, hash: String) throws {
        var scene = try loadShippedScene(name)
        scene.rules = 1
        let world = try World(scene: scene)
        for _ in 0..<600 { try world.step() }
        #expect(StateHash.hex(world.stateHash) == hash)
    }

    @Test(arguments: expectedHashes)
    func hashIsStable(name: String, hash: String) throws {
        let world = try World(scene: loadShippedScene(name))
        try world.step(600)
        #expect(world.stepCount == 600)
        #expect(StateHash.hex(world.stateHash) == hash)
    }

    /// The plain C runner follows the spec without any Swift: the two must
    /// agree bit for bit, before and after stepping, and with a tilt.
    /// The shipped scenes the plain C runner builds (no animations, none of
    /// the additions: the driving scenes and Chipmunk's demos are checked by
    /// the Python reference and DemoReference instead).
    static let plainScenes = shippedScenes.filter { (try? loadShippedScene($0)).map(CRunnerWorld.supports) ?? false }

    @Test func mostShippedScenesArePlain() {
        #expect(Self.plainScenes.count >= 7, "\(Self.plainScenes)")
    }

    @Test(arguments: plainScenes)
    func plainCRunnerAgrees(name: String) throws {
        let scene = try loadShippedScene(name)
        let world = try World(scene: scene)
        let c = CRunnerWorld(scene: scene)
        #expect(world.stateHash == c.stateHash)
        try world.step(240)
        c.step(240)
        #expect(world.stateHash == c.stateHash)
        try world.apply(.tilt(x: 0.6, y: -0.8))
        c.tilt(x: 0.6, y: -0.8)
        try world.step(120)
        c.step(120)
        #expect(world.stateHash == c.stateHash)
    }

    @Test func theHashFollowsTheSpec() throws {
        // FNV-1a 64 of nothing is the offset basis; of one zero byte, basis ^ 0 * prime.
        #expect(StateHash().value == 0xcbf29ce484222325)
        var h = StateHash()
        h.add(0)
        var expected: UInt64 = 0xcbf29ce484222325
        for _ in 0..<8 { expected = expected &* 0x100000001b3 }
        #expect(h.value == expected)
        // Little-endian bytes: 1.0 is 0x3ff0000000000000, so 0xf0 then 0x3f come last.
        var one = StateHash()
        one.add(1.0)
        var e: UInt64 = 0xcbf29ce484222325
        for byte: UInt64 in [0, 0, 0, 0, 0, 0, 0xf0, 0x3f] { e = (e ^ byte) &* 0x100000001b3 }
        #expect(one.value == e)
        #expect(StateHash.hex(0xab) == "00000000000000ab")
    }

    @Test func tiltSetsGravityFromTheSceneGravitysLength() throws {
        let world = try World(scene: DefaultScene.scene())
        #expect(world.space.gravity == Vector(0, -1000))
        try world.apply(.tilt(x: -1, y: 0))
        #expect(world.space.gravity == Vector(-1000, 0))
        #expect(world.tilt == Vector(-1, 0))
        try world.apply(.tilt(x: 0.5, y: -0.5))
        #expect(world.space.gravity == Vector(500, -500))
        #expect(throws: WorldError.self) { try world.apply(.tilt(x: .nan, y: 0)) }
        #expect(throws: WorldError.self) { try world.apply(.tilt(x: 0, y: .infinity)) }
    }

    @Test func tiltingLeftPilesTheCratesOnTheLeftWall() throws {
        let flat = try World(scene: DefaultScene.scene())
        let tilted = try World(scene: DefaultScene.scene())
        try tilted.apply(.tilt(x: -1, y: 0))
        try flat.step(240)
        try tilted.step(240)
        let xs = { (w: World) in w.dynamicWorldBodies.map(\.body.position.x) }
        let ys = { (w: World) in w.dynamicWorldBodies.map(\.body.position.y) }
        // Gravity points left: the crates slide to the left wall and do not fall.
        #expect(xs(tilted).reduce(0, +) < xs(flat).reduce(0, +) - 100)
        #expect(xs(tilted).min()! < 34)  // a crate against the wall (x = 0, radius 1)
        #expect(ys(tilted).allSatisfy { $0 > 200 })
        // Under plain gravity they fall to the floor from y >= 236.
        #expect(ys(flat).allSatisfy { $0 < 120 })
        #expect(ys(flat).min()! < 20)
    }

    @Test func spawningAddsTheSpawnBodyAfterTheFilesBodies() throws {
        let world = try World(scene: DefaultScene.scene())
        try world.step(10)
        let before = world.stateHash
        try world.apply(.spawn(x: 150, y: 150))
        #expect(world.bodies.count == 6)
        let spawned = try #require(world.bodies.last ?? nil)
        #expect(spawned.body.position == Vector(150, 150))
        #expect(spawned.body.mass == 100 && spawned.look == .crate)
        #expect(world.stateHash != before)
        #expect(throws: WorldError.self) { try world.apply(.spawn(x: .nan, y: 0)) }
        // The same inputs at the same steps give the same world, bit for bit.
        let again = try World(scene: DefaultScene.scene())
        try again.step(10)
        try again.apply(.spawn(x: 150, y: 150))
        try world.step(100)
        try again.step(100)
        #expect(world.stateHash == again.stateHash)
    }

    @Test func spawningStopsAtTheBodyLimit() throws {
        var scene = DefaultScene.scene()
        scene.walls = nil
        let world = try World(scene: scene)
        for i in 0..<(World.maxBodies - 5) {
            try world.apply(.spawn(x: Double(i % 1000) * 40, y: Double(i / 1000) * 40))
        }
        #expect(throws: WorldError.self) { try world.apply(.spawn(x: 0, y: 0)) }
        // Removing one makes room for one more.
        try world.apply(.remove(body: 7))
        try world.apply(.spawn(x: 0, y: 0))
        #expect(throws: WorldError.self) { try world.apply(.spawn(x: 0, y: 0)) }
    }

    /// Regression: the limit counted every body ever spawned, so a long
    /// session of spawning and deleting could not spawn any more.
    @Test func theBodyLimitCountsBodiesInTheWorldNotIndices() throws {
        let world = try World(scene: DefaultScene.scene())
        for _ in 0..<(World.maxBodies + 500) {
            try world.apply(.spawn(x: 150, y: 150))
            try world.apply(.remove(body: world.bodies.count - 1))
        }
        try world.apply(.spawn(x: 150, y: 150))
        let last = world.bodies.count - 1
        #expect(last == World.maxBodies + 505 && world.liveBodyCount == 6)
        // Indices stay stable: the new body is grabbed by its index, removed ones stay gone.
        try world.apply(.grab(body: last, x: 150, y: 150))
        #expect(world.grabbedBody == last && world.bodies[last - 1] == nil)
        try world.step(2)
    }
}

@Suite struct WorldEventTests {
    @Test func grabDragAndThrow() throws {
        let world = try World(scene: DefaultScene.scene())
        try world.step(240)  // settled
        let index = try #require(world.body(at: world.bodies[0]!.body.position))
        #expect(index == 0)
        let start = world.bodies[0]!.body.position
        try world.apply(.grab(body: 0, x: start.x, y: start.y))
        #expect(world.grabbedBody == 0)
        try world.apply(.drag(x: 150, y: 250))
        try world.step(120)
        let held = world.bodies[0]!.body.position
        #expect((held - Vector(150, 250)).length < 20)  // carried to the hand
        try world.apply(.drag(x: 250, y: 250))
        try world.step(6)
        let velocity = world.bodies[0]!.body.velocity
        try world.apply(.release)
        #expect(world.grabbedBody == nil)
        #expect(velocity.x > 100)  // moving with the hand when let go: a throw
        // The hand and its joint are gone: only the scene's bodies remain in the space.
        #expect(world.space.bodies.count == 5 && world.space.joints.isEmpty)
        #expect(throws: WorldError.self) { try world.apply(.grab(body: 99, x: 0, y: 0)) }
    }

    @Test func grabsAreHeldOnTheBody() throws {
        let world = try World(scene: DefaultScene.scene())
        try world.step(120)
        let crate = world.bodies[0]!.body  // 32 x 32, mass 100
        // On the body, or a lever's length off it, is fine; far off it for its size is refused.
        try world.apply(.grab(body: 0, x: crate.position.x + 10, y: crate.position.y))
        try world.apply(.grab(body: 0, x: crate.position.x + 500, y: crate.position.y))
        #expect(throws: WorldError.self) { try world.apply(.grab(body: 0, x: crate.position.x + 200_000, y: crate.position.y)) }
        #expect(world.grabbedBody == 0, "a refused grab changes nothing: the earlier one still holds")
        // The window grabs at the point on the body nearest a click just off it.
        let off = crate.position + Vector(22.7, 0)  // outside the crate however it has turned (half diagonal 22.6)
        let hit = try #require(world.hit(at: off, tolerance: 10))
        #expect(hit.index == 0 && hit.point != off && (hit.point - off).length <= 10)
        #expect(world.body(at: hit.point, tolerance: 1e-9) == 0, "the point is on the crate")
        let inside = try #require(world.hit(at: crate.position, tolerance: 4))
        #expect(inside.point == crate.position)
    }

    @Test func removeAndResetKeepIndicesStable() throws {
        let world = try World(scene: DefaultScene.scene())
        try world.apply(.spawn(x: 150, y: 150))
        try world.apply(.remove(body: 1))
        #expect(world.bodies[1] == nil && world.liveBodyCount == 5 && world.dynamicWorldBodies.count == 5)
        #expect(throws: WorldError.self) { try world.apply(.remove(body: 1)) }
        try world.step(10)
        // Removing the grabbed body lets go of it.
        try world.apply(.grab(body: 5, x: 150, y: 150))
        try world.apply(.remove(body: 5))
        #expect(world.grabbedBody == nil)
        try world.step(10)
        try world.apply(.tilt(x: 1, y: 0))
        try world.apply(.reset)
        #expect(world.bodies.count == 5 && world.liveBodyCount == 5 && world.tilt == nil)
        #expect(world.space.gravity == Vector(0, -1000))
        #expect(world.stepCount == 20)
        let fresh = try World(scene: DefaultScene.scene())
        #expect(world.stateHash == fresh.stateHash)
    }

    @Test func theCurrentStateSavesAsASceneThatLoadsBack() throws {
        for name in ["bridge.json", "mixed.json", "crates.json"] {
            let world = try World(scene: loadShippedScene(name))
            try world.step(60)
            try world.apply(.spawn(x: world.scene.width / 2, y: world.scene.height - 40))
            if let removable = world.bodies.firstIndex(where: { $0?.body.kind == .dynamic }) { try world.apply(.remove(body: removable)) }
            try world.apply(.tilt(x: 0.3, y: -0.9))
            let saved = world.currentScene()
            let reloaded = try Scene.decode(Array(saved.json().utf8), file: "saved.json")
            #expect(reloaded == saved)
            let again = try World(scene: reloaded)
            // Same bodies at the same poses and velocities.
            #expect(again.dynamicWorldBodies.count == world.dynamicWorldBodies.count)
            for (a, b) in zip(again.dynamicWorldBodies, world.dynamicWorldBodies) {
                #expect(a.body.position == b.body.position && a.body.velocity == b.body.velocity && a.body.angle == b.body.angle)
            }
            #expect(again.space.gravity == world.space.gravity)
        }
    }
}

@Suite struct AnimatedBodyTests {
    func body(_ world: World, _ id: String) -> Body { world.bodies.first { $0?.id == id }!!.body }

    /// Before each step an animated body gets the velocity that brings it to
    /// its animated pose at the end of the step.
    @Test func animatedBodiesFollowTheirTrack() throws {
        let scene = try loadShippedScene("elevator.json")
        let world = try World(scene: scene)
        guard case .position(let track)? = scene.bodies[0].animation else { Issue.record("no track"); return }
        for step in 1...500 {
            try world.step()
            let p = body(world, "elevator").position, target = track.value(at: Double(step) / 120)
            #expect(abs(p.x - target.x) < 1e-9 && abs(p.y - target.y) < 1e-9, "step \(step)")
        }
        let spinner = body(world, "spinner")
        guard case .angle(let angles)? = scene.bodies.first(where: { $0.id == "spinner" })?.animation else { return }
        #expect(abs(spinner.angle - angles.value(at: 500.0 / 120)) < 1e-9)
    }

    @Test func aCrateOnARisingElevatorRisesWithItAndStaysOn() throws {
        let world = try World(scene: loadShippedScene("elevator.json"))
        let elevator = body(world, "elevator"), rider = body(world, "rider")
        try world.step(60)  // settled, before the lift begins at 0.5 s
        var highest = 0.0
        for _ in 0..<360 {  // the 3 s climb
            try world.step()
            // On the platform: its half height plus the crate's, and not sliding off.
            #expect(abs(rider.position.y - (elevator.position.y + 6 + 15)) < 1.5)
            #expect(abs(rider.position.x - 95) < 2)
            highest = max(highest, rider.position.y)
        }
        #expect(highest > 300)
        // Friction carries the passenger on the moving shuttle through its whole loop.
        let shuttle = body(world, "shuttle"), passenger = body(world, "passenger")
        try world.step(600)
        #expect(abs(passenger.position.y - (shuttle.position.y + 6 + 15)) < 1.5)
        #expect(abs(passenger.position.x - shuttle.position.x) < 40)
    }

    @Test func thePaddleHitsACrate() throws {
        let world = try World(scene: loadShippedScene("paddle.json"))
        let target = body(world, "target")
        try world.step(119)  // the swing begins at 1 s
        #expect(target.velocity.length < 1)
        let start = target.position
        try world.step(60)
        #expect(target.position.y > start.y + 30)  // knocked up off the ledge
        #expect(target.velocity.length > 100 || target.position.y > start.y + 60)
    }

    /// A spinner that turns whole turns repeats by accumulating, not by
    /// jumping back: the body's angular velocity stays what the curve asks.
    @Test func wholeTurnsRepeatWithoutAJump() throws {
        let world = try World(scene: loadShippedScene("elevator.json"))
        let spinner = body(world, "spinner")
        var fastest = 0.0
        for _ in 0..<1200 {  // 10 s: two and a half repeats
            try world.step()
            fastest = max(fastest, abs(spinner.angularVelocity))
        }
        #expect(fastest < 6)  // 2π in 4 s, eased: about 2.4 rad/s at the fastest; a jump would be hundreds
        #expect(spinner.angle > 4 * Double.pi)  // still turning the same way after two plays
    }

    @Test func jointsOnAnimatedBodiesHold() throws {
        let scene = try decode(scene(bodies: #"""
            {"id": "arm", "type": "kinematic", "position": [150, 150], "box": [100, 10],
             "animation": {"property": "angle", "values": [0, 1.5], "duration": 1, "autoreverses": true, "repeat": "forever", "timingFunctions": ["easeInEaseOut"]}},
            {"id": "weight", "position": [200, 120], "mass": 2, "shapes": [{"circle": 8}]}
            """#, extra: #""joints": [{"type": "pin", "a": "arm", "b": "weight", "anchorA": [50, 0], "anchorB": [0, 0]}]"#))
        let world = try World(scene: scene)
        for _ in 0..<600 {
            try world.step()
            let arm = body(world, "arm"), weight = body(world, "weight")
            let tip = arm.localToWorld(Vector(50, 0))
            #expect(abs((weight.position - tip).length - 30) < 3)  // the pin keeps its length
        }
    }

    @Test func theEasedBallAndThePhysicalBallLandTogether() throws {
        let world = try World(scene: loadShippedScene("bounce.json"))
        let eased = body(world, "eased"), physical = body(world, "physical")
        try world.step(36)  // 0.3 s: the keyframes' first landing
        #expect(abs(eased.position.y - 32) < 1e-9)
        #expect(physical.position.y < 45)  // the real ball, under matching gravity, is landing too
        var risen = 0.0
        for _ in 0..<84 {  // to 1 s: the real ball bounces back up
            try world.step()
            risen = max(risen, physical.position.y)
        }
        #expect(risen > 120)
        #expect(abs(eased.position.y - 32) < 1e-9)  // the eased ball has landed for good
    }

    @Test func aResetRestartsTheAnimations() throws {
        let world = try World(scene: loadShippedScene("elevator.json"))
        try world.step(300)
        try world.apply(.reset)
        try world.step(300)
        let fresh = try World(scene: loadShippedScene("elevator.json"))
        try fresh.step(300)
        #expect(world.stateHash == fresh.stateHash)
    }
}

/// The window reads every body's pose after every step, in one pass in C
/// (`BodyPoses`): the same poses the bodies give one by one, gaps included,
/// and fresh after a body is removed or spawned.
@Suite struct PosesTests {
    @Test func posesAreEachBodysAndFollowRemovals() throws {
        let world = try World(scene: loadShippedScene("crates.json"))
        try world.step(90)
        func oneByOne() -> [Pose] {
            world.bodies.map { $0.map { Pose(position: $0.body.position, angle: $0.body.angle) } ?? Pose(position: .zero, angle: 0) }
        }
        #expect(world.poses == oneByOne() && world.poses.count == 5)
        try world.apply(.remove(body: 1))
        #expect(world.poses == oneByOne() && world.poses[1] == Pose(position: .zero, angle: 0))
        try world.apply(.spawn(x: 300, y: 500))
        try world.step(30)
        #expect(world.poses == oneByOne() && world.poses.count == 6)
    }
}

/// A body's construction index by its Chipmunk body (what a click or a broken
/// joint is found by): right after spawns, removals and a state read back,
/// and gone with the body, without scanning the world.
@Suite struct BodyIndexTests {
    @Test func aBodysIndexFollowsSpawnsRemovalsAndRestores() throws {
        let world = try World(scene: loadShippedScene("crates.json"))
        func allFound(_ world: World) -> Bool {
            world.bodies.indices.allSatisfy { i in world.bodies[i].map { world.index(of: $0.body) == i } ?? true }
        }
        let removed = try #require(world.bodies[1]).body
        #expect(world.index(of: removed) == 1 && allFound(world))
        try world.apply(.remove(body: 1))
        #expect(world.index(of: removed) == nil && allFound(world))
        try world.apply(.spawn(x: 150, y: 250))
        try world.step(10)
        #expect(world.index(of: try #require(world.bodies.last ?? nil).body) == world.bodies.count - 1 && allFound(world))
        let restored = try World(scene: world.scene, snapshot: try world.snapshot())
        #expect(allFound(restored) && restored.index(of: removed) == nil)
        try world.apply(.reset)
        #expect(allFound(world) && world.bodies.count == 5)
    }
}
