import CrateboxPhysics

/// The world's bodies by construction index: file order, then spawned bodies
/// and knife pieces in the order they were made. A removed body's entry stays,
/// as nil (its Chipmunk objects are freed), so construction indices stay
/// stable. Like pymunk's space collections it keeps order and finds, adds and
/// removes in constant time: a lookup never rebuilds the index, so removals
/// mixed with lookups in a world of 20,000 bodies stay constant-time.
struct BodyTable {
    /// One entry per construction index (nil: removed).
    private(set) var entries: [WorldBody?] = []
    /// Each live body's construction index by its Chipmunk body; always the live entries of `entries`.
    private var index: [ObjectIdentifier: Int] = [:]
    /// How many entries are not nil.
    private(set) var liveCount = 0
    /// Counts the changes to which bodies there are (a spawn, a removal, a
    /// rebuild), so that what is derived from them can be kept until it changes.
    private(set) var revision = 0

    /// The construction index of a live body.
    func index(of body: Body) -> Int? {
        index[ObjectIdentifier(body)]
    }

    /// A new body's entry, at the next construction index.
    mutating func append(_ entry: WorldBody?) {
        if let entry {
            index[ObjectIdentifier(entry.body)] = entries.count
            liveCount += 1
        }
        entries.append(entry)
        revision += 1
    }

    /// A body's kind changed (body:setType): what is derived from the bodies is made anew.
    mutating func touch() {
        revision += 1
    }

    /// A removed body's entry becomes nil (its index stays taken).
    mutating func clear(at i: Int) {
        guard let entry = entries[i] else { return }
        index[ObjectIdentifier(entry.body)] = nil
        entries[i] = nil
        liveCount -= 1
        revision += 1
    }

    /// Every entry at once: none (a build starts, room made for `reserving`), or a state's (read back).
    mutating func replace(with new: [WorldBody?], reserving: Int = 0) {
        entries = []
        index = [:]
        liveCount = 0
        entries.reserveCapacity(max(reserving, new.count))
        for entry in new { append(entry) }
        revision += 1
    }

    /// The body at `i` was made by the scene's script (it is saved with it).
    mutating func markMadeByScript(_ i: Int) {
        entries[i]?.madeByScript = true
    }
}
