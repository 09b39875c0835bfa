/// Every command of `export-itinerary`, each declared once: its words, its options (declared in
/// `CommandOptions.swift`) and help, the checks across its options, and what it runs. Parsing,
/// `--help`, "did you mean" and the README's usage block are made from this table.
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
        options: Options.Export(),
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
        let template = try o.value(\.template) ?? TemplateFiles.standardName
        let (page, dpi) = (try o.value(\.page), try o.value(\.dpi))
        let png = o.positional[1].lowercased().hasSuffix(".png")
        if !png && (page != nil || dpi != nil) {
            throw UsageError(message: "--page and --dpi apply to a PNG preview: give an output path ending in .png")
        }
        let (input, output, paper, gate) = (o.positional[0], o.positional[1], try o.value(\.paper), try o.gate)
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
        options: Options.Validate()
    ) { o throws(UsageError) in
        let (template, paper) = (try o.value(\.template), try o.value(\.paper))
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
        options: Options.Batch(),
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
        guard let outDir = try o.value(\.outDir), !outDir.isEmpty else {
            throw UsageError(message: "batch needs --out-dir DIR, the directory the PDFs are written to")
        }
        var parsed = BatchArguments(sources: o.positional, outDir: outDir, gate: try o.gate)
        parsed.jobs = try o.value(\.jobs)
        parsed.retries = try o.value(\.retries) ?? BatchOptions.Defaults.retries
        parsed.jobTimeout = try o.value(\.jobTimeout) ?? BatchOptions.Defaults.jobTimeout
        parsed.stopGrace = try o.value(\.stopGrace) ?? BatchOptions.Defaults.stopGrace
        parsed.template = try o.value(\.template)
        parsed.paper = try o.value(\.paper)
        parsed.report = try o.value(\.report)
        parsed.shard = try o.value(\.shard)
        parsed.resume = o.flag(\.resume)
        parsed.failFast = o.flag(\.failFast)
        parsed.quiet = o.flag(\.quiet)
        return { try BatchCommand.run(parsed) }
    }

    static let mergeReports = CommandSpec(
        ["batch", "merge-reports"], "REPORT... [--report FILE]",
        summary:
            "the reports of a plan's shards as one, and whether every job of the plan\nappears in them exactly once (exit 7 when jobs are missing or failed)",
        options: Options.MergeReports()
    ) { o throws(UsageError) in
        guard !o.positional.isEmpty else {
            throw UsageError(message: "batch merge-reports needs at least one REPORT (written by batch --report)")
        }
        let (paths, output, quiet) = (o.positional, try o.value(\.report), o.flag(\.quiet))
        return { BatchCommand.mergeReports(paths, output: output, quiet: quiet) }
    }

    /// Started by `batch` with pipes; it checks the gate itself, so starting it by hand gains nothing.
    static let batchWorker = CommandSpec(
        ["batch-worker"], "", summary: "the worker process of a batch (internal)",
        options: Options.GateOnly(), hidden: true
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "batch-worker")
        let gate = try o.gate
        return { BatchCommand.worker(gate: gate) }
    }

    // MARK: - Entitlements

    static let status = CommandSpec(
        ["entitlements", "status"], "[--json]",
        summary:
            "Pro or not, and each product's state: subscribed, expired,\ninBillingRetryPeriod, inGracePeriod, revoked",
        options: Options.JSONOutput()
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "entitlements status")
        let (json, gate) = (o.flag(\.json), try o.gate)
        return { try EntitlementCommands.status(json: json, gate: gate) }
    }

    static let importFiles = CommandSpec(
        ["entitlements", "import"], "FILE... [--json]",
        summary:
            "restore purchases: a file of compact JWS (one per line), an App Store Server API\nresponse (signedTransactions, signedTransactionInfo, signedRenewalInfo) or a Server\nNotification V2 (signedPayload); a REFUND or REVOKE takes Pro away. At most 16 MiB and\n10,000 signed items per file",
        options: Options.JSONOutput()
    ) { o throws(UsageError) in
        guard !o.positional.isEmpty else { throw UsageError(message: "entitlements import needs at least one FILE") }
        let (paths, json, gate) = (o.positional, o.flag(\.json), try o.gate)
        return { try EntitlementCommands.importFiles(paths, json: json, gate: gate) }
    }

    static let initStore = CommandSpec(
        ["entitlements", "init"], "[--bundle-id ID] [--environment E ...]",
        summary:
            "set up the store and the environments to accept (Production, Sandbox, Xcode,\nLocalTesting; default Production). Only Production purchases signed through Apple's\nroot give the unmarked PDF; the others are test entitlements (marked PDFs)",
        options: Options.InitStore()
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "entitlements init")
        let (bundleId, environments, gate) = (try o.value(\.bundleId), try o.all(\.environment), try o.gate)
        return { try EntitlementCommands.initStore(bundleId: bundleId, environments: environments, gate: gate) }
    }

    static let trustRoot = CommandSpec(
        ["entitlements", "trust-root"], "FILE",
        summary: "trust a root certificate (DER or PEM), e.g. Apple Root CA - G3 (AppleRootCA-G3.cer)",
        options: Options.GateOnly()
    ) { o throws(UsageError) in
        guard o.positional.count == 1 else {
            throw UsageError(message: "entitlements trust-root needs exactly one certificate FILE (DER or PEM)")
        }
        let (path, gate) = (o.positional[0], try o.gate)
        return { try EntitlementCommands.trustRoot(path: path, gate: gate) }
    }

    static let paywall = CommandSpec(
        ["paywall"], "[--json]", summary: "the plans and what Pro includes",
        options: Options.JSONOutput()
    ) { o throws(UsageError) in
        try o.expectPositional(0, "", command: "paywall")
        let (json, gate) = (o.flag(\.json), try o.gate)
        return { try EntitlementCommands.paywall(json: json, gate: gate) }
    }

    // MARK: - Local StoreKit testing

    static let storeKitTest: [CommandSpec] = [
        CommandSpec(
            ["storekit-test", "enable"], "", summary: "a local test CA inside the store; accepts LocalTesting",
            options: Options.GateOnly()
        ) { o throws(UsageError) in
            try o.expectPositional(0, "", command: "storekit-test enable")
            return try storeKitTest(.enable, o)
        },
        CommandSpec(
            ["storekit-test", "purchase"], "PRODUCT_ID [--family-shared] [--expires-in 30d]",
            summary: "a local test purchase",
            options: Options.Purchase()
        ) { o throws(UsageError) in
            try o.expectPositional(1, "PRODUCT_ID", command: "storekit-test purchase")
            let expires = try o.value(\.expiresIn)
            return try storeKitTest(
                .purchase(productId: o.positional[0], familyShared: o.flag(\.familyShared), expiresIn: expires), o)
        },
        CommandSpec(
            ["storekit-test", "refund"], "TRANSACTION_ID", summary: "refund a local test purchase",
            options: Options.GateOnly()
        ) { o throws(UsageError) in
            try o.expectPositional(1, "TRANSACTION_ID", command: "storekit-test refund")
            return try storeKitTest(.refund(transactionId: o.positional[0]), o)
        },
        CommandSpec(
            ["storekit-test", "expire"], "TRANSACTION_ID", summary: "expire a local test subscription now",
            options: Options.GateOnly()
        ) { o throws(UsageError) in
            try o.expectPositional(1, "TRANSACTION_ID", command: "storekit-test expire")
            return try storeKitTest(.expire(transactionId: o.positional[0]), o)
        },
        CommandSpec(
            ["storekit-test", "clear"], "",
            summary: "remove every local test transaction and local testing's clock mark",
            options: Options.GateOnly()
        ) { o throws(UsageError) in
            try o.expectPositional(0, "", command: "storekit-test clear")
            return try storeKitTest(.clear, o)
        },
        CommandSpec(
            ["storekit-test", "disable"], "",
            summary: "remove the local test CA, its key, every local test transaction and its clock mark",
            options: Options.GateOnly()
        ) { o throws(UsageError) in
            try o.expectPositional(0, "", command: "storekit-test disable")
            return try storeKitTest(.disable, o)
        },
    ]

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
    private static func storeKitTest<Declarations: GatedDeclarations>(
        _ action: StoreKitTestAction, _ o: ParsedOptions<Declarations>
    ) throws(UsageError) -> Invocation {
        let gate = try o.gate
        return { try EntitlementCommands.storeKitTest(action, gate: gate) }
    }
}
