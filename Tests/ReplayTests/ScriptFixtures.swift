import TestSupport
@testable import CrateboxReplay
@testable import SceneFormat

/// The scripted scenes of Tests/Fixtures/scripts, as the scripted suites
/// (scenes, functions, collisions) share them: loaded as the loader loads a
/// scene, with its script read from beside it.
enum ScriptFixtures {
    /// Where the scripted fixture scenes and their scripts are.
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/scripts").path

    /// The fixture scene `file`, loaded (its script with it).
    static func scene(_ file: String) throws -> Scene {
        try Loader.scene("\(folder)/\(file)").scene
    }

    /// A session at step 0 of the fixture scene `file`.
    static func session(_ file: String) throws -> Session {
        let loaded = try Loader.scene("\(folder)/\(file)")
        return try Session(loaded)
    }

    /// A small empty scene whose script, `name`, is `script`.
    static func scene(named name: String, script: String) throws -> Scene {
        try decode(TestSupport.scene(bounds: 100, extra: #""script": "\#(name)""#), file: "s.json", script: script)
    }
}
