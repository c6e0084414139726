import Foundation
import Sound
import Testing

/// The physics thread's queue to the audio callback: what one thread puts
/// the other takes, in order, none lost while there is room; a full queue
/// drops (and counts) rather than wait.
@Suite struct SoundQueueTests {
    @Test func whatOneThreadPutsTheOtherTakesInOrder() async {
        let queue = SoundQueue<Int>(capacity: 64, filler: 0)
        let total = 200_000
        let producer = Thread {
            var next = 0
            while next < total { if queue.put(next) { next += 1 } }
        }
        producer.start()
        var taken: [Int] = []
        taken.reserveCapacity(total)
        while taken.count < total { queue.take { taken.append($0) } }
        #expect(taken == Array(0..<total))
    }

    @Test func twoPuttersTakeTurnsAndNothingIsLost() async {
        // Two physics threads overlap while the window opens another scene.
        let queue = SoundQueue<Int>(capacity: 64, filler: 0)
        let each = 50_000
        for first in [0, 1_000_000] {
            Thread {
                var next = first
                while next < first + each { if queue.put(next) { next += 1 } }
            }.start()
        }
        var taken: [Int] = []
        taken.reserveCapacity(2 * each)
        while taken.count < 2 * each { queue.take { taken.append($0) } }
        #expect(taken.filter { $0 < 1_000_000 } == Array(0..<each), "each putter's in its order")
        #expect(taken.filter { $0 >= 1_000_000 } == Array(1_000_000..<(1_000_000 + each)))
    }

    @Test func aFullQueueDropsAndCounts() {
        let queue = SoundQueue<Int>(capacity: 4, filler: 0)
        #expect((0..<6).map { queue.put($0) } == [true, true, true, true, false, false])
        #expect(queue.dropped == 2)
        var taken: [Int] = []
        queue.take { taken.append($0) }
        #expect(taken == [0, 1, 2, 3])
        #expect(queue.put(9))
        queue.take { taken.append($0) }
        #expect(taken == [0, 1, 2, 3, 9])
    }
}
