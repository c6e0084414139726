import CrateboxGeometry
import FileOutput
import JSONText
import SceneFormat
import Simulation

/// `cratebox/state@1`: one moment of a session, exact (docs/state-format.md).
/// A JSON header line (the format, the platform as journals record it, the
/// step and state hash, the embedded scene and a SHA-256 of what follows),
/// then the world's exact state as bytes (`World.snapshot()`). Read back on
/// the same platform, the world continues bit for bit.
public enum StateFile {
    /// The format's name and version.
    public static let format = "cratebox/state@1"
    /// The largest state file read (1 GiB).
    public static let maxBytes = 1 << 30

    /// A state file read back: the scene it embeds and the world at its step.
    public struct Loaded {
        /// The embedded scene.
        public var scene: LoadedScene
        /// The world, exactly as it was written.
        public var world: World
    }

    /// Whether `bytes` start as a state file does (so a loader can tell it from a scene).
    public static func looksLikeState(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("{\"format\":\"\(format)\"".utf8))
    }

    /// The file's bytes for `world` now, built from `source` (its text and file name go in the header).
    public static func bytes(of world: World, from source: LoadedScene, platform: Platform = .current) throws(WorldError) -> [UInt8] {
        let sceneText = source.text, sceneFile = source.fileName
        let state = try world.snapshot()
        let q = JSONText.quote
        let header = "{\"format\":\"\(format)\",\"sceneFile\":\(q(sceneFile)),\"step\":\(world.stepCount),"
            + "\"hash\":\"\(StateHash.hex(world.stateHash))\",\"chipmunk\":\(q(platform.chipmunk)),\"arch\":\(q(platform.arch)),"
            + "\"os\":\(q(platform.os)),\"libc\":\(q(platform.libc)),\"math\":\(Math.version),"
            + (world.scene.rules == 1 ? "" : "\"rules\":\(world.scene.rules),") + "\"bytes\":\(state.count),\"sha256\":\"\(SHA256.hex(state))\","
            + (world.scene.scriptText.map { "\"scriptText\":\(q($0))," } ?? "") + ModulesField.json(world.scene.scriptModules)
            + "\"scene\":\(q(sceneText))}\n"
        return Array(header.utf8) + state
    }

    /// Writes `world`'s state file to `path` (under a temporary name, renamed into place).
    public static func write(_ world: World, from source: LoadedScene, to path: String) throws(StateFileError) {
        let bytes: [UInt8]
        do { bytes = try Self.bytes(of: world, from: source) } catch {
            throw StateFileError("\(path): cannot write the state: \(error)")
        }
        do { try AtomicFile.write(bytes, to: path) } catch { throw StateFileError("\(error)") }
    }

    /// Reads a state file's bytes (`file` names it in errors): refused, with
    /// the reason, if it is damaged, of another platform, or not this format.
    public static func read(_ bytes: [UInt8], file: String) throws(StateFileError) -> Loaded {
        func fail(_ message: String) -> StateFileError { StateFileError("\(file): \(message)") }
        // The header is bounded before it is parsed: it holds the scene as a JSON string, as a journal's header does.
        guard let newline = bytes.prefix(Journal.maxHeaderLine + 1).firstIndex(of: 0x0A) else {
            throw fail(bytes.count > Journal.maxHeaderLine ? "the header line is longer than \(Journal.maxHeaderLine) bytes, the most a scene's can be"
                                                            : "not a \(format) file (no header line)")
        }
        let node: JSONNode
        do { node = try JSONParser.parse(Array(bytes[..<newline])) } catch {
            throw fail("line 1, column \(error.column): \(error.message)")
        }
        guard case .object(let members) = node.value else { throw fail("line 1 must be a JSON object") }
        func string(_ key: String) throws(StateFileError) -> String {
            guard case .string(let s)? = members.first(where: { $0.key == key })?.node.value else { throw fail("line 1: \"\(key)\" must be a string") }
            return s
        }
        func number(_ key: String) throws(StateFileError) -> Double {
            guard case .number(let x)? = members.first(where: { $0.key == key })?.node.value else { throw fail("line 1: \"\(key)\" must be a number") }
            return x
        }
        guard try string("format") == format else { throw fail("line 1: the format must be \"\(format)\"") }
        let recorded = Platform(arch: try string("arch"), os: try string("os"), libc: try string("libc"), chipmunk: try string("chipmunk"))
        guard recorded == .current else {
            throw fail("the state was written on \(recorded); this is \(Platform.current), where it would not continue bit for bit")
        }
        let payload = Array(bytes[(newline + 1)...])
        let said = try number("bytes")
        guard said == Double(payload.count) else {
            throw fail("the state is \(payload.count) bytes, not the \(NumberText.shortest(said)) its header says: it is cut short or grown")
        }
        guard SHA256.hex(payload) == (try string("sha256")) else { throw fail("the state does not match its sha256: it was changed or damaged") }
        let sceneText = try string("scene"), sceneFile = try string("sceneFile")
        // A scripted scene's state carries its script's text, as a journal does (docs/state-format.md).
        var scriptText: String?
        if case .string(let text)? = members.first(where: { $0.key == "scriptText" })?.node.value { scriptText = text }
        var modules: [ScriptModule] = []
        if let node = members.first(where: { $0.key == "modules" })?.node {
            switch ModulesField.read(node) {
            case .success(let read): modules = read
            case .failure(let problem): throw fail("line 1: \(problem.message)")
            }
            guard scriptText != nil else { throw fail("line 1: \"modules\" without \"scriptText\": only a scene with a script carries modules") }
        }
        var scene = try embeddedScene(sceneText, scriptText: scriptText, modules: modules, file: file)
        // The rules it runs by (docs/state-format.md): absent in states written before them, rules 1.
        if members.contains(where: { $0.key == "rules" }) {
            let rules = try number("rules")
            guard let known = Scene.knownRules.first(where: { Double($0) == rules }) else {
                throw fail("made by a newer cratebox: rules \(NumberText.shortest(rules)) (this one continues rules \(Scene.knownRules.lowerBound) to \(Scene.knownRules.upperBound))")
            }
            scene.rules = known
        } else {
            scene.rules = 1
        }
        // The math it was made with (docs/state-format.md): a state is numbers, whatever made them, so
        // one from before `math` continues with cratebox's own; any other math is refused.
        if members.contains(where: { $0.key == "math" }) {
            let math = try number("math")
            guard math == Double(Math.version) else { throw fail(Math.refusal(of: math)) }
        }
        let world: World
        do { world = try World(scene: scene, snapshot: payload) } catch { throw fail("\(error)") }
        let hash = try string("hash")
        guard StateHash.hex(world.stateHash) == hash, Double(world.stepCount) == (try number("step")) else {
            throw fail("the state read back is not the one its header names (step \(world.stepCount), hash \(StateHash.hex(world.stateHash)))")
        }
        return Loaded(scene: LoadedScene(scene: scene, text: sceneText, fileName: sceneFile), world: world)
    }

    /// The scene a state embeds, with its script's text from the header's `scriptText`.
    private static func embeddedScene(_ sceneText: String, scriptText: String?, modules: [ScriptModule], file: String) throws(StateFileError) -> Scene {
        func fail(_ message: String) -> StateFileError { StateFileError("\(file): \(message)") }
        var scriptProblem: String?
        do {
            return try Scene.decode(Array(sceneText.utf8), file: "\(file) (its scene)", script: { name in
                guard let text = scriptText else {
                    scriptProblem = "line 1: the scene's script (\(name)) needs its text in \"scriptText\""
                    return nil
                }
                guard text.utf8.count <= FileLimits.script else {
                    scriptProblem = "line 1: \"scriptText\" is longer than a script may be"
                    return nil
                }
                return text
            }, modules: { name in modules.first { $0.name == name }?.text })
        } catch {
            throw fail(scriptProblem ?? "the embedded scene is invalid: \(error.errors.first.map { "\($0)" } ?? "")")
        }
    }

}

/// Why a state file could not be written or read, in one line naming the file.
public struct StateFileError: Error, CustomStringConvertible {
    /// The line.
    public let description: String
    /// Whether the file could not be read at all (exit 66) rather than being invalid (exit 65).
    public let unreadable: Bool
    init(_ description: String, unreadable: Bool = false) {
        self.description = description
        self.unreadable = unreadable
    }
}
