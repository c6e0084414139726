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

extension FileKind {
    /// What bytes that no cratebox reader takes are, when they are not text at
    /// all (a sound, a picture, an archive, a program, binary data): a file sent
    /// to the wrong program is named for what it is, not met with a JSON
    /// parser's "unexpected 'R'". Nil for text (and for a saved state, which the
    /// caller has told apart first).
    public static func binary(_ bytes: [UInt8]) -> String? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        let known: [(magic: [UInt8], offset: Int, what: String)] = [
            (Array("WAVE".utf8), 8, "a WAV sound"), (Array("OggS".utf8), 0, "an Ogg stream"), (Array("fLaC".utf8), 0, "a FLAC sound"),
            (Array("ID3".utf8), 0, "an MP3 sound"), ([0x89, 0x50, 0x4E, 0x47], 0, "a PNG picture"), ([0xFF, 0xD8, 0xFF], 0, "a JPEG picture"),
            (Array("GIF8".utf8), 0, "a GIF picture"), ([0x1F, 0x8B], 0, "a gzip archive"), (Array("PK".utf8) + [3, 4], 0, "a zip archive"),
            ([0x7F] + Array("ELF".utf8), 0, "a program"), (Array("%PDF".utf8), 0, "a PDF document"),
            (Array("ftyp".utf8), 4, "an MP4 video"), ([0x1A, 0x45, 0xDF, 0xA3], 0, "a Matroska or WebM video"),
        ]
        if let match = known.first(where: { starts($0.magic, at: $0.offset) }) { return match.what }
        let head = bytes.prefix(4096)
        if head.contains(0) { return "binary data" }
        // A cut in the middle of a character at the end of the head is not a sign of binary data.
        var valid = head
        for _ in 0..<3 where String(validating: valid, as: UTF8.self) == nil && !valid.isEmpty { valid = valid.dropLast() }
        return String(validating: valid, as: UTF8.self) == nil ? "binary data (not UTF-8 text)" : nil
    }
}

extension Loader {
    /// "song.wav: a WAV sound, not a scene, a replay journal or a saved state".
    public static func notCratebox(_ path: String, is what: String) -> LoadError {
        LoadError(kind: .invalid, lines: ["\(path): \(what), not a scene, a replay journal or a saved state (cratebox reads those)"])
    }

    /// "car.json: a scene file (cratebox/scene@1), not a replay journal: ...".
    public static func wrongKind(_ path: String, is kind: FileKind, wanted: FileKind) -> LoadError {
        let article = wanted == .journal ? "a replay journal" : wanted == .scene ? "a scene" : "a saved state"
        return LoadError(kind: .invalid, lines: ["\(path): \(kind.named), not \(article): \(kind.command(path))"])
    }
}
