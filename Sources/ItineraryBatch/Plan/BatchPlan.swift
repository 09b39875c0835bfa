/// The jobs of one batch, checked as a whole before any of them runs.
import Foundation
import ItineraryExport
import ItineraryLayout

public struct BatchPlan: Sendable {
    /// The jobs this process runs (its shard's, when sharded), in listing order.
    public var jobs: [BatchJob]
    /// Jobs in the whole plan, before sharding.
    public var totalJobs: Int
    /// SHA-256 of the whole plan's output paths (sorted): the same in every shard of one plan,
    /// so merged reports can tell that they belong together.
    public var digest: String
    public var shard: Shard?

    /// Lists the sources, checks every job, refuses two jobs with one output, then keeps the
    /// shard's jobs. Every problem is collected before throwing.
    public static func make(sources: [String], defaults: JobDefaults, shard: Shard?) throws(BatchUsageError) -> BatchPlan {
        if sources.isEmpty { throw BatchUsageError("batch needs at least one SOURCE: a directory of trips, trip files or a manifest (.jsonl)") }
        var listed = SourceListing.jobs(sources: sources, defaults: defaults)
        var problems = listed.problems
        // Names from a directory listing obey the same rules as a manifest's `out`.
        for i in listed.jobs.indices where listed.jobs[i].refusal == nil {
            switch OutputPath.normalise(listed.jobs[i].output) {
            case let .success(normal): listed.jobs[i].output = normal
            case let .failure(why): listed.jobs[i].refusal = why.reason
            }
        }
        var firstOrigin: [String: String] = [:]
        for job in listed.jobs where job.refusal == nil {
            if let other = firstOrigin[job.output] {
                problems.append("two jobs write \(job.output): \(other) and \(job.origin)")
            } else {
                firstOrigin[job.output] = job.origin
            }
        }
        problems += templateProblems(listed.jobs, defaults: defaults)
        if !problems.isEmpty {
            let shown = Array(problems.prefix(50))
            throw BatchUsageError(problems: problems.count > 50 ? shown + ["… and \(problems.count - 50) more problems"] : shown)
        }
        let digest = Digest.sha256Hex(listed.jobs.map(\.output).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n"))
        let mine = shard.map { shard in listed.jobs.filter { shard.contains(output: $0.output) } } ?? listed.jobs
        return BatchPlan(jobs: mine, totalJobs: listed.jobs.count, digest: digest, shard: shard)
    }

    /// Every distinct template the jobs use is read and checked once, so a broken custom
    /// template is one message before the batch, not one failure per job.
    static func templateProblems(_ jobs: [BatchJob], defaults: JobDefaults) -> [String] {
        var seen = Set<String>()
        var problems: [String] = []
        for job in jobs {
            let path = defaults.templatePath(job.template)
            guard seen.insert(path).inserted else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("template: cannot read \(path)")
                continue
            }
            do {
                _ = try TemplateLoader.load(data)
            } catch {
                problems.append("template: \(path): \(error)")
            }
        }
        return problems
    }
}
