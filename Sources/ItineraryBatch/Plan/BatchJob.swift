/// One document of a batch: which trip, where its PDF goes, and how it is drawn.
import ItineraryExport

/// One job of a plan, from a directory listing or a manifest line: the trip, the PDF to write, the
/// template and paper, and why it may not run, if so.
public struct BatchJob: Sendable, Equatable {
    /// The trip file, as the supervisor opens it (relative to the working directory or absolute).
    public var trip: String
    /// The PDF's path inside the output directory: relative, normalised (`a/b.pdf`), never
    /// leading out of it. The job's identity: reports, shards and the resume ledger key on it.
    public var output: String
    public var template: TemplateChoice
    /// A key of the template's papers; nil for the template's own.
    public var paper: String?
    /// Where the job came from, for messages: the trip's path or `manifest.jsonl:12`, control
    /// characters escaped (`MessageText.path`).
    public var origin: String
    /// Set when the job may not run (an output path that leaves the output directory): the
    /// job is reported failed with this reason and never reaches a worker.
    public var refusal: String?

    public init(
        trip: String, output: String, template: TemplateChoice, paper: String?, origin: String, refusal: String? = nil
    ) {
        self.trip = trip
        self.output = output
        self.template = template
        self.paper = paper
        self.origin = origin
        self.refusal = refusal
    }
}

/// Problems with the batch as a whole, found before any job runs (exit 2): one line each,
/// naming `file:line` for a manifest.
public struct BatchUsageError: Error, Sendable, CustomStringConvertible {
    public var problems: [String]
    /// Whether every problem is a template that cannot be read or is invalid (exit 1, as for a
    /// single export), rather than a problem of the command's use (exit 2).
    public var invalidTemplates = false
    public init(_ message: String) { problems = [message] }
    public init(problems: [String]) { self.problems = problems }
    public var description: String { problems.joined(separator: "\n") }
}

/// Bounds on what a batch's inputs may ask for.
public enum BatchLimits {
    /// Jobs in one plan (before sharding).
    public static let maximumJobs = 1_000_000
    /// Bytes of one manifest file.
    public static let maximumManifestBytes = 512 * 1024 * 1024
    /// Bytes of one manifest line.
    public static let maximumManifestLine = 64 * 1024
    /// Bytes of a path (trip, output or template), as Linux's PATH_MAX.
    public static let maximumPathBytes = 4096
    /// Worker processes.
    public static let maximumWorkers = 256
    /// Retries of one job after its worker died or timed out.
    public static let maximumRetries = 10
    /// Seconds a job may run (one day).
    public static let maximumJobTimeout = 86_400.0
    /// Seconds running jobs may take after the first interrupt (ten minutes: past any
    /// scheduler's kill wait).
    public static let maximumStopGrace = 600.0
    /// Shards of a plan.
    public static let maximumShards = 100_000
    /// Bytes of one report read by `merge-reports`.
    public static let maximumReportBytes = 1024 * 1024 * 1024
}
