/// The options of every command, each declared once with its type, its parse and its range. The
/// parser, `--help`, the README's usage block and the commands' reads (`CommandTable`) all come
/// from these declarations.
import Foundation
import ItineraryBatch
import ItineraryExport

enum Options {
    /// Exporting one trip (the default command).
    struct Export: GatedDeclarations {
        let template: Option<String> = .template(
            "a bundled design from Templates/ (default: \(TemplateFiles.standardName)), or your own\ntemplate file (a path, or a name ending in .json; keys: docs/templates.md)"
        )
        let paper: Option<String> = .paper(
            "a paper of the template's (classic and compact: letter, a4;\ndefault: the template's own)")
        let page: Option<Int> = .number(
            "--page", "N", "PNG preview: which page (default 1)", as: "a page number", from: 1)
        let dpi: Option<Double> = .number(
            "--dpi", "D", "PNG preview: resolution, 9 to 1200 (default 144);\nat most 100 million pixels a page",
            as: "a number", from: 9, to: 1200)
        let gate = GateDeclarations()
    }

    /// `validate`.
    struct Validate: OptionDeclarations {
        let template: Option<String> = .template("also check this template (keys: docs/template-keys/reference.md)")
        let paper: Option<String> = .paper("with --template: check that the template has this paper")
    }

    /// `batch`.
    struct Batch: GatedDeclarations {
        let outDir: Option<String> = .text("--out-dir", "DIR", "where the PDFs go (created if missing)")
        let jobs: Option<Int> = .number(
            "--jobs", "N",
            "worker processes (default: the number of cores); each renders one\ndocument at a time and keeps its fonts and templates loaded",
            as: "a whole number", from: 1, to: BatchLimits.maximumWorkers)
        let template: Option<String> = .template(
            "the design for jobs that do not name one (default: \(TemplateFiles.standardName))")
        let paper: Option<String> = .paper(
            "the paper for jobs that do not name one, one of their\ntemplates' (default: the template's own)")
        let report: Option<String> = .text(
            "--report", "FILE",
            "a JSON report: one entry per job (status ok, failed, skipped or\ncancelled, reason, errors, pages, bytes, milliseconds) and totals",
            needs: "a FILE")
        let resume = Flag(
            "--resume",
            "skip a job whose PDF is there and up to date: same trip bytes,\ntemplate bytes, paper, fonts, SOURCE_DATE_EPOCH and the same program\n(its version and build, and the libraries it loads, each by its build ID:\na Debian update of cairo redoes the PDFs), recorded in\nDIR/.export-itinerary/ as each PDF is finished"
        )
        let failFast = Flag("--fail-fast", "stop handing out jobs after the first failure")
        let retries: Option<Int> = .number(
            "--retries", "K",
            "attempts after a worker dies or times out on a job (default \(BatchOptions.Defaults.retries))",
            as: "a whole number", from: 0, to: BatchLimits.maximumRetries)
        let jobTimeout: Option<Double> = .number(
            "--job-timeout", "SECONDS",
            "how long a job may take before its worker is killed (default \(Int(BatchOptions.Defaults.jobTimeout)))",
            as: "a number of seconds", from: 1, to: BatchLimits.maximumJobTimeout)
        let stopGrace: Option<Double> = .number(
            "--stop-grace", "SECONDS",
            "after the first interrupt, how long running jobs may take to finish\nbefore their workers are stopped and the jobs reported cancelled\n(default \(Int(BatchOptions.Defaults.stopGrace)); 0 stops them at once)",
            as: "a number of seconds", from: 0, to: BatchLimits.maximumStopGrace)
        let shard = Option<ShardArgument>(
            "--shard", "I/N|auto",
            "only the jobs of shard I (0-based) of N, chosen by a hash of each\noutput path (the N shards cover every job exactly once); auto: the\nshard of the job array this runs in: Slurm (SLURM_ARRAY_TASK_ID,\nSLURM_ARRAY_TASK_COUNT), Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX)\nor AWS Batch (AWS_BATCH_JOB_ARRAY_INDEX), the last two with the count\nin EXPORT_ITINERARY_SHARDS",
            mustBe: "I/N with 0 <= I < N <= \(BatchLimits.maximumShards) (e.g. 0/4), or auto"
        ) { raw in raw == "auto" ? .auto : Shard.parse(raw).map(ShardArgument.fixed) }
        let quiet = Flag.quiet
        let gate = GateDeclarations()
    }

    /// `batch merge-reports`.
    struct MergeReports: OptionDeclarations {
        let report: Option<String> = .text(
            "--report", "FILE",
            "write the merged report there: a new file or an earlier report,\nnever one of the REPORTs, a trip they name or the program's files"
        )
        let quiet = Flag.quiet
    }

    /// A command that takes only the gate's options.
    struct GateOnly: GatedDeclarations {
        let gate = GateDeclarations()
    }

    /// `entitlements status`, `entitlements import`, `paywall`.
    struct JSONOutput: GatedDeclarations {
        let json = Flag("--json", "as JSON")
        let gate = GateDeclarations()
    }

    /// `entitlements init`.
    struct InitStore: GatedDeclarations {
        let bundleId: Option<String> = .text(
            "--bundle-id", "ID", "the app's bundle identifier: must be the one this build is for")
        let environment: Option<String> = .text(
            "--environment", "E", "an environment to accept (repeat for several)", repeatable: true)
        let gate = GateDeclarations()
    }

    /// `storekit-test purchase`.
    struct Purchase: GatedDeclarations {
        let familyShared = Flag("--family-shared", "shared through Family Sharing")
        /// At most a hundred years either way: a date any store and any formatter can hold.
        let expiresIn = Option<TimeInterval>(
            "--expires-in", "DURATION", "30s, 15m, 2h, 7d, 2w or seconds; a leading - for the past",
            mustBe: "a duration such as 30s, 15m, 2h, 7d or -1h, within 100 years"
        ) { raw in Options.duration(raw).flatMap { abs($0) <= 100 * 366 * 86_400 ? $0 : nil } }
        let gate = GateDeclarations()
    }

    /// `30s`, `15m`, `2h`, `7d`, `2w`, or plain seconds; a leading `-` for the past.
    static func duration(_ raw: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        if let last = raw.last, let unit = units[last], let n = Double(raw.dropLast()), n.isFinite { return n * unit }
        if let n = Double(raw), n.isFinite { return n }
        return nil
    }
}

extension Flag {
    /// `--quiet`, for `batch` and `batch merge-reports`.
    static let quiet = Flag("--quiet", "print only the summary line")
}
