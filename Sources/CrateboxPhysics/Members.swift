/// What a space holds of one kind (bodies, shapes or joints), in the order
/// they were added, with membership, position and removal in constant time
/// (amortized), as pymunk's space keeps its collections: removing many bodies
/// of a large world was quadratic when each removal searched the array.
///
/// A removal leaves a hole; `elements` closes the holes (once, for all the
/// removals since) when it is read. The order of what stays never changes, so
/// everything that walks a space (the snapshot's bytes included) walks it as before.
final class Members<Element: AnyObject> {
    /// The members and holes, in the order added; `slot` gives each member's place.
    private var slots: [Element?] = []
    /// Each member's place in `slots` (membership and lookups only; never iterated).
    private var slot: [ObjectIdentifier: Int] = [:]
    /// `slots` without its holes, when it has none since it was made.
    private var compacted: [Element]? = []

    init(_ elements: [Element] = []) {
        slots = elements
        for (i, e) in elements.enumerated() { slot[ObjectIdentifier(e)] = i }
        compacted = elements
    }

    /// The members, in the order added.
    var elements: [Element] {
        if let compacted { return compacted }
        let kept = slots.compactMap { $0 }
        slots = kept
        slot.removeAll(keepingCapacity: true)
        for (i, e) in kept.enumerated() { slot[ObjectIdentifier(e)] = i }
        compacted = kept
        return kept
    }

    var count: Int { slot.count }

    func contains(_ e: Element) -> Bool { slot[ObjectIdentifier(e)] != nil }

    /// Whether `a` was added before `b` (both members).
    func precedes(_ a: Element, _ b: Element) -> Bool { slot[ObjectIdentifier(a)]! < slot[ObjectIdentifier(b)]! }

    /// Its place among the members now (what `elements.firstIndex` would
    /// say), in constant time once the holes are closed (they are, here).
    func index(of e: Element) -> Int? {
        if compacted == nil { _ = elements }
        return slot[ObjectIdentifier(e)]
    }

    func append(_ e: Element) {
        slot[ObjectIdentifier(e)] = slots.count
        slots.append(e)
        compacted?.append(e)
    }

    /// Removes `e`; false if it is not a member.
    @discardableResult
    func remove(_ e: Element) -> Bool {
        guard let s = slot.removeValue(forKey: ObjectIdentifier(e)) else { return false }
        slots[s] = nil
        compacted = nil
        return true
    }
}
