/// `batch merge-reports`: the reports of a plan's shards as one, and whether every job of the
/// plan appears in them exactly once.
import Foundation
import ItineraryExport
import StrictJSON

/// What `merge-reports` made: the reports as one, and what keeps it from being a whole plan done.
public struct MergeOutcome: Sendable {
    public var report: BatchReport
    /// Why the merged report is not a whole, finished plan: missing shards or jobs, jobs that
    /// appear twice, failed or cancelled jobs. Empty when all is well.
    public var problems: [String]
    /// Whether the merged report is a whole plan, finished: nothing in `problems`.
    public var complete: Bool { problems.isEmpty }
}

/// `batch merge-reports`: reads shard reports and merges them, refusing reports of different plans
/// or a mix of shards and whole batches.
public enum ReportMerge {
    /// Reads a report written by `batch --report`.
    public static func read(path: String) throws(BatchUsageError) -> BatchReport {
        // Only a regular file is opened: a named pipe with no writer would hold the merge
        // forever (a regular file's open waits only for a lease's holder, as any reader does).
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw BatchUsageError("\(MessageText.path(path)): cannot read the report: \(AtomicFile.systemMessage())")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw BatchUsageError(
                "\(MessageText.path(path)): not a regular file (a pipe, a device or a folder), not a report")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            if fd >= 0 { close(fd) }
            throw BatchUsageError("\(MessageText.path(path)): cannot read the report")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data = (try? handle.read(upToCount: BatchLimits.maximumReportBytes + 1)) ?? nil
        guard let data, data.count <= BatchLimits.maximumReportBytes else {
            throw BatchUsageError(
                "\(MessageText.path(path)): cannot read the report (unreadable, or larger than 1 GiB)")
        }
        do {
            return try BatchReport(reading: data)
        } catch {
            switch error {
            case let .otherFormat(format):
                throw BatchUsageError(
                    "\(MessageText.path(path)): report format \(format); this version reads format \(BatchReport.formatVersion)"
                )
            case let .malformed(problem):
                throw BatchUsageError(
                    "\(MessageText.path(path)): not a batch report (one that batch --report writes): \(problem)")
            }
        }
    }

    /// The reports of one plan as one report, jobs sorted by output, with what keeps it from being a
    /// whole, finished plan (a shard missing or given twice, a job missing or listed twice, a failed or
    /// cancelled job). Throws when the reports are of different plans or mix shards and whole batches.
    public static func merge(_ inputs: [(path: String, report: BatchReport)]) throws(BatchUsageError) -> MergeOutcome {
        guard let first = inputs.first else { throw BatchUsageError("merge-reports needs at least one REPORT") }
        var problems: [String] = []
        for (path, report) in inputs.dropFirst() where report.plan != first.report.plan {
            throw BatchUsageError(
                "\(MessageText.path(path)) belongs to another plan than \(MessageText.path(first.path)) (\(report.plan.jobs) jobs, digest \(report.plan.digest.prefix(12))… against \(first.report.plan.jobs) jobs, \(first.report.plan.digest.prefix(12))…)"
            )
        }
        // Shards: every index of one count, once.
        let shards = inputs.compactMap { $0.report.shard }
        if !shards.isEmpty {
            if shards.count != inputs.count {
                throw BatchUsageError("some reports are of shards and some of whole batches: merge one kind")
            }
            let count = shards[0].count
            if let other = shards.first(where: { $0.count != count }) {
                throw BatchUsageError("the reports are of shards of \(count) and of \(other.count): merge one sharding")
            }
            var seen: [Int: String] = [:]
            for (path, report) in inputs {
                let index = report.shard!.index
                if let earlier = seen[index] {
                    problems.append(
                        "shard \(index)/\(count) appears twice: \(MessageText.path(earlier)) and \(MessageText.path(path))"
                    )
                }
                seen[index] = path
            }
            let missing = (0..<count).filter { seen[$0] == nil }
            if !missing.isEmpty {
                problems.append(
                    "no report for shard\(missing.count == 1 ? "" : "s") \(missing.prefix(20).map { "\($0)/\(count)" }.joined(separator: ", "))\(missing.count > 20 ? " …" : "")"
                )
            }
        }
        // Keyed by bytes: names equal only under Unicode normalisation are two files.
        var byOutput: [[UInt8]: (path: String, job: BatchReport.Job)] = [:]
        var duplicates = 0
        for (path, report) in inputs {
            for job in report.jobs {
                if let earlier = byOutput[Array(job.output.utf8)] {
                    duplicates += 1
                    if duplicates <= 10 {
                        problems.append(
                            "\(MessageText.path(job.output)) appears twice: in \(MessageText.path(earlier.path)) and \(MessageText.path(path))"
                        )
                    }
                    continue
                }
                byOutput[Array(job.output.utf8)] = (path, job)
            }
        }
        if duplicates > 10 { problems.append("… and \(duplicates - 10) more jobs that appear twice") }
        let jobs = byOutput.values.map(\.job).sorted { $0.output.utf8.lexicographicallyPrecedes($1.output.utf8) }
        if jobs.count < first.report.plan.jobs {
            problems.append(
                "\(first.report.plan.jobs - jobs.count) of the plan's \(first.report.plan.jobs) jobs are in no report")
        } else if jobs.count > first.report.plan.jobs {
            problems.append("the reports hold \(jobs.count) jobs, more than the plan's \(first.report.plan.jobs)")
        }
        let seconds = inputs.map(\.report.totals.seconds).max() ?? 0
        // Every shard lists the same sources: their notes, each once, in order.
        var listing: [String] = []
        for note in inputs.flatMap({ $0.report.listing ?? [] }) where !listing.contains(note) { listing.append(note) }
        let merged = BatchReport(
            format: BatchReport.formatVersion, program: first.report.program, plan: first.report.plan, shard: nil,
            interrupted: inputs.contains { $0.report.interrupted }, jobs: jobs,
            listing: listing.isEmpty ? nil : listing, totals: .init(jobs: jobs, seconds: seconds))
        if merged.totals.failed > 0 {
            problems.append("\(merged.totals.failed) job\(merged.totals.failed == 1 ? "" : "s") failed")
        }
        if merged.totals.cancelled > 0 {
            problems.append("\(merged.totals.cancelled) job\(merged.totals.cancelled == 1 ? " was" : "s were") not run")
        }
        return MergeOutcome(report: merged, problems: problems)
    }
}
