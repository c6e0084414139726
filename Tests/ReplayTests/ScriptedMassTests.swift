import CrateboxGeometry
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// `body:setMass` and `body:setMoment` (docs/scene-format.md 16.5): a dynamic
/// body's, within a scene's ranges; an exact state of the world reads back
/// with them (state-format.md), and a state of a scene without a script
/// still holds its bodies to the scene's masses.
@Suite(.tags(.memory)) struct ScriptedMassTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [300, 300], "gravity": [0, 0], "script": "m.lua", "bodies": [{"id": "a", "position": [100, 100], "box": [20, 20], "mass": 1}, {"id": "b", "position": [200, 100], "box": [20, 20], "mass": 1}, {"id": "k", "type": "kinematic", "position": [150, 250], "box": [20, 20]}]}"#

    static func world(_ script: String) throws -> World {
        try World(scene: try decode(scene, file: "m.json", script: script))
    }

    @Test func aHeavierBodyMovesLessAndAHugeMomentHardlyTurns() throws {
        let world = try Self.world("""
            world:body("b"):setMass(4)
            world:body("b"):setMoment(1e30)
            function step(w)
              if w:steps() == 0 then
                w:body("a"):applyImpulse(10, 0, 100, 105)
                w:body("b"):applyImpulse(10, 0, 200, 105)
              end
            end
            """)
        try world.step(10)
        let a = try #require(world.bodies[0]), b = try #require(world.bodies[1])
        #expect(a.velocity.x == 10 && b.velocity.x == 2.5, "v = J / m: \(a.velocity.x), \(b.velocity.x)")
        #expect(a.angularVelocity != 0 && abs(b.angularVelocity) < 1e-20, "an off-centre push turns the first, hardly the second")
        #expect(b.mass == 4)
    }

    @Test func refusalsSayTheRange() throws {
        for (call, words) in [("w:body('a'):setMass(0)", "setMass: the mass must be from 1e-06 to 1e+12"),
                              ("w:body('a'):setMoment(-1)", "setMoment: the moment must be from 1e-06 to 1e+30"),
                              ("w:body('k'):setMass(1)", "setMass: body 2 is not dynamic")] {
            let world = try Self.world("function step(w) \(call) end")
            #expect(throws: SimulationError.script("m.lua:1: \(words) (step 0)"), "\(call)") { try world.step() }
        }
    }

    @Test func anExactStateKeepsTheMassesSet() throws {
        let world = try Self.world("""
            function step(w)
              local n = w:steps()
              if n == 2 then w:body("a"):setMass(3.25) w:body("a"):setMoment(77) end
              if n % 5 == 0 then w:body("a"):applyImpulse(1, 2, 101, 100) end
            end
            """)
        try world.step(4)
        let bytes = try world.snapshot()
        let back = try World(scene: world.scene, snapshot: bytes)
        #expect(back.bodies[0]?.mass == 3.25)
        try world.step(30)
        try back.step(30)
        let (mine, theirs) = (try world.snapshot(), try back.snapshot())
        #expect(back.stateHash == world.stateHash && mine == theirs)
        // Without a script nothing sets a mass: a state saying another is not this scene's.
        let text = TestSupport.scene(bounds: 300, bodies: #"{"position": [100, 100], "box": [20, 20], "mass": 1}"#)
        let plain = try World(scene: try decode(text, file: "p.json"))
        let state = try plain.snapshot(), scene = plain.scene
        let one: [UInt8] = withUnsafeBytes(of: (1.0).bitPattern.littleEndian) { Array($0) }
        let other: [UInt8] = withUnsafeBytes(of: (3.25).bitPattern.littleEndian) { Array($0) }
        // Each 1.0 in the bytes in turn made 3.25: the body's mass among them is refused as not the scene's.
        var said: [String] = []
        for at in 0...(state.count - 8) where Array(state[at..<(at + 8)]) == one {
            var changed = state
            changed.replaceSubrange(at..<(at + 8), with: other)
            do { _ = try World(scene: scene, snapshot: changed) } catch { said.append("\(error)") }
        }
        #expect(said.contains { $0.contains("kind, mass, moment or centre of gravity is not the one its scene entry gives") }, "\(said)")
    }
}
