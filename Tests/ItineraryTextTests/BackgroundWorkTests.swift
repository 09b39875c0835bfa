/// A value made on another thread is the value, waited for however many ask.
import BackgroundThreads
import Foundation
import Synchronization
import Testing

@Suite("Background work")
struct BackgroundWorkTests {
    @Test("each of many works gives its own value, to every thread that asks, however late")
    func values() async {
        let works = (0..<64).map { k in
            BackgroundWork { () -> [Int] in (0..<(k * 1000)).map { $0 &* k } }
        }
        for (k, work) in works.enumerated().reversed() {
            #expect(work.value == (0..<(k * 1000)).map { $0 &* k })
        }
        // Asked from several tasks at once, and again: the same value.
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { works.reduce(0) { $0 + $1.value.count } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: (0..<64).reduce(0) { $0 + $1 * 1000 }, count: 4))
    }

    @Test("a detached thread runs its body once")
    func detached() {
        let done = NSCondition()
        nonisolated(unsafe) var runs = 0
        #expect(
            startDetachedThread {
                done.lock()
                runs += 1
                done.broadcast()
                done.unlock()
            })
        done.lock()
        while runs == 0 { done.wait() }
        done.unlock()
        #expect(runs == 1)
    }

    @Test("side by side: every index runs once, whatever the count and the threads", arguments: [0, 1, 2, 7, 1000])
    func sideBySideRunsEachOnce(count: Int) {
        let runs = Mutex([Int](repeating: 0, count: count))
        sideBySide(count, helpers: 3) { k in runs.withLock { $0[k] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test("side by side, with every thread refused: the calling thread runs every index and returns")
    func sideBySideWithoutThreads() {
        let caller = pthread_self()
        nonisolated(unsafe) var seen: [Int] = []
        nonisolated(unsafe) var elsewhere = false
        var asked = 0
        sideBySide(
            50, helpers: 4,
            startThread: { _ in
                asked += 1
                return false
            }
        ) { k in
            if pthread_equal(pthread_self(), caller) == 0 { elsewhere = true }
            seen.append(k)
        }
        #expect(asked == 4)
        #expect(!elsewhere)
        #expect(seen == Array(0..<50))
    }
}
