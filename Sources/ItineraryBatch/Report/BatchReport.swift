/// The JSON report of a batch (`--report FILE`): one entry per job of the plan (or shard), and
/// totals. `merge-reports` reads these back.
import Foundation

/// A batch's report: the plan it ran (or one shard of it), what became of each job, and the totals.
/// Written by `batch --report`, read back by `merge-reports`.
public struct BatchReport: Sendable, Equatable {
    /// The report format this version writes and reads: `merge-reports` refuses any other.
    public static let formatVersion = 1

    /// Which plan a report is of, so the reports of its shards can be told to belong together.
    public struct PlanInfo: Sendable, Equatable {
        /// Jobs in the whole plan (every shard).
        public var jobs: Int
        /// `BatchPlan.digest`: SHA-256 of the whole plan's jobs (outputs, trips, template bytes, papers),
        /// equal in every shard of one plan.
        public var digest: String
    }

    /// What became of one job; the raw value is the report's `status`.
    public enum Status: String, Sendable {
        /// The PDF was written.
        case ok
        /// The job could not be done; `reason` and `errors` say why.
        case failed
        /// `--resume`: the PDF was already there and up to date.
        case skipped
        /// Not run: the batch was interrupted or stopped by `--fail-fast` first.
        case cancelled
    }

    /// One job's entry in the report: its trip and output, its status, and what the worker told of it.
    public struct Job: Sendable, Equatable {
        public var trip: String
        /// Relative to the output directory.
        public var output: String
        public var status: Status
        /// Why the job failed, was skipped or was not run, in one line; a failure's every problem is in
        /// `errors`.
        public var reason: String?
        public var errors: [String]?
        public var warnings: [String]?
        public var pages: Int?
        public var bytes: Int?
        /// How long the worker took on it: reading the trip, laying out, rendering, writing the PDF.
        public var milliseconds: Double?
        /// How many times a worker started on it (a retry after a crash or a timeout is one more).
        public var attempts: Int
    }

    /// The jobs counted by status, with the pages and bytes written and the batch's seconds.
    public struct Totals: Sendable, Equatable {
        public var jobs: Int
        public var ok: Int
        public var failed: Int
        public var skipped: Int
        public var cancelled: Int
        /// Pages in the PDFs written (`bytes`: their size).
        public var pages: Int
        public var bytes: Int
        /// The batch's wall time, planning included (a merged report: its longest shard's).
        public var seconds: Double

        init(jobs: [Job], seconds: Double) {
            self.jobs = jobs.count
            ok = jobs.filter { $0.status == .ok }.count
            failed = jobs.filter { $0.status == .failed }.count
            skipped = jobs.filter { $0.status == .skipped }.count
            cancelled = jobs.filter { $0.status == .cancelled }.count
            pages = ReportBounds.sum(jobs.lazy.map { $0.pages ?? 0 })
            bytes = ReportBounds.sum(jobs.lazy.map { $0.bytes ?? 0 })
            self.seconds = seconds
        }
    }

    public var format: Int
    /// The program and its version that ran the batch (`export-itinerary 0.1.0`).
    public var program: String
    public var plan: PlanInfo
    /// Nil for a whole plan; the shard this report covers otherwise.
    public var shard: Shard?
    /// Whether an interrupt came during the batch (in a merged report, during any of its shards).
    public var interrupted: Bool
    public var jobs: [Job]
    /// What the listing of directory sources left out and why (`BatchPlan.notes`); nil when
    /// nothing was.
    public var listing: [String]?
    public var totals: Totals

    /// `10000 exported, 2 failed, 31 skipped`, and how many were not run if any.
    public var counts: String {
        let t = totals
        return "\(t.ok) exported, \(t.failed) failed, \(t.skipped) skipped"
            + (t.cancelled > 0 ? ", \(t.cancelled) not run" : "")
    }

    /// `10000 exported, 2 failed, 31 skipped in 61.2 s (163 documents/s)`.
    public var summary: String {
        let t = totals
        let rate = t.seconds > 0 ? Double(t.ok) / t.seconds : 0
        var text = counts
        text += " in \(String(format: "%.1f", t.seconds)) s"
        if t.ok > 0 {
            text += " (\(rate >= 10 ? String(Int(rate.rounded())) : String(format: "%.1f", rate)) documents/s)"
        }
        return text
    }

    /// The report as JSON: keys sorted, two-space indents, one job per block. Written by hand
    /// into one buffer: JSONEncoder's intermediate tree for 10,000 jobs doubled the supervisor's
    /// peak memory. (`init(reading:)` reads it back.)
    public func encoded() -> Data {
        var out = JSONText()
        out.raw("{\n  \"format\": \(format),\n  \"interrupted\": \(interrupted),\n  \"jobs\": [")
        for (i, job) in jobs.enumerated() {
            out.raw(i == 0 ? "\n    {" : ",\n    {")
            var first = true
            func field(_ key: String, _ write: (inout JSONText) -> Void) {
                out.raw(first ? "\n      \"" : ",\n      \"")
                out.raw(key)
                out.raw("\": ")
                write(&out)
                first = false
            }
            field("attempts") { $0.raw(String(job.attempts)) }
            if let bytes = job.bytes { field("bytes") { $0.raw(String(bytes)) } }
            if let errors = job.errors { field("errors") { $0.strings(errors, indent: "      ") } }
            if let ms = job.milliseconds { field("milliseconds") { $0.raw(JSONText.number(ms)) } }
            field("output") { $0.string(job.output) }
            if let pages = job.pages { field("pages") { $0.raw(String(pages)) } }
            if let reason = job.reason { field("reason") { $0.string(reason) } }
            field("status") { $0.string(job.status.rawValue) }
            field("trip") { $0.string(job.trip) }
            if let warnings = job.warnings { field("warnings") { $0.strings(warnings, indent: "      ") } }
            out.raw("\n    }")
        }
        out.raw(jobs.isEmpty ? "],\n" : "\n  ],\n")
        if let listing {
            out.raw("  \"listing\": ")
            out.strings(listing, indent: "  ")
            out.raw(",\n")
        }
        out.raw("  \"plan\": {\n    \"digest\": ")
        out.string(plan.digest)
        out.raw(",\n    \"jobs\": \(plan.jobs)\n  },\n  \"program\": ")
        out.string(program)
        if let shard {
            out.raw(",\n  \"shard\": {\n    \"count\": \(shard.count),\n    \"index\": \(shard.index)\n  }")
        }
        let t = totals
        out.raw(
            ",\n  \"totals\": {\n    \"bytes\": \(t.bytes),\n    \"cancelled\": \(t.cancelled),\n    \"failed\": \(t.failed),\n"
                + "    \"jobs\": \(t.jobs),\n    \"ok\": \(t.ok),\n    \"pages\": \(t.pages),\n    \"seconds\": \(JSONText.number(t.seconds)),\n"
                + "    \"skipped\": \(t.skipped)\n  }\n}\n")
        return out.data
    }
}

/// A small JSON writer: strings escaped as RFC 8259 requires, nothing else done for you.
struct JSONText {
    private(set) var data = Data()

    mutating func raw(_ text: String) { data.append(contentsOf: text.utf8) }

    mutating func string(_ text: String) {
        data.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: data.append(contentsOf: [0x5C, 0x22])
            case 0x5C: data.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: data.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: data.append(contentsOf: [0x5C, 0x72])
            case 0x09: data.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20, 0x7F: data.append(contentsOf: String(format: "\\u%04x", byte).utf8)
            default: data.append(byte)
            }
        }
        data.append(0x22)
    }

    mutating func strings(_ texts: [String], indent: String) {
        raw("[")
        for (i, text) in texts.enumerated() {
            raw(i == 0 ? "\n" + indent + "  " : ",\n" + indent + "  ")
            string(text)
        }
        raw(texts.isEmpty ? "]" : "\n" + indent + "]")
    }

    /// A finite number as JSON (Swift's shortest round-trip form, which JSON accepts).
    static func number(_ value: Double) -> String {
        value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "0"
    }
}
