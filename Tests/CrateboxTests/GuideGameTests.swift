import Foundation
import Testing
import TestSupport

/// The scripting guide's game in thirty lines is the one that ships
/// (Scenes/catch.json and its script, whose golden journal the reference
/// replays): the text a reader copies is the text that is tested.
@Suite struct GuideGameTests {
    @Test func theGuidesGameIsTheShippedOne() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/guide/scripting.md"), encoding: .utf8)
        for file in ["Scenes/catch.json", "Scenes/catch.lua"] {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            let fence = file.hasSuffix(".lua") ? "```lua\n" : "```json\n"
            #expect(guide.contains(fence + text + "```"), "the guide shows \(file) as it ships")
        }
        let r = try cratebox("validate", "Scenes/catch.json")
        #expect(r.status == 0 && r.stdout == "Scenes/catch.json: ok\n", "\(r.stdout)\(r.stderr)")
    }
}
