import JSONText

/// One JSON object of the document being read. Its unknown keys are reported when it
/// is opened (so errors come in the document's order); members are then asked for by
/// key, and each key asked for is remembered. A key that is allowed and present but
/// never read would be accepted and silently ignored, a bug in the format's reader:
/// debug builds keep every opened object so that tests can ask for such keys
/// (`SceneReader.unreadKeys`).
final class ObjectFields {
    let members: [(key: String, node: JSONNode)]
    let path: String
    let allowed: [String]
    #if DEBUG
    /// Which members were asked for, by position (kept in debug builds only: the
    /// check is for tests, and a 10,000-body scene should open fast).
    private var used: [Bool]
    #endif

    init(_ members: [(key: String, node: JSONNode)], path: String, allowed: [String]) {
        self.members = members
        self.path = path
        self.allowed = allowed
        #if DEBUG
        used = Array(repeating: false, count: members.count)
        #endif
    }

    /// The member named `key`, or nil when the object does not have it. A key that is
    /// not allowed here (already reported when the object was opened) is still handed
    /// out, so that its value's own errors are reported too.
    subscript(key: String) -> JSONNode? {
        guard let i = members.firstIndex(where: { $0.key == key }) else { return nil }
        #if DEBUG
        used[i] = true
        #endif
        return members[i].node
    }

    /// Allowed keys present in the object that nothing asked for (debug builds; empty in release builds).
    var unread: [String] {
        #if DEBUG
        return members.indices.filter { allowed.contains(members[$0].key) && !used[$0] }.map { members[$0].key }
        #else
        return []
        #endif
    }
}

extension SceneReader {
    /// Opens an object: records an error for every key not in `allowed` (with a
    /// suggestion when one is close, or the hint given for it) and returns its fields.
    mutating func open(_ members: Members, _ allowed: [String], _ path: String,
                       hints: [String: String] = [:]) -> ObjectFields {
        for (key, _) in members where !allowed.contains(key) {
            if let hint = hints[key] {
                fail(path, "\"\(key)\" \(hint)")
            } else if let guess = closest(to: key, in: allowed) {
                fail(path, "unknown key \"\(key)\" (did you mean \"\(guess)\"?)")
            } else {
                fail(path, "unknown key \"\(key)\" (expected one of: \(allowed.joined(separator: ", ")))")
            }
        }
        let fields = ObjectFields(members, path: path, allowed: allowed)
        #if DEBUG
        opened.append(fields)
        #endif
        return fields
    }

    /// "path: key" for every allowed key present in a read object that was never read
    /// (debug builds only; empty in release builds).
    var unreadKeys: [String] {
        opened.flatMap { fields in fields.unread.map { "\(fields.path.isEmpty ? "(top)" : fields.path): \($0)" } }
    }
}
