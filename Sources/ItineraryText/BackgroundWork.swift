/// Work handed to a thread of its own while the calling thread does something else.
import Foundation

/// A value computed on a new thread, started at `init`, waited for by `value`.
///
/// For pure work that uses no native text or drawing library (those are driven from one
/// thread at a time: `NativeTextLock`), made while the calling thread does something else that
/// takes longer. Two cores are the least a machine here has; a batch runs one process per core,
/// where the thread only changes which core does the work.
public final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    /// Guards `result`; signalled when it is set.
    private let condition = NSCondition()
    private var result: Value?

    /// Starts `body` on a new thread named `name`.
    public init(_ name: String, _ body: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let value = body()
            condition.lock()
            result = value
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// The value, once the thread has made it.
    public var value: Value {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
