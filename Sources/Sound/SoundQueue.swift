#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A ring buffer to one thread that it never waits on: physics threads put what
/// was heard, the audio callback takes it. Fixed room, made once; a put to a
/// full queue is dropped and counted. Only one thread may take. Puts take
/// turns (two physics threads overlap for a moment when the window opens
/// another scene): a putter spins (yielding) while another putter puts, never
/// for the taker, and the taker never waits at all.
public final class SoundQueue<Element: BitwiseCopyable>: @unchecked Sendable {
    // Sendable: each slot is written by the putter holding `putting` before
    // `tail` is released past it, and read by the one taker only after
    // acquiring that `tail`; `head` hands the slot back the same way.
    private let slots: UnsafeMutablePointer<Element>
    /// How many elements it holds at most.
    public let capacity: Int
    /// The next to take (moved by the consumer) and the next to put (moved by the producer): counts, never wrapped.
    private let head = Atomic<Int>(0), tail = Atomic<Int>(0)
    private let droppedCount = Atomic<Int>(0)
    /// Held by the thread putting (putters only: the taker never touches it).
    private let putting = Atomic<Bool>(false)

    /// An empty queue of `capacity` elements; `filler` fills the room before anything is put.
    public init(capacity: Int, filler: Element) {
        self.capacity = max(1, capacity)
        slots = .allocate(capacity: self.capacity)
        slots.initialize(repeating: filler, count: self.capacity)
    }

    deinit { slots.deallocate() }

    /// Puts `element`; false, and counted, when the queue is full.
    @discardableResult
    public func put(_ element: Element) -> Bool {
        while !putting.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { sched_yield() }
        defer { putting.store(false, ordering: .releasing) }
        let t = tail.load(ordering: .relaxed)
        guard t - head.load(ordering: .acquiring) < capacity else {
            droppedCount.wrappingAdd(1, ordering: .relaxed)
            return false
        }
        slots[t % capacity] = element
        tail.store(t + 1, ordering: .releasing)
        return true
    }

    /// Hands each element put so far to `body`, oldest first, and frees its room (consumer only).
    public func take(_ body: (Element) -> Void) {
        let h = head.load(ordering: .relaxed), t = tail.load(ordering: .acquiring)
        for i in h..<t { body(slots[i % capacity]) }
        head.store(t, ordering: .releasing)
    }

    /// How many puts found the queue full.
    public var dropped: Int { droppedCount.load(ordering: .relaxed) }
}
