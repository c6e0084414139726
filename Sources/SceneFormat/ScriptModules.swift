/// A module a scene's script requires (docs/scene-format.md 16.18): `name.lua`
/// beside the scene, carried with the scene as its script is.
public struct ScriptModule: Equatable, Sendable {
    /// The name `require` is given (1 to 64 letters, digits, `_` and `-`).
    public var name: String
    /// The module's text.
    public var text: String

    /// A module as given.
    public init(name: String, text: String) { (self.name, self.text) = (name, text) }

    /// The most modules a scene carries.
    public static let limit = 32
    /// The most bytes their texts hold together (a script's own limit, 1 MiB).
    public static let totalBytes = 1 << 20

    /// Whether `name` is a module's name.
    public static func isName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { c in
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
        }
    }

    /// The names `text` gives `require` as a literal (`require("a")`,
    /// `require 'b'`...), in order, each once: what a scene carries is read by these.
    public static func required(in text: String) -> [String] {
        let bytes = Array(text.utf8), word = Array("require".utf8)
        var names: [String] = []
        var i = 0
        while i + word.count <= bytes.count {
            guard bytes[i..<(i + word.count)].elementsEqual(word), i == 0 || !isNameByte(bytes[i - 1]) else { i += 1; continue }
            var j = i + word.count
            func spaces() { while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 } }
            spaces()
            if j < bytes.count, bytes[j] == 0x28 { j += 1; spaces() }  // (
            if j < bytes.count, bytes[j] == 0x22 || bytes[j] == 0x27 {  // " or '
                let quote = bytes[j], start = j + 1
                var end = start
                while end < bytes.count, isNameByte(bytes[end]) || bytes[end] == 0x2D { end += 1 }
                if end < bytes.count, bytes[end] == quote {
                    let name = String(decoding: bytes[start..<end], as: UTF8.self)
                    if isName(name), !names.contains(name) { names.append(name) }
                }
            }
            i += word.count
        }
        return names
    }

    private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
    }

    /// The modules a script carries: those its text requires, then those
    /// their texts require, found by `text(name)` (nil: no such file, skipped);
    /// by name. Nil when there would be more than `limit`, or more than `totalBytes` of text.
    public static func carried(by script: String, text: (String) -> String?) -> [ScriptModule]? {
        var queue = required(in: script), seen = Set(queue), found: [ScriptModule] = []  // seen: membership only
        var bytes = 0
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let moduleText = text(name) else { continue }
            found.append(ScriptModule(name: name, text: moduleText))
            bytes += moduleText.utf8.count
            if found.count > limit || bytes > totalBytes { return nil }
            for next in required(in: moduleText) where seen.insert(next).inserted { queue.append(next) }
        }
        return found.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}

extension ScriptModule {
    /// What is wrong when a script requires more than the limits allow (16.18).
    public static let tooMany = "the script requires more than \(limit) modules, or more than 1 MiB of them together"
}

extension Scene {
    /// Keeps, of the modules the scene carries, those its script requires
    /// (16.18), as the scene read with those modules would carry them: after
    /// the script changes, its modules follow. False (the scene unchanged) when
    /// they are more than `ScriptModule.limit` or its bytes' limit.
    public mutating func carryModules() -> Bool {
        guard let text = scriptText else {
            scriptModules = []
            return true
        }
        let have = scriptModules
        guard let carried = ScriptModule.carried(by: text, text: { name in have.first { $0.name == name }?.text }) else { return false }
        scriptModules = carried
        return true
    }
}
