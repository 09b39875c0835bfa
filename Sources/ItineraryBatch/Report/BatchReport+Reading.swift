/// Reading a report written by `batch --report` back, for `merge-reports` and for telling a
/// report from a trip in a listed directory: by the one strict JSON reader, key by key.
import Foundation
import StrictJSON

/// Why a file is not a report this version can merge.
enum ReportReadingError: Error {
    /// A report of another format (a newer version's, which may have keys this one does not know).
    case otherFormat(Int)
    /// Not a report: the first problem found, with its path.
    case malformed(JSONProblem)
}

extension BatchReport {
    /// The report `data` holds. The format is read first, so that a newer version's report is
    /// named as such; then any key this version does not write, a key written twice or a value of
    /// the wrong kind makes the file not a report.
    init(reading data: Data) throws(ReportReadingError) {
        do {
            let value = try JSONParser.parse(data)
            let top = try JSONObject(value, at: .root, keys: .only(Self.keys))
            let format = try top.require("format", JSONValue.integer(at:))
            guard format == Self.formatVersion else { throw ReportReadingError.otherFormat(format) }
            try top.checkKeys()
            try self.init(reading: top)
        } catch let error as ReportReadingError {
            throw error
        } catch let problem as JSONProblem {
            throw .malformed(problem)
        } catch {
            throw .malformed(JSONProblem(.root, "not JSON: \(error)"))
        }
    }

    /// The report of format `formatVersion` whose top-level keys are checked.
    private init(reading top: JSONObject) throws(JSONProblem) {
        format = Self.formatVersion
        program = try top.require("program", JSONValue.string(at:))
        let planObject = try top.requireObject("plan", keys: .only(["digest", "jobs"]))
        try planObject.checkKeys()
        plan = PlanInfo(
            jobs: try planObject.require("jobs", JSONValue.integer(at:)),
            digest: try planObject.require("digest", JSONValue.string(at:)))
        if let shardObject = try top.object("shard", keys: .only(["count", "index"])) {
            try shardObject.checkKeys()
            let index = try shardObject.require("index", JSONValue.integer(at:))
            let count = try shardObject.require("count", JSONValue.integer(at:))
            // The bounds `--shard` has: merging walks every index below the count.
            guard let shard = Shard.parse("\(index)/\(count)") else {
                throw JSONProblem(
                    shardObject.path,
                    "expected 0 ≤ index < count ≤ \(BatchLimits.maximumShards), got index \(index) of \(count)")
            }
            self.shard = shard
        } else {
            shard = nil
        }
        interrupted = try top.require("interrupted", JSONValue.bool(at:))
        let jobValues = try top.require("jobs", JSONValue.array(at:))
        var jobs: [Job] = []
        jobs.reserveCapacity(jobValues.count)
        for (index, element) in jobValues.enumerated() {
            jobs.append(
                try Job(
                    reading: JSONObject.strict(
                        element, at: JSONPath.root.key("jobs").index(index), keys: .only(Job.keys))))
        }
        self.jobs = jobs
        listing = try top.strings("listing")
        let totalsObject = try top.requireObject("totals", keys: .only(Totals.keys))
        try totalsObject.checkKeys()
        totals = try Totals(reading: totalsObject)
    }

    /// The keys `encoded()` writes at the top level.
    static let keys = ["format", "interrupted", "jobs", "listing", "plan", "program", "shard", "totals"]
}

extension BatchReport.Job {
    /// The keys `encoded()` writes for a job.
    static let keys = [
        "attempts", "bytes", "errors", "milliseconds", "output", "pages", "reason", "status", "trip", "warnings",
    ]

    init(reading job: JSONObject) throws(JSONProblem) {
        trip = try job.require("trip", JSONValue.string(at:))
        output = try job.require("output", JSONValue.string(at:))
        let word = try job.require("status", JSONValue.string(at:))
        guard let status = BatchReport.Status(rawValue: word) else {
            let words = ["ok", "failed", "skipped", "cancelled"]
            throw JSONProblem.mismatch(
                at: job.path.key("status"), expected: MessageText.alternatives(words), shown: MessageText.quoted(word))
        }
        self.status = status
        reason = try job.string("reason")
        errors = try job.strings("errors")
        warnings = try job.strings("warnings")
        pages = try job.integer("pages")
        bytes = try job.integer("bytes")
        milliseconds = try job.number("milliseconds")
        attempts = try job.require("attempts", JSONValue.integer(at:))
    }
}

extension BatchReport.Totals {
    /// The keys `encoded()` writes for the totals.
    static let keys = ["bytes", "cancelled", "failed", "jobs", "ok", "pages", "seconds", "skipped"]

    init(reading totals: JSONObject) throws(JSONProblem) {
        jobs = try totals.require("jobs", JSONValue.integer(at:))
        ok = try totals.require("ok", JSONValue.integer(at:))
        failed = try totals.require("failed", JSONValue.integer(at:))
        skipped = try totals.require("skipped", JSONValue.integer(at:))
        cancelled = try totals.require("cancelled", JSONValue.integer(at:))
        pages = try totals.require("pages", JSONValue.integer(at:))
        bytes = try totals.require("bytes", JSONValue.integer(at:))
        seconds = try totals.require("seconds", JSONValue.number(at:))
    }
}
