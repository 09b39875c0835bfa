/// The jobs of one batch, checked as a whole before any of them runs.
import Digests
import Foundation
import ItineraryExport
import ItineraryLayout
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// Every job of a batch, checked before any runs (sources listed, paths normalised, no two jobs
/// writing one file, no PDF over an input), cut to this process's shard.
public struct BatchPlan: Sendable {
    /// The jobs this process runs (its shard's, when sharded), in listing order.
    public var jobs: [BatchJob]
    /// Jobs in the whole plan, before sharding.
    public var totalJobs: Int
    /// SHA-256 of the whole plan's jobs (each output path with its trip's path as given, its
    /// template's bytes and its paper, sorted): the same in every shard of one plan, so merged
    /// reports and shards sharing a directory can tell that they belong together, and different
    /// for other trips, another template or paper.
    public var digest: String
    /// The shard this process runs; nil for the whole plan.
    public var shard: Shard?
    /// What the listing of directory sources left out and why (a link to a directory listed
    /// already, a loop): printed as warnings and kept in the report. Empty as a rule.
    public var notes: [String] = []
    /// What no PDF, temporary or report of the batch may land on: every file the whole plan
    /// reads (each job's trip and template, each source file) and the kept files and folders
    /// (the store, the catalog, the installation), whatever link inside `--out-dir` leads there.
    var rule = WriteRule(kept: [])
    /// A sharded run's view of the whole plan: every job's output, in plan order, whichever
    /// shard runs it. Two outputs that reach one file through a link are refused across
    /// shards as within one run: the later job in plan order gives way.
    var wholePlanOutputs: [String] = []

    /// Lists the sources, checks every job, refuses two jobs with one output, then keeps the
    /// shard's jobs. Every problem is collected before throwing.
    /// `outputDirectory` is left out of directory listings, and so is an earlier batch report at
    /// `report`; any other file there that the batch reads or writes makes `report` a problem
    /// (`ReportTarget`).
    public static func make(
        sources: [String], defaults: JobDefaults, shard: Shard?, outputDirectory: String? = nil,
        report: String? = nil, kept: [KeptPath] = []
    ) throws(BatchUsageError) -> BatchPlan {
        if sources.isEmpty {
            throw BatchUsageError(
                "batch needs at least one SOURCE: a directory of trips, trip files or a manifest (.jsonl)")
        }
        let excluding =
            (outputDirectory.map { [$0] } ?? [])
            + (report.flatMap { ReportTarget.isBatchReport($0) ? [$0] : nil } ?? [])
        var listed = SourceListing.jobs(sources: sources, defaults: defaults, excluding: excluding)
        var problems = listed.problems
        // Names from a directory listing obey the same rules as a manifest's `out`.
        for i in listed.jobs.indices where listed.jobs[i].refusal == nil {
            switch OutputPath.normalise(listed.jobs[i].output) {
            case let .success(normal): listed.jobs[i].output = normal
            case let .failure(why): listed.jobs[i].refusal = why.reason
            }
        }
        // Every job's trip is an input, a refused job's too: a report over it would destroy it.
        let inputs = inputs(of: listed.jobs, sources: sources, defaults: defaults)
        let rule = WriteRule(inputs: inputs, kept: kept)
        if let report, let outputDirectory,
            let problem = ReportTarget.problem(
                report: report, outputDirectory: outputDirectory, rule: rule, jobs: listed.jobs)
        {
            problems.insert(problem, at: 0)
        }
        // Keyed by bytes: Swift's String equality takes "café" in NFC and in NFD (two files to
        // Linux) for one.
        var firstOrigin: [[UInt8]: String] = [:]
        // Each job's line of the digest: its output, its trip, its template's bytes, its paper, so
        // shards (and their reports) of one plan agree and shards of two plans do not.
        var lines: [[UInt8]] = []
        lines.reserveCapacity(listed.jobs.count)
        var templateDigests: [PathKey: [UInt8]] = [:]
        for job in listed.jobs {
            let key = Array(job.output.utf8)
            let templatePath = defaults.templatePath(job.template)
            let template =
                templateDigests[PathKey(templatePath)]
                ?? {
                    let digest = Array(
                        SHA256Hex.of(FileManager.default.contents(atPath: templatePath) ?? Data()).utf8)
                    templateDigests[PathKey(templatePath)] = digest
                    return digest
                }()
            lines.append(key + [0] + Array(job.trip.utf8) + [0] + template + [0] + Array((job.paper ?? "").utf8))
            guard job.refusal == nil else { continue }
            if let other = firstOrigin[key] {
                problems.append("two jobs write \(MessageText.path(job.output)): \(other) and \(job.origin)")
            } else {
                firstOrigin[key] = job.origin
            }
        }
        let templates = templateProblems(listed.jobs, defaults: defaults)
        // Templates that cannot be read or are invalid, and nothing else: exit 1, as a single
        // export says of them; any problem of the plan's use is exit 2.
        let onlyInvalidTemplates = problems.isEmpty && templates.papers.isEmpty && !templates.invalid.isEmpty
        problems += templates.invalid + templates.papers
        if !problems.isEmpty {
            let shown = Array(problems.prefix(50))
            var error = BatchUsageError(
                problems: problems.count > 50 ? shown + ["… and \(problems.count - 50) more problems"] : shown)
            error.invalidTemplates = onlyInvalidTemplates
            throw error
        }
        // Sorted by bytes: the same plan listed in any order has one digest.
        lines.sort { $0.lexicographicallyPrecedes($1) }
        let digest = SHA256Hex.of(Array(lines.joined(separator: [0x0A])))
        let mine = shard.map { shard in listed.jobs.filter { shard.contains(output: $0.output) } } ?? listed.jobs
        var plan = BatchPlan(
            jobs: mine, totalJobs: listed.jobs.count, digest: digest, shard: shard, notes: listed.notes)
        plan.rule = rule
        if shard != nil { plan.wholePlanOutputs = listed.jobs.compactMap { $0.refusal == nil ? $0.output : nil } }
        return plan
    }

    /// The files the plan reads, named for messages: the sources that are files, then each
    /// job's trip, then each template (the first name found for a file stands).
    static func inputs(of jobs: [BatchJob], sources: [String], defaults: JobDefaults) -> [FileKey: String] {
        var inputs: [FileKey: String] = [:]
        func add(_ path: String, _ what: @autoclosure () -> String) {
            guard let key = FileKey(path: path), inputs[key] == nil else { return }
            inputs[key] = what()
        }
        for source in sources { add(source, "the source \(MessageText.path(source))") }
        var templates = Set<PathKey>()
        for job in jobs {
            add(job.trip, "the trip of \(job.origin)")
            let template = defaults.templatePath(job.template)
            if templates.insert(PathKey(template)).inserted { add(template, "the template \(template)") }
        }
        return inputs
    }

    /// Every distinct template the jobs use is read and checked once, with every paper asked of
    /// it, so a broken custom template is one message before the batch, not one failure per job.
    /// `invalid`: templates that cannot be read or decoded; `papers`: papers a template lacks.
    static func templateProblems(
        _ jobs: [BatchJob], defaults: JobDefaults
    ) -> (invalid: [String], papers: [String]) {
        var templates: [PathKey: Template?] = [:]
        var papersChecked = Set<PathKey>()
        var invalid: [String] = [], papers: [String] = []
        for job in jobs where job.refusal == nil {
            let path = defaults.templatePath(job.template)
            let key = PathKey(path)
            if templates[key] == nil {
                switch TemplateFiles.read(job.template, templatesDirectory: defaults.templatesDirectory)
                    .flatMap({ TemplateFiles.decode($0.data, path: $0.path) })
                {
                case let .success(template): templates[key] = template
                case let .failure(error):
                    templates[key] = .some(nil)
                    invalid.append("template: \(error.message)")
                }
            }
            guard let paper = job.paper, case let .some(.some(template)) = templates[key],
                papersChecked.insert(PathKey(path + "\u{0}" + paper)).inserted
            else { continue }
            if let problem = template.paperProblem(paper, name: path) {
                papers.append(ExportError.paper(problem).description)
            }
        }
        return (invalid, papers)
    }
}
