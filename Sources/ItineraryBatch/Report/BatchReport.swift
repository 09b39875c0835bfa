/// The JSON report of a batch (`--report FILE`): one entry per job of the plan (or shard), and
/// totals. `merge-reports` reads these back.
import Foundation

public struct BatchReport: Codable, Sendable, Equatable {
    public static let formatVersion = 1

    public struct PlanInfo: Codable, Sendable, Equatable {
        /// Jobs in the whole plan (every shard).
        public var jobs: Int
        /// SHA-256 of the plan's sorted output paths: equal in every shard of one plan.
        public var digest: String
    }

    public enum Status: String, Codable, Sendable {
        /// The PDF was written.
        case ok
        /// The job could not be done; `reason` and `errors` say why.
        case failed
        /// `--resume`: the PDF was already there and up to date.
        case skipped
        /// Not run: the batch was interrupted or stopped by `--fail-fast` first.
        case cancelled
    }

    public struct Job: Codable, Sendable, Equatable {
        public var trip: String
        /// Relative to the output directory.
        public var output: String
        public var status: Status
        public var reason: String?
        public var errors: [String]?
        public var warnings: [String]?
        public var pages: Int?
        public var bytes: Int?
        public var milliseconds: Double?
        /// How many times a worker started on it (a retry after a crash or a timeout is one more).
        public var attempts: Int
    }

    public struct Totals: Codable, Sendable, Equatable {
        public var jobs: Int
        public var ok: Int
        public var failed: Int
        public var skipped: Int
        public var cancelled: Int
        public var pages: Int
        public var bytes: Int
        public var seconds: Double

        init(jobs: [Job], seconds: Double) {
            self.jobs = jobs.count
            ok = jobs.filter { $0.status == .ok }.count
            failed = jobs.filter { $0.status == .failed }.count
            skipped = jobs.filter { $0.status == .skipped }.count
            cancelled = jobs.filter { $0.status == .cancelled }.count
            pages = jobs.reduce(0) { $0 + ($1.pages ?? 0) }
            bytes = jobs.reduce(0) { $0 + ($1.bytes ?? 0) }
            self.seconds = seconds
        }
    }

    public var format: Int
    public var program: String
    public var plan: PlanInfo
    /// Nil for a whole plan; the shard this report covers otherwise.
    public var shard: Shard?
    public var interrupted: Bool
    public var jobs: [Job]
    public var totals: Totals

    /// `10000 exported, 2 failed, 31 skipped`, and how many were not run if any.
    public var counts: String {
        let t = totals
        return "\(t.ok) exported, \(t.failed) failed, \(t.skipped) skipped" + (t.cancelled > 0 ? ", \(t.cancelled) not run" : "")
    }

    /// `10000 exported, 2 failed, 31 skipped in 61.2 s (163 documents/s)`.
    public var summary: String {
        let t = totals
        let rate = t.seconds > 0 ? Double(t.ok) / t.seconds : 0
        var text = counts
        text += " in \(String(format: "%.1f", t.seconds)) s"
        if t.ok > 0 { text += " (\(rate >= 10 ? String(Int(rate.rounded())) : String(format: "%.1f", rate)) documents/s)" }
        return text
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }
}
