/// Whether, why and how hard a batch is stopping.
import Entitlements

/// The batch's stop, apart from the processes it stops: the supervisor asks it what an event
/// means (an interrupt, a fatal error, a failure under `--fail-fast`, the grace running out)
/// and then does it to its workers.
///
/// A stop only ever hardens: waiting jobs are not started (`stopping`), then running jobs are
/// killed (`killedAll`). The first fatal error is the one reported.
struct StopState {
    /// A failure that ends the batch: its message, exit code and what the user can do.
    struct Fatal: Equatable {
        var message: String
        var exit: Int32
        var remedy: EntitlementRemedy?
    }

    /// What the supervisor does about an interrupt.
    enum InterruptResponse: Equatable {
        /// The first: let running jobs finish within the grace, start no more.
        case finishRunning
        /// Another, or one of several at once: stop every worker now.
        case killAll
    }

    /// How long running jobs have after the first interrupt (`--stop-grace`), in seconds.
    let grace: Double

    /// No waiting job is started.
    private(set) var stopping = false
    /// An interrupt came.
    private(set) var interrupted = false
    /// Every worker was told to stop, running jobs included.
    private(set) var killedAll = false
    /// The grace ran out with workers still there: they were stopped.
    private(set) var graceRanOut = false
    private(set) var fatal: Fatal?
    /// When the first interrupt came (monotonic nanoseconds).
    private var interruptedAt: UInt64?

    init(grace: Double) { self.grace = grace }

    /// After the first interrupt, when the workers still running are stopped.
    var deadline: UInt64? { interruptedAt.map { $0 + UInt64(grace * 1e9) } }

    /// `count` interrupts arrived at `now`.
    mutating func interrupt(count: Int, at now: UInt64) -> InterruptResponse {
        stopping = true
        if !interrupted && count == 1 {
            interrupted = true
            interruptedAt = now
            return .finishRunning
        }
        interrupted = true
        killedAll = true
        return .killAll
    }

    /// Whether the grace has run out at `now` with workers still there: if so, they are to be
    /// killed now (it answers yes once).
    mutating func graceRunsOut(at now: UInt64, workersLeft: Bool) -> Bool {
        guard !killedAll, let deadline, now >= deadline, workersLeft else { return false }
        killedAll = true
        graceRanOut = true
        return true
    }

    /// A failure that ends the batch; every worker is to be killed. The first one is kept.
    mutating func fail(_ fatal: Fatal) {
        if self.fatal == nil { self.fatal = fatal }
        stopping = true
        killedAll = true
    }

    /// A job failed under `--fail-fast`: start no more (running jobs finish). Whether this
    /// changed anything: the supervisor then lets idle workers go.
    mutating func stopAfterFailure() -> Bool {
        guard !stopping else { return false }
        stopping = true
        return true
    }

    /// Why a job that never ran was cancelled.
    var notRunReason: String {
        interrupted ? "interrupted" : (fatal != nil ? "the batch stopped" : "not run after a failure (--fail-fast)")
    }

    /// Why a job whose worker was killed by the stop was cancelled.
    func killedReason(grace text: String) -> String {
        graceRanOut
            ? "interrupted while running: not finished within \(text) (--stop-grace)"
            : interrupted ? "interrupted while running" : "the batch stopped"
    }
}
