/// Parsing the command line into a command, with usage errors that suggest the closest option.
import Foundation
import ItineraryBatch

/// Where the entitlement store and the product catalog are: `--store DIR`, `--catalog FILE`.
struct GateOptions: Equatable {
    var store: String?
    var catalog: String?
}

enum Command: Equatable {
    case help(topic: String?)
    case version
    /// `page` is set for a PNG preview (an output path ending in `.png`).
    case export(input: String, output: String, template: String, paper: String?, page: Int?, dpi: Double, gate: GateOptions)
    case validate(paths: [String])
    case status(json: Bool, gate: GateOptions)
    case importFiles(paths: [String], json: Bool, gate: GateOptions)
    case initStore(bundleId: String, environments: [String], gate: GateOptions)
    case trustRoot(path: String, gate: GateOptions)
    case paywall(json: Bool, gate: GateOptions)
    case storeKitTest(action: StoreKitTestAction, gate: GateOptions)
    case batch(BatchArguments)
    /// `batch merge-reports REPORT... --report FILE`
    case mergeReports(paths: [String], output: String?, quiet: Bool)
    /// The worker mode the batch supervisor starts (not for people; it checks the gate too).
    case batchWorker(gate: GateOptions)
}

/// `export-itinerary batch SOURCE... --out-dir DIR [...]`, as parsed.
struct BatchArguments: Equatable {
    var sources: [String]
    var outDir: String
    var jobs: Int?
    var template: String?
    var paper: String?
    var report: String?
    var resume = false
    var failFast = false
    var retries = 1
    var jobTimeout = 120.0
    /// `I/N`, or `auto` (nil index) for the job array's own.
    var shard: ShardArgument?
    var quiet = false
    var gate: GateOptions
}

enum ShardArgument: Equatable {
    case fixed(Shard)
    case auto
}

enum StoreKitTestAction: Equatable {
    case enable
    case purchase(productId: String, familyShared: Bool, expiresIn: TimeInterval?)
    case refund(transactionId: String)
    case expire(transactionId: String)
    case clear
}

struct UsageError: Error, Equatable {
    var message: String
}

/// The options and positional arguments of one command line, checked against what the command accepts.
struct ParsedOptions {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
}

enum Arguments {
    static let commands = ["validate", "batch", "entitlements", "paywall", "storekit-test", "help"]
    static let gateOptions = ["--store", "--catalog"]
    static let papers = ["letter", "a4"]

    static func parse(_ args: [String]) throws(UsageError) -> Command {
        if args.isEmpty { throw UsageError(message: "missing arguments: expected TRIP.json OUT.pdf (see --help)") }
        if args.first == "help" { return .help(topic: args.dropFirst().first) }
        if args.contains("--help") || args.contains("-h") { return .help(topic: commands.contains(args[0]) ? args[0] : nil) }
        if args == ["--version"] || args.first == "--version" { return .version }
        switch args[0] {
        case "validate":
            let o = try options(Array(args.dropFirst()), values: [], flags: [], command: "validate")
            guard !o.positional.isEmpty else { throw UsageError(message: "validate needs at least one TRIP.json") }
            return .validate(paths: o.positional)
        case "entitlements": return try parseEntitlements(Array(args.dropFirst()))
        case "paywall":
            let o = try options(Array(args.dropFirst()), values: gateOptions, flags: ["--json"], command: "paywall")
            try expectNoPositional(o, "paywall")
            return .paywall(json: o.flags.contains("--json"), gate: gate(o))
        case "storekit-test": return try parseStoreKitTest(Array(args.dropFirst()))
        case "batch": return try parseBatch(Array(args.dropFirst()))
        case "batch-worker":
            let o = try options(Array(args.dropFirst()), values: gateOptions, flags: [], command: "batch-worker")
            try expectNoPositional(o, "batch-worker")
            return .batchWorker(gate: gate(o))
        default: return try parseExport(args)
        }
    }

    private static func parseExport(_ args: [String]) throws(UsageError) -> Command {
        let o = try options(args, values: ["--template", "--paper", "--page", "--dpi"] + gateOptions, flags: [], command: nil)
        // A bare word that is not a file is a mistyped command, not a trip: say so.
        if let first = o.positional.first, first != "-", !first.contains("/"), !first.contains("."),
           !FileManager.default.fileExists(atPath: first) {
            throw UsageError(message: "unknown command \"\(first)\"" + suggestion(for: first, among: commands))
        }
        guard o.positional.count == 2 else {
            throw UsageError(message: o.positional.count < 2
                ? "expected TRIP.json and OUT.pdf, got \(o.positional.count) argument\(o.positional.count == 1 ? "" : "s") (see --help)"
                : "expected TRIP.json and OUT.pdf, got \(o.positional.count) arguments: use 'validate' to check several files")
        }
        let template = o.value("--template") ?? "classic"
        if template.isEmpty { throw UsageError(message: "--template needs a name or a path") }
        var paper: String?
        if let p = o.value("--paper")?.lowercased() {
            guard papers.contains(p) else { throw UsageError(message: "--paper must be one of \(papers.joined(separator: ", ")), got \"\(p)\"") }
            paper = p
        }
        var page: Int?
        if let raw = o.value("--page") {
            guard let n = Int(raw), n >= 1 else { throw UsageError(message: "--page must be a page number from 1, got \"\(raw)\"") }
            page = n
        }
        var dpi: Double?
        if let raw = o.value("--dpi") {
            guard let d = Double(raw), d >= 9, d <= 1200 else { throw UsageError(message: "--dpi must be a number from 9 to 1200, got \"\(raw)\"") }
            dpi = d
        }
        let png = o.positional[1].lowercased().hasSuffix(".png")
        if !png && (page != nil || dpi != nil) {
            throw UsageError(message: "--page and --dpi apply to a PNG preview: give an output path ending in .png")
        }
        return .export(input: o.positional[0], output: o.positional[1], template: template, paper: paper,
                       page: png ? (page ?? 1) : nil, dpi: dpi ?? 144, gate: gate(o))
    }

    private static func parseEntitlements(_ args: [String]) throws(UsageError) -> Command {
        let subcommands = ["status", "import", "init", "trust-root"]
        guard let sub = args.first else {
            throw UsageError(message: "entitlements needs a subcommand: \(subcommands.joined(separator: ", "))")
        }
        let rest = Array(args.dropFirst())
        switch sub {
        case "status":
            let o = try options(rest, values: gateOptions, flags: ["--json"], command: "entitlements status")
            try expectNoPositional(o, "entitlements status")
            return .status(json: o.flags.contains("--json"), gate: gate(o))
        case "import":
            let o = try options(rest, values: gateOptions, flags: ["--json"], command: "entitlements import")
            guard !o.positional.isEmpty else { throw UsageError(message: "entitlements import needs at least one FILE") }
            return .importFiles(paths: o.positional, json: o.flags.contains("--json"), gate: gate(o))
        case "init":
            let o = try options(rest, values: ["--bundle-id", "--environment"] + gateOptions, flags: [], command: "entitlements init")
            try expectNoPositional(o, "entitlements init")
            guard let bundle = o.value("--bundle-id"), !bundle.isEmpty else {
                throw UsageError(message: "entitlements init needs --bundle-id ID (your app's bundle identifier)")
            }
            return .initStore(bundleId: bundle, environments: o.values["--environment"] ?? [], gate: gate(o))
        case "trust-root":
            let o = try options(rest, values: gateOptions, flags: [], command: "entitlements trust-root")
            guard o.positional.count == 1 else { throw UsageError(message: "entitlements trust-root needs exactly one certificate FILE (DER or PEM)") }
            return .trustRoot(path: o.positional[0], gate: gate(o))
        default:
            throw UsageError(message: "unknown entitlements subcommand \"\(sub)\"" + suggestion(for: sub, among: subcommands))
        }
    }

    private static func parseStoreKitTest(_ args: [String]) throws(UsageError) -> Command {
        let actions = ["enable", "purchase", "refund", "expire", "clear"]
        guard let action = args.first else {
            throw UsageError(message: "storekit-test needs an action: \(actions.joined(separator: ", "))")
        }
        let command = "storekit-test \(action)"
        let rest = Array(args.dropFirst())
        switch action {
        case "enable", "clear":
            let o = try options(rest, values: gateOptions, flags: [], command: command)
            try expectNoPositional(o, command)
            return .storeKitTest(action: action == "enable" ? .enable : .clear, gate: gate(o))
        case "purchase":
            let o = try options(rest, values: ["--expires-in"] + gateOptions, flags: ["--family-shared"], command: command)
            guard o.positional.count == 1 else { throw UsageError(message: "storekit-test purchase needs exactly one PRODUCT_ID") }
            var expires: TimeInterval?
            if let raw = o.value("--expires-in") {
                guard let seconds = duration(raw) else {
                    throw UsageError(message: "--expires-in must be a duration such as 30s, 15m, 2h, 7d or -1h, got \"\(raw)\"")
                }
                expires = seconds
            }
            return .storeKitTest(action: .purchase(productId: o.positional[0], familyShared: o.flags.contains("--family-shared"),
                                                   expiresIn: expires), gate: gate(o))
        case "refund", "expire":
            let o = try options(rest, values: gateOptions, flags: [], command: command)
            guard o.positional.count == 1 else { throw UsageError(message: "\(command) needs exactly one TRANSACTION_ID") }
            let id = o.positional[0]
            return .storeKitTest(action: action == "refund" ? .refund(transactionId: id) : .expire(transactionId: id), gate: gate(o))
        default:
            throw UsageError(message: "unknown storekit-test action \"\(action)\"" + suggestion(for: action, among: actions))
        }
    }

    private static func parseBatch(_ args: [String]) throws(UsageError) -> Command {
        if args.first == "merge-reports" {
            let o = try options(Array(args.dropFirst()), values: ["--report"], flags: ["--quiet"], command: "batch merge-reports")
            guard !o.positional.isEmpty else { throw UsageError(message: "batch merge-reports needs at least one REPORT (written by batch --report)") }
            return .mergeReports(paths: o.positional, output: o.value("--report"), quiet: o.flags.contains("--quiet"))
        }
        let o = try options(args, values: ["--out-dir", "--jobs", "--template", "--paper", "--report", "--retries", "--job-timeout", "--shard"] + gateOptions,
                            flags: ["--resume", "--fail-fast", "--quiet"], command: "batch")
        guard !o.positional.isEmpty else {
            throw UsageError(message: "batch needs at least one SOURCE: a directory of trips, trip files or a manifest (.jsonl) (see: help batch)")
        }
        guard let outDir = o.value("--out-dir"), !outDir.isEmpty else {
            throw UsageError(message: "batch needs --out-dir DIR, the directory the PDFs are written to")
        }
        var parsed = BatchArguments(sources: o.positional, outDir: outDir, gate: gate(o))
        func whole(_ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
            guard let raw = o.value(name) else { return nil }
            guard let n = Int(raw), range.contains(n) else {
                throw UsageError(message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(raw)\"")
            }
            return n
        }
        parsed.jobs = try whole("--jobs", 1...BatchLimits.maximumWorkers)
        parsed.retries = try whole("--retries", 0...BatchLimits.maximumRetries) ?? 1
        if let raw = o.value("--job-timeout") {
            guard let seconds = Double(raw), seconds.isFinite, seconds >= 1, seconds <= 86_400 else {
                throw UsageError(message: "--job-timeout must be a number of seconds from 1 to 86400, got \"\(raw)\"")
            }
            parsed.jobTimeout = seconds
        }
        if let template = o.value("--template") {
            if template.isEmpty { throw UsageError(message: "--template needs a name or a path") }
            parsed.template = template
        }
        if let p = o.value("--paper")?.lowercased() {
            guard papers.contains(p) else { throw UsageError(message: "--paper must be one of \(papers.joined(separator: ", ")), got \"\(p)\"") }
            parsed.paper = p
        }
        if let report = o.value("--report") {
            if report.isEmpty { throw UsageError(message: "--report needs a FILE") }
            parsed.report = report
        }
        if let raw = o.value("--shard") {
            if raw == "auto" {
                parsed.shard = .auto
            } else {
                guard let shard = Shard.parse(raw) else {
                    throw UsageError(message: "--shard must be I/N with 0 <= I < N <= \(BatchLimits.maximumShards) (e.g. 0/4), or auto, got \"\(raw)\"")
                }
                parsed.shard = .fixed(shard)
            }
        }
        parsed.resume = o.flags.contains("--resume")
        parsed.failFast = o.flags.contains("--fail-fast")
        parsed.quiet = o.flags.contains("--quiet")
        return .batch(parsed)
    }

    /// `30s`, `15m`, `2h`, `7d`, `2w`, or plain seconds; a leading `-` for the past.
    static func duration(_ raw: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        if let last = raw.last, let unit = units[last], let n = Double(raw.dropLast()), n.isFinite { return n * unit }
        if let n = Double(raw), n.isFinite { return n }
        return nil
    }

    private static func gate(_ o: ParsedOptions) -> GateOptions {
        GateOptions(store: o.value("--store"), catalog: o.value("--catalog"))
    }

    private static func expectNoPositional(_ o: ParsedOptions, _ command: String) throws(UsageError) {
        if let extra = o.positional.first { throw UsageError(message: "\(command) takes no argument \"\(extra)\"") }
    }

    /// Splits arguments into options (`--name value`, `--name=value`, flags) and positional ones.
    static func options(_ args: [String], values: [String], flags: [String], command: String?) throws(UsageError) -> ParsedOptions {
        var o = ParsedOptions()
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositional || arg == "-" || !arg.hasPrefix("-") {
                o.positional.append(arg)
                continue
            }
            if arg == "--" { onlyPositional = true; continue }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            if flags.contains(name) {
                guard inline == nil else { throw UsageError(message: "\(name) takes no value") }
                o.flags.insert(name)
            } else if values.contains(name) {
                var value = inline
                if value == nil {
                    guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                o.values[name, default: []].append(value!)
            } else {
                let known = values + flags + ["--help"]
                throw UsageError(message: "unknown option \(name)" + (command.map { " for \($0)" } ?? "") + suggestion(for: name, among: known))
            }
        }
        return o
    }

    /// ` (did you mean --template?)` when a known word is within a few edits of `word`.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, best.0.count / 3) else { return "" }
        return " (did you mean \(best.0)?)"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
