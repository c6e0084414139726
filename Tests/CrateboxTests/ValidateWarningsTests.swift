import Foundation
import Testing
import TestSupport

/// `validate`'s warnings (docs/scene-format.md 16.16): a handler for a type no
/// shape has, and keys world:isDown asks for that the window never gives.
@Suite struct ValidateWarningsTests {
    static let scene = #"{"format": "cratebox/scene@1", "bounds": [300, 300], "script": "w.lua", "controls": [{"key": "Up", "label": "up"}], "bodies": [{"position": [150, 150], "shapes": [{"circle": 10, "collisionType": "bumper"}], "mass": 1}]}"#
    static let script = """
        world:onCollision("bumpr", "*", {begin = function() return true end})
        world:onCollision("bumper", "*", {begin = function() return true end})
        function step(w) if w:isDown("Spcae") or w:isDown('Up') or w:isDown("K") or w:isDown("a") then end end
        """

    @Test func eachWarningALineAndTheExitStillZero() throws {
        let dir = try temporaryFolder("validate-warnings")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scene.write(toFile: dir + "/w.json", atomically: true, encoding: .utf8)
        try Self.script.write(toFile: dir + "/w.lua", atomically: true, encoding: .utf8)
        let r = try cratebox("validate", dir + "/w.json")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(r.status == 0 && lines.count == 5 && lines.first == dir + "/w.json: ok", "\(r.stdout)\(r.stderr)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(dir + "/w.json: warning: ") })
        guard lines.count == 5 else { return }
        #expect(lines[1].contains(#"no shape has the collision type "bumpr""#))
        #expect(lines[2].contains(#"isDown("Spcae"): "Spcae" is not a key or button"#))
        #expect(lines[3].contains(#"isDown("K"): no control binds the key K and the script has no keypressed"#))
        #expect(lines[4].contains(#"isDown("a"): no control binds the button a"#))
        // With keypressed, every key a scene may bind reaches the script: K is no longer warned of.
        try (Self.script + "\nfunction keypressed() end").write(toFile: dir + "/w.lua", atomically: true, encoding: .utf8)
        let taking = try cratebox("validate", dir + "/w.json")
        #expect(taking.status == 0 && !taking.stdout.contains(#"isDown("K")"#) && taking.stdout.contains("Spcae"), "\(taking.stdout)")
    }
}
