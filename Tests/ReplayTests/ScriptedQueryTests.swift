import CrateboxGeometry
import CrateboxPhysics
import Foundation
import Testing
import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat
@testable import Simulation

/// Space queries (docs/scene-format.md 16.9): the fixture's script asserts
/// what its queries find at the top level; in step, a line down the middle
/// meets the ceiling, the ball and the floor.
@Suite(.tags(.memory)) struct ScriptedQueryTests {
    @Test func queriesFindWhatIsWhereInCrateboxsOrder() throws {
        let session = try ScriptFixtures.session("queries.json")
        try session.step(60)
        let vm = try #require(session.world.script?.vm)
        try vm.run(#"assert(state.seen == "walls,ball,walls", "seen: " .. state.seen)"#, name: "check.lua")
        #expect(try Replay(journal: Journal.parse(Array(session.journalText.utf8), file: "q"), file: "q").verify().isVerified)
    }
}
