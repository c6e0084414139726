#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import JSONText
import CrateboxGeometry

extension Scene {
    /// The value of a scene file's `format` key.
    public static let format = "cratebox/scene@1"

    /// Decodes and validates a scene. `file` is how errors name the file; the
    /// scene's name defaults to it, without directory or extension. A scene's
    /// script is part of it (section 16.5): `script` gives the text of the script
    /// a valid scene names (the loader reads it beside the scene file, a journal
    /// or a state carries it), or nil, and a scene whose script it cannot give
    /// is refused. So a scene is whole once it exists.
    /// `modules` gives the text of a module the script requires (16.18) by its
    /// name, or nil when there is none (skipped: its `require` fails when it runs).
    public static func decode(_ bytes: [UInt8], file: String, script: (String) -> String? = { _ in nil },
                              modules: (String) -> String? = { _ in nil }) throws(SceneErrors) -> Scene {
        guard bytes.count <= Limits.fileBytes else {
            throw SceneErrors(errors: [SceneError(file: file, path: "", message: "the file is larger than the \(Limits.fileBytes / 1024 / 1024) MiB limit")])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneErrors(errors: [SceneError(file: file, path: "", message: error.message, line: error.line, column: error.column)])
        }
        var reader = SceneReader(file: file)
        var scene = reader.scene(root, defaultName: defaultName(for: file))
        // The script is read only for a scene that is valid otherwise: its errors come first.
        if let name = scene?.script, reader.errors.isEmpty {
            if let text = script(name) {
                scene?.scriptText = text
                if let carried = ScriptModule.carried(by: text, text: modules) {
                    scene?.scriptModules = carried
                } else {
                    reader.fail("script", ScriptModule.tooMany)
                }
            } else {
                reader.fail("script", SceneChecks.scriptNotGiven(name))
            }
        }
        if let scene, reader.errors.isEmpty { return scene }
        throw SceneErrors(errors: reader.errors)
    }

    static func defaultName(for file: String) -> String {
        var name = Substring(file)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".json") { name = name.dropLast(5) }
        return String(name)
    }
}

/// Walks the JSON tree, collecting every error with its path, and builds the
/// Scene when there are none. The reader checks the file's form: kinds, keys,
/// names and what is required; each object it builds goes to `checks` (the
/// format's rules on values, shared with the editor and the script host).
/// Each reader method returns nil after recording an error, so one mistake
/// does not hide the next.
struct SceneReader {
    let file: String
    /// The checks of values, which also hold every error found so far.
    var checks: SceneChecks
    var errors: [SceneError] {
        get { checks.errors }
        set { checks.errors = newValue }
    }
    /// Every object opened, kept in debug builds for `unreadKeys`.
    var opened: [ObjectFields] = []

    init(file: String) {
        self.file = file
        checks = SceneChecks(file: file)
    }

    typealias Members = [(key: String, node: JSONNode)]
    typealias NumberRange = SceneChecks.NumberRange

    mutating func fail(_ path: String, _ message: String) {
        checks.fail(path, message)
    }

    // MARK: Generic pieces
    // A value's path is an autoclosure: it is only spelled out for an error
    // (building "bodies[9999].position" for every number read costs more than reading it).

    static func join(_ path: String, _ key: String) -> String { SceneChecks.join(path, key) }

    mutating func object(_ node: JSONNode, _ path: @autoclosure () -> String, _ what: String) -> Members? {
        guard case .object(let members) = node.value else {
            fail(path(), "must be \(what), got \(node.value.kindName)")
            return nil
        }
        return members
    }

    /// A number in a message: "12", "0.1" (zero without its sign).
    static func show(_ v: Double) -> String { SceneChecks.show(v) }

    /// A number; with a `range`, one that meets it (else nil and an error).
    mutating func number(_ node: JSONNode, _ path: @autoclosure () -> String, _ range: NumberRange? = nil, label: String? = nil) -> Double? {
        guard case .number(let v) = node.value else {
            fail(path(), "\(label.map { "\($0) must" } ?? "must") be a number, got \(node.value.kindName)")
            return nil
        }
        if let range, !checks.number(v, path(), range, label: label) { return nil }
        return v
    }

    /// A whole number; with a `range`, one within it.
    mutating func integer(_ node: JSONNode, _ path: @autoclosure () -> String, _ range: ClosedRange<Int>? = nil) -> Int? {
        guard case .number(let v) = node.value else {
            fail(path(), "must be a whole number, got \(node.value.kindName)")
            return nil
        }
        guard v == v.rounded() else {
            fail(path(), "must be a whole number, got \(SceneReader.show(v))")
            return nil
        }
        // Without a range (one the checks of values hold it to), any whole number a double holds exactly.
        let bounds = range ?? Int(-(1 << 53))...Int(1 << 53)
        guard v >= Double(bounds.lowerBound), v <= Double(bounds.upperBound) else {
            fail(path(), "must be between \(bounds.lowerBound) and \(bounds.upperBound), got \(SceneReader.show(v))")
            return nil
        }
        return Int(v)
    }

    mutating func bool(_ node: JSONNode, _ path: @autoclosure () -> String) -> Bool? {
        guard case .bool(let b) = node.value else {
            fail(path(), "must be true or false, got \(node.value.kindName)")
            return nil
        }
        return b
    }

    mutating func string(_ node: JSONNode, _ path: @autoclosure () -> String) -> String? {
        guard case .string(let s) = node.value else {
            fail(path(), "must be a string, got \(node.value.kindName)")
            return nil
        }
        return s
    }

    /// `[a, b]` of two numbers, each checked against `range`, named by `labels` in errors.
    mutating func pair(_ node: JSONNode, _ path: @autoclosure () -> String, _ range: NumberRange? = nil, labels: (String, String) = ("x", "y")) -> Vector? {
        let shape = "[\(labels.0), \(labels.1)]"
        guard case .array(let items) = node.value else {
            fail(path(), "must be \(shape), got \(node.value.kindName)")
            return nil
        }
        guard items.count == 2 else {
            fail(path(), "must be \(shape), got an array of \(items.count) item\(items.count == 1 ? "" : "s")")
            return nil
        }
        let a = number(items[0], path(), range, label: labels.0)
        let b = number(items[1], path(), range, label: labels.1)
        guard let a, let b else { return nil }
        return Vector(a, b)
    }

    /// A point; `checked`: within ±1e6 (the checks of values say it otherwise).
    mutating func point(_ node: JSONNode, _ path: @autoclosure () -> String, checked: Bool = true) -> Vector? {
        pair(node, path(), checked ? SceneChecks.coordinate : nil)
    }

    mutating func array(_ node: JSONNode, _ path: @autoclosure () -> String, max: Int) -> [JSONNode]? {
        guard case .array(let items) = node.value else {
            fail(path(), "must be an array, got \(node.value.kindName)")
            return nil
        }
        guard items.count <= max else {
            fail(path(), "has \(items.count) items; the limit is \(max)")
            return nil
        }
        return items
    }
}
