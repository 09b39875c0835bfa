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
            jobs: try ReportBounds.check(
                planObject.require("jobs", JSONValue.integer(at:)), "jobs", in: planObject,
                0...BatchLimits.maximumJobs),
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
        guard jobValues.count <= BatchLimits.maximumJobs else {
            throw JSONProblem(
                JSONPath.root.key("jobs"),
                "\(jobValues.count) jobs, more than a plan may have (\(BatchLimits.maximumJobs))")
        }
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
        // A value no batch writes is refused here, before merging adds it to anything.
        pages = try ReportBounds.checkIfSet(job.integer("pages"), "pages", in: job, 0...ReportBounds.maximumPages)
        bytes = try ReportBounds.checkIfSet(job.integer("bytes"), "bytes", in: job, 0...ReportBounds.maximumBytes)
        milliseconds = try ReportBounds.checkDurationIfSet(job.number("milliseconds"), "milliseconds", in: job)
        attempts = try ReportBounds.check(
            job.require("attempts", JSONValue.integer(at:)), "attempts", in: job, 0...ReportBounds.maximumAttempts)
    }
}

extension BatchReport.Totals {
    /// The keys `encoded()` writes for the totals.
    static let keys = ["bytes", "cancelled", "failed", "jobs", "ok", "pages", "seconds", "skipped"]

    init(reading totals: JSONObject) throws(JSONProblem) {
        // Counts of at most a plan's jobs; sums that are never negative.
        func count(_ key: String) throws(JSONProblem) -> Int {
            try ReportBounds.check(
                totals.require(key, JSONValue.integer(at:)), key, in: totals, 0...BatchLimits.maximumJobs)
        }
        func sum(_ key: String) throws(JSONProblem) -> Int {
            try ReportBounds.check(totals.require(key, JSONValue.integer(at:)), key, in: totals, 0...Int.max)
        }
        jobs = try count("jobs")
        ok = try count("ok")
        failed = try count("failed")
        skipped = try count("skipped")
        cancelled = try count("cancelled")
        pages = try sum("pages")
        bytes = try sum("bytes")
        seconds = try ReportBounds.checkDuration(
            totals.require("seconds", JSONValue.number(at:)), "seconds", in: totals)
    }
}
