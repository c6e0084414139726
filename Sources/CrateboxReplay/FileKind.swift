import JSONText
import SceneFormat

/// What a cratebox file holds, told by its `format`: so that a file given to
/// the wrong command is named for what it is, not met with a parser's error.
public enum FileKind: Sendable, Equatable {
    /// A `cratebox/scene@1` scene, a `cratebox/replay@1` journal, a `cratebox/state@1` saved state.
    case scene, journal, state

    /// Whether these bytes are a file of another kind than `expected`, and which.
    /// Nil when they are not, or when their format does not say (the reader
    /// then reports them in its own words).
    public static func other(than expected: FileKind, _ bytes: [UInt8]) -> FileKind? {
        if StateFile.looksLikeState(bytes) { return expected == .state ? nil : .state }
        if expected != .journal { return Journal.looksLikeJournal(bytes) ? .journal : nil }
        return !Journal.looksLikeJournal(bytes) && isScene(bytes) ? .scene : nil
    }

    /// A scene is one JSON value (of any layout) whose format is the scene's;
    /// a journal's second line would not parse as part of one.
    static func isScene(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= FileLimits.scene, let node = try? JSONParser.parse(bytes), case .object(let members) = node.value,
              let format = members.first(where: { $0.key == "format" }), case .string(Scene.format) = format.node.value else { return false }
        return true
    }

    /// The file's format and what it is, for messages.
    var named: String {
        switch self {
        case .scene: "a scene file (\(Scene.format))"
        case .journal: "a replay journal (\(Journal.format))"
        case .state: "a saved state (\(StateFile.format))"
        }
    }

    /// Which command takes it.
    func command(_ path: String) -> String {
        switch self {
        case .scene: "`cratebox run \(path)` opens it"
        case .journal: "`cratebox replay \(path)` watches it and `replay --verify` checks it"
        case .state: "`cratebox run \(path)` continues it"
        }
    }
}

extension Loader {
    /// "car.json: a scene file (cratebox/scene@1), not a replay journal: ...".
    public static func wrongKind(_ path: String, is kind: FileKind, wanted: FileKind) -> LoadError {
        let article = wanted == .journal ? "a replay journal" : wanted == .scene ? "a scene" : "a saved state"
        return LoadError(kind: .invalid, lines: ["\(path): \(kind.named), not \(article): \(kind.command(path))"])
    }
}
