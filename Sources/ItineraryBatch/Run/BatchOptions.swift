/// How a batch runs: everything `export-itinerary batch` takes besides its sources.
import Entitlements
import Foundation
import ItineraryExport

/// The settings of one batch run beyond its plan: where PDFs go, how many workers, retries and
/// timeouts, how to stop and report, and how to start a worker.
public struct BatchOptions: Sendable {
    /// The tunables' defaults, declared once: these options, the command line's parser and its
    /// `--help` all take them from here.
    public enum Defaults {
        public static let retries = 1
        public static let jobTimeout = 120.0
        public static let stopGrace = 5.0
    }

    /// `--out-dir`: every job's PDF is written inside it, and the resume ledger is kept there.
    public var outputDirectory: String
    /// Worker processes (default: the number of cores).
    public var workers: Int = CPUCount.available()
    /// Attempts after the first, when a worker dies or times out on a job.
    public var retries: Int = Defaults.retries
    /// Seconds one job may take before its worker is killed.
    public var jobTimeout: Double = Defaults.jobTimeout
    /// Seconds running jobs may take to finish after the first interrupt (SIGINT, SIGTERM,
    /// SIGHUP); then their workers are stopped, the jobs reported cancelled, the report written.
    public var stopGrace: Double = Defaults.stopGrace
    /// `--fail-fast`: the first failed job stops the batch; jobs not yet started are reported cancelled.
    public var failFast = false
    /// `--resume`: a job whose PDF the ledger says is up to date is skipped.
    public var resume = false
    /// SOURCE_DATE_EPOCH for the PDF dates.
    public var epoch: Int?
    /// The test-entitlement notice the PDFs carry (nil for a purchase): part of the fingerprint,
    /// so a PDF made on a test entitlement is made again once the user has bought Pro.
    public var notice: String?
    public var progress: ProgressMode = .plain
    /// The worker command: the executable's path and its arguments (argv[0] first).
    public var workerExecutable: String
    public var workerArguments: [String]
    public var fontsDirectory: String
    /// The entitlement store the gate said yes from: when a worker later finds no Pro, a store
    /// that is no longer there is named as such (exit 5), not taken for Pro ending.
    public var storeDirectory: String?
    /// `--report`: where the JSON report is written; nil for none.
    public var reportPath: String?
    /// The read end of the interrupt pipe when the command caught interrupts before planning
    /// (`BatchSupervisor.catchInterrupts()`); -1 to have the supervisor catch them itself.
    public var interrupts: Int32 = -1
    /// The name messages start with.
    public var program = "export-itinerary"
    /// When the batch began (monotonic nanoseconds), planning included: the report's seconds
    /// and documents/s count from here.
    public var started = DispatchTime.now().uptimeNanoseconds

    public init(outputDirectory: String, workerExecutable: String, workerArguments: [String], fontsDirectory: String) {
        self.outputDirectory = outputDirectory
        self.workerExecutable = workerExecutable
        self.workerArguments = workerArguments
        self.fontsDirectory = fontsDirectory
    }
}

/// What a batch ended with.
public struct BatchOutcome: Sendable {
    public var report: BatchReport
    public var exitCode: Int32
    /// Set when the batch stopped for a reason of its own (a worker could not start, the gate
    /// closed mid-batch): the message to print.
    public var fatal: String?
    /// The way out of `fatal` when it is an entitlement error (the store broke mid-batch).
    public var fatalRemedy: EntitlementRemedy?
    /// Set when the report file could not be written (the exit code is then 6).
    public var reportError: String?
}
