/// The jobs a batch has still to hand out, and how many times each was started.

/// Jobs waiting for a worker, by index in the plan: retries first (a job whose worker died goes
/// again on a fresh one before anything new), then the rest in plan order.
struct JobQueue {
    /// Jobs not yet handed out, in plan order, from `next` on.
    private var pending: [Int] = []
    private var next = 0
    private var retries: [Int] = []
    /// How many times a worker started each job (a retry after a crash or a timeout is one more).
    private(set) var attempts: [Int]

    /// A queue for a plan of `count` jobs, none of them waiting yet.
    init(count: Int) {
        attempts = Array(repeating: 0, count: count)
    }

    /// Whether any job waits.
    var isEmpty: Bool { retries.isEmpty && next == pending.count }

    /// How many jobs wait.
    var count: Int { retries.count + pending.count - next }

    /// Every job still waiting, retries first.
    var waiting: [Int] { retries + pending[next...] }

    /// Adds a job of the plan, after those already waiting.
    mutating func append(_ index: Int) { pending.append(index) }

    /// Puts a job back, ahead of every other.
    mutating func retry(_ index: Int) { retries.append(index) }

    /// The next job to hand out, or nil when none waits.
    mutating func take() -> Int? {
        if let retry = retries.popLast() { return retry }
        guard next < pending.count else { return nil }
        defer { next += 1 }
        return pending[next]
    }

    /// Counts a start of `index` on a worker.
    mutating func started(_ index: Int) { attempts[index] += 1 }
}
