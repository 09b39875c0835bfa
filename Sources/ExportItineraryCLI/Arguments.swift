/// Parsing the command line into a command: the words pick a declared command
/// (`CommandTable`), its declared options parse the rest.
import Foundation
import ItineraryBatch
import ItineraryExport

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
    var retries = BatchOptions.Defaults.retries
    var jobTimeout = BatchOptions.Defaults.jobTimeout
    var stopGrace = BatchOptions.Defaults.stopGrace
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
    /// The run of the command `args` name, its options checked: a usage error comes before
    /// anything runs.
    static func parse(_ args: [String]) throws(UsageError) -> Invocation {
        if args.isEmpty { throw UsageError(message: "missing arguments: expected TRIP.json OUT.pdf (see --help)") }
        if args[0] == "help" {
            if let word = args.dropFirst().first, !Help.topics.contains(word) {
                throw UsageError(
                    message: "help: unknown command \"\(word)\"" + Suggestion.text(for: word, among: Help.topics)
                        + " (commands: \(Help.topics.joined(separator: ", ")))")
            }
            return help(Array(args.dropFirst()))
        }
        if args[0] == "--version" {
            // `--version --verbose`: and what else decides a PDF's bytes, one library a line.
            let verbose = args.dropFirst() == ["--verbose"]
            guard args.count == 1 || verbose else {
                throw UsageError(message: "--version takes only --verbose (the libraries a PDF's bytes depend on)")
            }
            return {
                print("\(programName) \(Exporter.version)")
                if verbose {
                    for library in Exporter.libraryVersions {
                        // libdeflate tells no version: the one its headers had at build time.
                        let note = library.name == "libdeflate" ? " (as built)" : ""
                        print("\(library.name) \(library.version)\(note)")
                    }
                }
                return ExitCode.ok
            }
        }
        if args[0] == "--help" || args[0] == "-h" { return help([]) }
        // `entitlements --help`: the group's help.
        if args.count >= 2, args[1] == "--help" || args[1] == "-h", !CommandTable.commands(under: [args[0]]).isEmpty {
            return help([args[0]])
        }
        let spec = try command(for: args)
        let rest = Array(args.dropFirst(spec.path.count))
        if rest.contains("--help") || rest.contains("-h") { return help(spec.path) }
        return try spec.build(rest)
    }

    /// `help WORDS...`: the words name a command or a group (`entitlements`).
    private static func help(_ topic: [String]) -> Invocation {
        {
            print(Help.text(for: topic))
            return ExitCode.ok
        }
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
