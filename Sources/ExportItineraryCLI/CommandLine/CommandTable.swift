/// Every command of `export-itinerary`, each declared once: its words, options and help, how its
/// options are checked, and what it runs. Parsing, `--help`, "did you mean" and the README's usage
/// block are made from this table.
import Foundation
import ItineraryBatch
import ItineraryExport

enum CommandTable {
    /// In the order `--help` lists them.
    static let all: [CommandSpec] =
        [
            export, validate, batch, mergeReports, batchWorker,
            status, importFiles, initStore, trustRoot, paywall,
        ] + storeKitTest

    // MARK: - Rendering

    static let export = CommandSpec(
        [], "TRIP.json OUT.pdf|OUT.png [options]",
        summary: "export one trip: a PDF, or one page as a PNG preview",
        options: [
            .value(
                "--template", "NAME|PATH",
                "a bundled design from Templates/ (default: \(TemplateFiles.standardName)), or your own\ntemplate file (a path, or a name ending in .json; keys: docs/templates.md)"
            ),
            .value(
                "--paper", "NAME",
                "a paper of the template's (classic and compact: letter, a4;\ndefault: the template's own)"),
            .value("--page", "N", "PNG preview: which page (default 1)"),
            .value(
                "--dpi", "D", "PNG preview: resolution, 9 to 1200 (default 144);\nat most 100 million pixels a page"),
        ] + OptionSpec.gate,
        details: """
            TRIP.json is the trip (format: docs/trip-format.md); - reads standard input. OUT.pdf is written
            atomically: on any failure nothing appears there and an existing file is left untouched; - writes
            standard output. An output ending in .png gets one page as an image, laid out exactly as in the PDF.
            """
    ) { o throws(UsageError) in
        // A bare word that is not a file is a mistyped command, not a trip: say so.
        if let first = o.positional.first, first != "-", !first.contains("/"), !first.contains("."),
            !FileManager.default.fileExists(atPath: first)
        {
            throw UsageError(message: "unknown command \"\(first)\"" + Suggestion.text(for: first, among: commandWords))
        }
        guard o.positional.count == 2 else {
            throw UsageError(
                message: o.positional.count < 2
                    ? "expected TRIP.json and OUT.pdf, got \(o.positional.count) argument\(o.positional.count == 1 ? "" : "s") (see --help)"
                    : "expected TRIP.json and OUT.pdf, got \(o.positional.count) arguments: use 'validate' to check several files, 'batch' to export them"
            )
        }
        let template = o.value("--template") ?? TemplateFiles.standardName
        if template.isEmpty { throw UsageError(message: "--template needs a name or a path") }
        var page: Int?
        if let raw = o.value("--page") {
            guard let n = Int(raw), n >= 1 else {
                throw UsageError(message: "--page must be a page number from 1, got \"\(raw)\"")
            }
            page = n
        }
        var dpi: Double?
        if let raw = o.value("--dpi") {
            guard let d = Double(raw), d >= 9, d <= 1200 else {
                throw UsageError(message: "--dpi must be a number from 9 to 1200, got \"\(raw)\"")
            }
            dpi = d
        }
        let png = o.positional[1].lowercased().hasSuffix(".png")
        if !png && (page != nil || dpi != nil) {
            throw UsageError(message: "--page and --dpi apply to a PNG preview: give an output path ending in .png")
        }
        let (input, output, paper, gate) = (o.positional[0], o.positional[1], try o.paper(), GateOptions(o))
        return {
            try exportTrip(
                input: input, output: output, template: template, paper: paper, page: png ? (page ?? 1) : nil,
                dpi: dpi ?? 144, gate: gate)
        }
    }

    static let validate = CommandSpec(
        ["validate"], "[TRIP.json...] [--template NAME|PATH [--paper P]]",
        summary:
            "check trips, or a template, without rendering (no Pro needed): every problem\nwith its JSON path, e.g. days[3].items[0].homeTeam: unknown team id \"nyyy\"",
        options: [
            .value("--template", "NAME|PATH", "also check this template (keys: docs/template-keys/reference.md)"),
            .value("--paper", "NAME", "with --template: check that the template has this paper"),
        ]
    ) { o throws(UsageError) in
        let template = o.value("--template")
        if template?.isEmpty == true { throw UsageError(message: "--template needs a name or a path") }
        let paper = try o.paper()
        if paper != nil, template == nil {
            throw UsageError(message: "--paper applies to a template: add --template NAME|PATH")
        }
        guard !o.positional.isEmpty || template != nil else {
            throw UsageError(message: "validate needs at least one TRIP.json, or --template")
        }
        let paths = o.positional
        return { validateFiles(paths, template: template, paper: paper) }
    }

    // MARK: - Batch

    static let batch = CommandSpec(
        ["batch"], "SOURCE... --out-dir DIR [options]",
        summary: "export many trips at once, on every core, resumable, shardable",
        options: [
            .value("--out-dir", "DIR", "where the PDFs go (created if missing)"),
            .value(
                "--jobs", "N",
                "worker processes (default: the number of cores); each renders one\ndocument at a time and keeps its fonts and templates loaded"
            ),
            .value(
                "--template", "NAME|PATH",
                "the design for jobs that do not name one (default: \(TemplateFiles.standardName))"),
            .value(
                "--paper", "NAME",
                "the paper for jobs that do not name one, one of their\ntemplates' (default: the template's own)"),
            .value(
                "--report", "FILE",
                "a JSON report: one entry per job (status ok, failed, skipped or\ncancelled, reason, errors, pages, bytes, milliseconds) and totals"
            ),
            .flag(
                "--resume",
                "skip a job whose PDF is there and up to date: same trip bytes,\ntemplate bytes, paper, program version, fonts and SOURCE_DATE_EPOCH\n(recorded in DIR/.export-itinerary/ as each PDF is finished)"
            ),
            .flag("--fail-fast", "stop handing out jobs after the first failure"),
            .value(
                "--retries", "K",
                "attempts after a worker dies or times out on a job (default \(BatchOptions.Defaults.retries))"),
            .value(
                "--job-timeout", "SECONDS",
                "how long a job may take before its worker is killed (default \(Int(BatchOptions.Defaults.jobTimeout)))"
            ),
            .value(
                "--stop-grace", "SECONDS",
                "after the first interrupt, how long running jobs may take to finish\nbefore their workers are stopped and the jobs reported cancelled\n(default \(Int(BatchOptions.Defaults.stopGrace)); 0 stops them at once)"
            ),
            .value(
                "--shard", "I/N|auto",
                "only the jobs of shard I (0-based) of N, chosen by a hash of each\noutput path (the N shards cover every job exactly once); auto: the\nshard of the job array this runs in: Slurm (SLURM_ARRAY_TASK_ID,\nSLURM_ARRAY_TASK_COUNT), Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX)\nor AWS Batch (AWS_BATCH_JOB_ARRAY_INDEX), the last two with the count\nin EXPORT_ITINERARY_SHARDS"
            ),
            .flag("--quiet", "print only the summary line"),
        ] + OptionSpec.gate,
        details: """
            Sources (any mix):
              DIR         every *.json below it, in sorted order; the PDFs keep the directory
                          structure (DIR/a/b.json -> OUT/a/b.pdf); names starting with a dot are skipped
              TRIP.json   one trip; its PDF is OUT/TRIP.pdf
              JOBS.jsonl  a manifest, one job per line (paths relative to the manifest):
                          {"trip": "trips/a.json", "out": "2026/a.pdf", "template": "compact", "paper": "a4"}
                          only "trip" is required; a bad line, an unknown key or a missing trip stops
                          the batch before it starts, naming FILE:LINE
            Every output stays inside DIR: an absolute "out", "..", or a symbolic link leading out of it
            fails that job, and each PDF is written through DIR held open, never through a link
            planted meanwhile. No PDF or report replaces an input (a trip, a template, a manifest),
            the program's own files, the store or the catalog. Two jobs writing one file is a usage
            error before anything runs; so is a batch already running on DIR or on a folder that
            contains it or lies inside it.

            The Pro gate is checked once, before anything is listed or created. Each PDF is byte-identical
            to the one 'export-itinerary TRIP.json OUT.pdf' makes, and is written atomically. A bad trip
            fails alone (its errors are printed and reported); a worker that crashes or hangs is replaced
            and its job tried again. The first Ctrl-C (or SIGTERM, SIGHUP) hands out no more jobs and gives
            running ones --stop-grace (\(Int(BatchOptions.Defaults.stopGrace)) s) to finish, then stops them (reported cancelled) and writes the
            report; a second stops them at once. Beyond one machine: docs/scaling.md.

            Examples:
              export-itinerary batch trips/ --out-dir pdfs/ --report report.json
              export-itinerary batch trips/ --out-dir pdfs/ --resume          # after a crash or an edit
              export-itinerary batch jobs.jsonl --out-dir pdfs/ --jobs 8 --fail-fast
              sbatch --array=0-3 --wrap 'export-itinerary batch trips/ --out-dir pdfs/ --shard auto --report r-$SLURM_ARRAY_TASK_ID.json'
              export-itinerary batch merge-reports r-*.json --report all.json

            The gate is asked again by each worker every 10 seconds: a subscription that ends during a
            batch stops it within that time (exit 3); a store removed during the batch stops it too (exit 5).

            Exit codes: 0 every job ok or skipped · 1 a worker cannot start (fonts missing) · 2 usage,
            or another batch writing the same directory or a nested one · 3 Pro required · 5 store problem · 6 output
            directory or report unwritable, no space or inodes, quota, read-only (the batch stops at the
            first job that meets it, the rest cancelled) · 7 some jobs failed · 130 interrupted
            """
    ) { o throws(UsageError) in
        guard !o.positional.isEmpty else {
            throw UsageError(
                message:
                    "batch needs at least one SOURCE: a directory of trips, trip files or a manifest (.jsonl) (see: help batch)"
            )
        }
        guard let outDir = o.value("--out-dir"), !outDir.isEmpty else {
            throw UsageError(message: "batch needs --out-dir DIR, the directory the PDFs are written to")
        }
        var parsed = BatchArguments(sources: o.positional, outDir: outDir, gate: GateOptions(o))
        parsed.jobs = try o.wholeNumber("--jobs", in: 1...BatchLimits.maximumWorkers)
        parsed.retries =
            try o.wholeNumber("--retries", in: 0...BatchLimits.maximumRetries) ?? BatchOptions.Defaults.retries
        if let raw = o.value("--job-timeout") {
            guard let seconds = Double(raw), seconds.isFinite, seconds >= 1, seconds <= BatchLimits.maximumJobTimeout
            else {
                throw UsageError(
                    message:
                        "--job-timeout must be a number of seconds from 1 to \(Int(BatchLimits.maximumJobTimeout)), got \"\(raw)\""
                )
            }
            parsed.jobTimeout = seconds
        }
        if let raw = o.value("--stop-grace") {
            guard let seconds = Double(raw), seconds.isFinite, seconds >= 0, seconds <= BatchLimits.maximumStopGrace
            else {
                throw UsageError(
                    message:
                        "--stop-grace must be a number of seconds from 0 to \(Int(BatchLimits.maximumStopGrace)), got \"\(raw)\""
                )
            }
            parsed.stopGrace = seconds
        }
        if let template = o.value("--template") {
            if template.isEmpty { throw UsageError(message: "--template needs a name or a path") }
            parsed.template = template
        }
        parsed.paper = try o.paper()
        if let report = o.value("--report") {
            if report.isEmpty { throw UsageError(message: "--report needs a FILE") }
            parsed.report = report
        }
        if let raw = o.value("--shard") {
            if raw == "auto" {
                parsed.shard = .auto
            } else {
                guard let shard = Shard.parse(raw) else {
                    throw UsageError(
                        message:
                            "--shard must be I/N with 0 <= I < N <= \(BatchLimits.maximumShards) (e.g. 0/4), or auto, got \"\(raw)\""
                    )
                }
                parsed.shard = .fixed(shard)
            }
        }
        parsed.resume = o.flag("--resume")
        parsed.failFast = o.flag("--fail-fast")
        parsed.quiet = o.flag("--quiet")
        return { try BatchCommand.run(parsed) }
    }

    static let mergeReports = CommandSpec(
        ["batch", "merge-reports"], "REPORT... [--report FILE]",
        summary:
            "the reports of a plan's shards as one, and whether every job of the plan\nappears in them exactly once (exit 7 when jobs are missing or failed)",
        options: [
            .value(
                "--report", "FILE",
                "write the merged report there: a new file or an earlier report,\nnever one of the REPORTs, a trip they name or the program's files"
            ),
            .flag("--quiet", "print only the summary line"),
        ]
    ) { o throws(UsageError) in
        guard !o.positional.isEmpty else {
            throw UsageError(message: "batch merge-reports needs at least one REPORT (written by batch --report)")
        }
        let (paths, output, quiet) = (o.positional, o.value("--report"), o.flag("--quiet"))
        return { BatchCommand.mergeReports(paths, output: output, quiet: quiet) }
    }

    /// Started by `batch` with pipes; it checks the gate itself, so starting it by hand gains nothing.
    static let batchWorker = CommandSpec(
        ["batch-worker"], "", summary: "the worker process of a batch (internal)",
        options: OptionSpec.gate, hidden: true
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "batch-worker")
        let gate = GateOptions(o)
        return { BatchCommand.worker(gate: gate) }
    }

    // MARK: - Entitlements

    static let status = CommandSpec(
        ["entitlements", "status"], "[--json]",
        summary:
            "Pro or not, and each product's state: subscribed, expired,\ninBillingRetryPeriod, inGracePeriod, revoked",
        options: [.flag("--json", "as JSON")] + OptionSpec.gate
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "entitlements status")
        let (json, gate) = (o.flag("--json"), GateOptions(o))
        return { try EntitlementCommands.status(json: json, gate: gate) }
    }

    static let importFiles = CommandSpec(
        ["entitlements", "import"], "FILE... [--json]",
        summary:
            "restore purchases: a file of compact JWS (one per line), an App Store Server API\nresponse (signedTransactions, signedTransactionInfo, signedRenewalInfo) or a Server\nNotification V2 (signedPayload); a REFUND or REVOKE takes Pro away. At most 16 MiB and\n10,000 signed items per file",
        options: [.flag("--json", "as JSON")] + OptionSpec.gate
    ) { o throws(UsageError) in
        guard !o.positional.isEmpty else { throw UsageError(message: "entitlements import needs at least one FILE") }
        let (paths, json, gate) = (o.positional, o.flag("--json"), GateOptions(o))
        return { try EntitlementCommands.importFiles(paths, json: json, gate: gate) }
    }

    static let initStore = CommandSpec(
        ["entitlements", "init"], "[--bundle-id ID] [--environment E ...]",
        summary:
            "set up the store and the environments to accept (Production, Sandbox, Xcode,\nLocalTesting; default Production). Only Production purchases signed through Apple's\nroot give the unmarked PDF; the others are test entitlements (marked PDFs)",
        options: [
            .value("--bundle-id", "ID", "the app's bundle identifier: must be the one this build is for"),
            .value("--environment", "E", "an environment to accept (repeat for several)", repeatable: true),
        ] + OptionSpec.gate
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "entitlements init")
        let (bundleId, environments, gate) = (o.value("--bundle-id"), o.all("--environment"), GateOptions(o))
        return { try EntitlementCommands.initStore(bundleId: bundleId, environments: environments, gate: gate) }
    }

    static let trustRoot = CommandSpec(
        ["entitlements", "trust-root"], "FILE",
        summary: "trust a root certificate (DER or PEM), e.g. Apple Root CA - G3 (AppleRootCA-G3.cer)",
        options: OptionSpec.gate
    ) { o throws(UsageError) in
        guard o.positional.count == 1 else {
            throw UsageError(message: "entitlements trust-root needs exactly one certificate FILE (DER or PEM)")
        }
        let (path, gate) = (o.positional[0], GateOptions(o))
        return { try EntitlementCommands.trustRoot(path: path, gate: gate) }
    }

    static let paywall = CommandSpec(
        ["paywall"], "[--json]", summary: "the plans and what Pro includes",
        options: [.flag("--json", "as JSON")] + OptionSpec.gate
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "paywall")
        let (json, gate) = (o.flag("--json"), GateOptions(o))
        return { try EntitlementCommands.paywall(json: json, gate: gate) }
    }

    // MARK: - Local StoreKit testing

    static let storeKitTest: [CommandSpec] = [
        CommandSpec(
            ["storekit-test", "enable"], "", summary: "a local test CA inside the store; accepts LocalTesting",
            options: OptionSpec.gate
        ) { o throws(UsageError) in
            try o.expectPositional(0, "", command: "storekit-test enable")
            return storeKitTest(.enable, o)
        },
        CommandSpec(
            ["storekit-test", "purchase"], "PRODUCT_ID [--family-shared] [--expires-in 30d]",
            summary: "a local test purchase",
            options: [
                .flag("--family-shared", "shared through Family Sharing"),
                .value("--expires-in", "DURATION", "30s, 15m, 2h, 7d, 2w or seconds; a leading - for the past"),
            ] + OptionSpec.gate
        ) { o throws(UsageError) in
            try o.expectPositional(1, "PRODUCT_ID", command: "storekit-test purchase")
            var expires: TimeInterval?
            if let raw = o.value("--expires-in") {
                // At most a hundred years either way: a date any store and any formatter can hold.
                guard let seconds = duration(raw), abs(seconds) <= 100 * 366 * 86_400 else {
                    throw UsageError(
                        message:
                            "--expires-in must be a duration such as 30s, 15m, 2h, 7d or -1h, within 100 years, got \"\(raw)\""
                    )
                }
                expires = seconds
            }
            return storeKitTest(
                .purchase(productId: o.positional[0], familyShared: o.flag("--family-shared"), expiresIn: expires), o)
        },
        CommandSpec(
            ["storekit-test", "refund"], "TRANSACTION_ID", summary: "refund a local test purchase",
            options: OptionSpec.gate
        ) { o throws(UsageError) in
            try o.expectPositional(1, "TRANSACTION_ID", command: "storekit-test refund")
            return storeKitTest(.refund(transactionId: o.positional[0]), o)
        },
        CommandSpec(
            ["storekit-test", "expire"], "TRANSACTION_ID", summary: "expire a local test subscription now",
            options: OptionSpec.gate
        ) { o throws(UsageError) in
            try o.expectPositional(1, "TRANSACTION_ID", command: "storekit-test expire")
            return storeKitTest(.expire(transactionId: o.positional[0]), o)
        },
        CommandSpec(
            ["storekit-test", "clear"], "",
            summary: "remove every local test transaction and local testing's clock mark",
            options: OptionSpec.gate
        ) { o throws(UsageError) in
            try o.expectPositional(0, "", command: "storekit-test clear")
            return storeKitTest(.clear, o)
        },
        CommandSpec(
            ["storekit-test", "disable"], "",
            summary: "remove the local test CA, its key, every local test transaction and its clock mark",
            options: OptionSpec.gate
        ) { o throws(UsageError) in
            try o.expectPositional(0, "", command: "storekit-test disable")
            return storeKitTest(.disable, o)
        },
    ]

    /// `30s`, `15m`, `2h`, `7d`, `2w`, or plain seconds; a leading `-` for the past.
    static func duration(_ raw: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        if let last = raw.last, let unit = units[last], let n = Double(raw.dropLast()), n.isFinite { return n * unit }
        if let n = Double(raw), n.isFinite { return n }
        return nil
    }

    // MARK: - Lookup

    /// The first word of every visible command, and `help`.
    static var commandWords: [String] {
        var words: [String] = []
        for spec in all where !spec.hidden { if let w = spec.path.first, !words.contains(w) { words.append(w) } }
        return words + ["help"]
    }

    /// The commands whose path starts with `prefix`.
    static func commands(under prefix: [String]) -> [CommandSpec] {
        all.filter { !$0.hidden && $0.path.count > prefix.count && Array($0.path.prefix(prefix.count)) == prefix }
    }

    /// Running a `storekit-test` action with the store and catalog options it was given.
    private static func storeKitTest(_ action: StoreKitTestAction, _ o: ParsedOptions) -> Invocation {
        let gate = GateOptions(o)
        return { try EntitlementCommands.storeKitTest(action, gate: gate) }
    }
}
