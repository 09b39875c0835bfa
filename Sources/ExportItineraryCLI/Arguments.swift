/// Parsing the command line into a command: the words pick a declared command
/// (`CommandTable`), its declared options parse the rest.
import Foundation
import ItineraryBatch

enum Command: Equatable {
    /// `help [WORDS...]`, `--help`: the words name a command or a group (`entitlements`).
    case help(topic: [String])
    case version
    /// `page` is set for a PNG preview (an output path ending in `.png`).
    case export(
        input: String, output: String, template: String, paper: String?, page: Int?, dpi: Double, gate: GateOptions)
    case validate(paths: [String], template: String?, paper: String?)
    case status(json: Bool, gate: GateOptions)
    case importFiles(paths: [String], json: Bool, gate: GateOptions)
    case initStore(bundleId: String?, environments: [String], gate: GateOptions)
    case trustRoot(path: String, gate: GateOptions)
    case paywall(json: Bool, gate: GateOptions)
    case storeKitTest(action: StoreKitTestAction, gate: GateOptions)
    case batch(BatchArguments)
    /// `batch merge-reports REPORT... --report FILE`
    case mergeReports(paths: [String], output: String?, quiet: Bool)
    /// The worker mode the batch supervisor starts (not for people; it checks the gate too).
    case batchWorker(gate: GateOptions)
}

enum StoreKitTestAction: Equatable {
    case enable
    case purchase(productId: String, familyShared: Bool, expiresIn: TimeInterval?)
    case refund(transactionId: String)
    case expire(transactionId: String)
    case clear
    case disable
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
    var stopGrace = 5.0
    var shard: ShardArgument?
    var quiet = false
    var gate: GateOptions
}

enum ShardArgument: Equatable {
    case fixed(Shard)
    /// The job array's own index and count.
    case auto
}

enum Arguments {
    static func parse(_ args: [String]) throws(UsageError) -> Command {
        if args.isEmpty { throw UsageError(message: "missing arguments: expected TRIP.json OUT.pdf (see --help)") }
        if args[0] == "help" { return .help(topic: Array(args.dropFirst())) }
        if args[0] == "--version" { return .version }
        if args[0] == "--help" || args[0] == "-h" { return .help(topic: []) }
        // `entitlements --help`: the group's help.
        if args.count >= 2, args[1] == "--help" || args[1] == "-h", !CommandTable.commands(under: [args[0]]).isEmpty {
            return .help(topic: [args[0]])
        }
        let spec = try command(for: args)
        let rest = Array(args.dropFirst(spec.path.count))
        if rest.contains("--help") || rest.contains("-h") { return .help(topic: spec.path) }
        return try spec.build(ParsedOptions.parse(rest, spec: spec))
    }

    /// The declared command the words name: the longest path they start with. A group word
    /// without one of its commands (`entitlements`, `storekit-test foo`) is a usage error that
    /// lists them; anything else is the default command, exporting one trip.
    static func command(for args: [String]) throws(UsageError) -> CommandSpec {
        let matching = CommandTable.all.filter { !$0.path.isEmpty && args.starts(with: $0.path) }
        if let best = matching.max(by: { $0.path.count < $1.path.count }) { return best }
        let group = CommandTable.commands(under: [args[0]])
        if !group.isEmpty {
            let words = group.map { $0.path[1] }
            guard args.count > 1, !args[1].hasPrefix("-") else {
                throw UsageError(
                    message: "\(args[0]) needs one of: \(words.joined(separator: ", ")) (see: help \(args[0]))")
            }
            throw UsageError(
                message: "unknown \(args[0]) command \"\(args[1])\"" + Suggestion.text(for: args[1], among: words))
        }
        return CommandTable.export
    }
}
