/// Work handed to a thread of its own while the calling thread does something else.
import Foundation
import Synchronization

/// A value computed on a new thread, started at `init`, waited for by `value`.
///
/// For pure work that uses no native text or drawing library (those are driven from one
/// thread at a time: `NativeTextLock`), made while the calling thread does something else that
/// takes longer. `body` must not take `NativeTextLock` either: `value` may be awaited by a
/// thread that holds it. Two cores are the least a machine here has; a batch runs one process
/// per core, where the thread only changes which core does the work.
///
/// When no thread can be started (a process or container at its thread limit), `body` runs
/// in `init` on the calling thread: slower, never stuck.
public final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    /// Guards `result`; signalled when it is set.
    private let condition = NSCondition()
    private var result: Value?

    /// Starts `body` on a new thread (or runs it here, when none can be started).
    public init(_ body: @escaping @Sendable () -> Value) {
        let started = startDetachedThread { [self] in
            let value = body()
            condition.lock()
            result = value
            condition.broadcast()
            condition.unlock()
        }
        if !started { result = body() }
    }

    /// The value, once the thread has made it.
    public var value: Value {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}

/// Runs `body` on a new detached thread; false, with `body` not run, when the system refuses
/// a thread. (Foundation's `Thread.start()` on Linux
/// ignores that refusal, and its body then never runs: a waiter would wait forever.)
public func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let start = Unmanaged.passRetained(ThreadStart(body))
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { context in
            let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
            start.body()
            return nil
        }, start.toOpaque())
    guard status == 0 else {
        start.release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// What a started thread runs, handed to it through `pthread_create`'s one pointer.
private final class ThreadStart {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Runs `body(k)` for every `k` in `0..<count`, on the calling thread and on up to `helpers`
/// threads started for it, each taking the next index from a shared counter; returns once every
/// index has run, its writes visible to the caller. A thread the system refuses (a process or a
/// container at its thread limit) is simply not there: the threads that did start, the calling
/// one at least, run every index. `DispatchQueue.concurrentPerform` instead retries a refused
/// thread forever, and an export under such a limit hung in it.
///
/// `startThread` is for the tests (a system that refuses every thread); `body` may run on any
/// of the threads, several at once.
public func sideBySide(
    _ count: Int, helpers: Int = defaultHelpers,
    startThread: (@escaping @Sendable () -> Void) -> Bool = startDetachedThread,
    _ body: (Int) -> Void
) {
    guard count > 1 else {
        if count == 1 { body(0) }
        return
    }
    withoutActuallyEscaping(body) { body in
        let work = SideBySideWork(count: count, body: body)
        let finished = DispatchGroup()
        for _ in 0..<min(max(0, helpers), count - 1) {
            finished.enter()
            if !startThread({
                work.run()
                finished.leave()
            }) {
                finished.leave()
            }
        }
        work.run()
        finished.wait()
        // A thread may hold `work` a moment longer, as it ends; never `body`, which goes back
        // to the caller.
        work.body = nil
    }
}

/// One thread fewer than the cores the process may use: with the calling thread, one per core.
public let defaultHelpers = min(15, max(0, ProcessInfo.processInfo.activeProcessorCount - 1))

/// What `sideBySide`'s threads share: the body, and a counter from which each index is taken
/// by one thread only.
private final class SideBySideWork: @unchecked Sendable {
    let count: Int
    /// Set before the threads start and cleared after all have ended (`DispatchGroup`): never
    /// written while one reads it.
    var body: ((Int) -> Void)?
    private let next = Atomic<Int>(0)

    init(count: Int, body: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
    }

    func run() {
        guard let body else { return }
        while case let k = next.wrappingAdd(1, ordering: .relaxed).oldValue, k < count { body(k) }
    }
}
