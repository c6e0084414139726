import Animation
import JSONText
import CrateboxGeometry

/// One thing wrong with a scene file, in the form
/// `tower.json: bodies[3].shapes[0].box: width must be greater than 0, got -2`
/// or, for a syntax error, `tower.json:12:7: expected ',' or '}'`.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// How the file is named in the message.
    public var file: String
    /// The JSON path (`bodies[3].shapes[0]`); empty for the document as a whole.
    public var path: String
    /// What is wrong, in one sentence.
    public var message: String
    /// Set for syntax errors.
    public var line: Int?
    /// Set for syntax errors: the column (1-based) where the reader stopped.
    public var column: Int?

    /// An error at `path` of `file` (a syntax error also has its line and column).
    public init(file: String, path: String, message: String, line: Int? = nil, column: Int? = nil) {
        (self.file, self.path, self.message, self.line, self.column) = (file, path, message, line, column)
    }

    /// `file:line:column: message` for a syntax error, else `file: path: message`.
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        if path.isEmpty { return "\(file): \(message)" }
        return "\(file): \(path): \(message)"
    }
}

/// All the errors found in one scene file (the validator does not stop at the first).
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
    /// The errors, in the order they occur in the file.
    public var errors: [SceneError]
    /// One line per error.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Suggests the closest of `candidates` to a mistyped `word`, if one is close
/// (a "did you mean" for keys, ids and the command line's commands).
public func closest(to word: String, in candidates: [String]) -> String? {
    // Suggestions are a courtesy: past a few hundred candidates (ids in a big
    // scene) they would cost more than they help.
    guard candidates.count <= 500, word.count <= 100 else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(word.lowercased(), candidate.lowercased())
        let allowed = max(1, min(3, candidate.count / 3))
        if d <= allowed, d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
