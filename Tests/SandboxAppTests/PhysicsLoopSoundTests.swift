import Foundation
import CrateboxGeometry
import CrateboxReplay
import Simulation
import Sound
import Testing
import TestSupport
@testable import SandboxApp

/// What the physics loop hands the sound, pass by pass with a test clock:
/// what the steps it plays hear, the knife's cut and an explosion among them;
/// never what a seek steps through.
@Suite struct PhysicsLoopSoundTests {
    typealias Clock = PhysicsLoopTests.TestClock

    func heard(_ sound: SoundOutput) -> [SoundOutput.Entry] {
        var out: [SoundOutput.Entry] = []
        sound.queue.take { out.append($0) }
        return out
    }

    @Test func theCutAndTheBlastOfALiveSessionAreHeard() throws {
        let clock = Clock(), loop = PhysicsLoopTests.loop(try PhysicsLoopTests.live("crates.json"), clock: clock)
        let sound = SoundOutput(trace: false)
        sound.acceptWithoutDevice()
        loop.sound = sound
        PhysicsLoopTests.run(loop, clock, seconds: 3)
        _ = heard(sound)  // the crates landing
        let crate = try #require(loop.world.outlines.first { $0.bodyIndex != nil && $0.state != .fixed })
        let p = crate.pose.position
        PhysicsLoopTests.run(loop, clock, seconds: 0.1, [.event(.slice(a: Vector(p.x - 60, p.y), b: Vector(p.x + 60, p.y))),
                                                           .event(.explode(x: p.x, y: p.y, radius: 100, impulse: 1000))])
        let kinds = heard(sound).map(\.heard.sound.kind)
        #expect(kinds.contains(.cut) && kinds.contains(.explosion), "\(kinds)")
    }

    @Test func aSeekIsSilentAndPlayingOnIsHeard() throws {
        let path = packageRoot.appendingPathComponent("Tests/Fixtures/replays/bounce-lands.jsonl").path
        let journal = try Journal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let clock = Clock(), loop = PhysicsLoopTests.loop(.replay(try Replay(journal: journal, file: path)), clock: clock)
        let sound = SoundOutput(trace: false)
        sound.acceptWithoutDevice()
        loop.sound = sound
        // Played: the first landing (after step 37) is heard after its step.
        PhysicsLoopTests.run(loop, clock, seconds: 0.5)
        let played = heard(sound)
        #expect(played.first?.step == 37, "\(played.map(\.step))")
        // A jump from step 60 to 400 steps through three more landings: none is heard.
        #expect(loop.world.stepCount == 60)
        PhysicsLoopTests.run(loop, clock, seconds: 0, [.seek(to: 400)])
        #expect(loop.world.stepCount == 400 && loop.showing == nil)
        // Nor after it, when the ball lies still: nothing the seek stepped through comes out late.
        PhysicsLoopTests.run(loop, clock, seconds: 0.1)
        #expect(loop.world.stepCount > 400)
        #expect(heard(sound).isEmpty)
    }
}
