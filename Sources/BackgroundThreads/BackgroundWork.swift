/// Work handed to a thread of its own while the calling thread does something else.
import Foundation

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
