/// Parsing the command line into a command, with usage errors that suggest the closest option.
import Foundation

enum Command: Equatable {
    case help
    case version
    /// `page` is set for a PNG preview (an output path ending in `.png`).
    case export(input: String, output: String, template: String, paper: String?, page: Int?, dpi: Double)
    case validate(paths: [String])
}

struct UsageError: Error, Equatable {
    var message: String
}

enum Arguments {
    static let exportOptions = ["--template", "--paper", "--page", "--dpi", "--help", "--version"]
    static let papers = ["letter", "a4"]

    static func parse(_ args: [String]) throws(UsageError) -> Command {
        if args.isEmpty { throw UsageError(message: "missing arguments: expected TRIP.json OUT.pdf (see --help)") }
        if args.contains("--help") || args.contains("-h") || args == ["help"] { return .help }
        if args.contains("--version") { return .version }
        if args.first == "validate" { return try parseValidate(Array(args.dropFirst())) }

        var positional: [String] = []
        var template = "classic"
        var paper: String?
        var page: Int?
        var dpi: Double?
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositional || arg == "-" || !arg.hasPrefix("-") {
                positional.append(arg)
                continue
            }
            if arg == "--" { onlyPositional = true; continue }
            let (name, inlineValue) = split(arg)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
                i += 1
                return args[i - 1]
            }
            switch name {
            case "--template":
                template = try value()
                if template.isEmpty { throw UsageError(message: "--template needs a name or a path") }
            case "--paper":
                let p = try value().lowercased()
                guard papers.contains(p) else {
                    throw UsageError(message: "--paper must be one of \(papers.joined(separator: ", ")), got \"\(p)\"")
                }
                paper = p
            case "--page":
                let raw = try value()
                guard let n = Int(raw), n >= 1 else { throw UsageError(message: "--page must be a page number from 1, got \"\(raw)\"") }
                page = n
            case "--dpi":
                let raw = try value()
                guard let d = Double(raw), d >= 9, d <= 1200 else { throw UsageError(message: "--dpi must be a number from 9 to 1200, got \"\(raw)\"") }
                dpi = d
            default:
                throw UsageError(message: "unknown option \(name)" + suggestion(for: name, among: exportOptions))
            }
        }
        // A bare word that is not a file is a mistyped command, not a trip: say so.
        if let first = positional.first, first != "-", !first.contains("/"), !first.contains("."),
           !FileManager.default.fileExists(atPath: first) {
            throw UsageError(message: "unknown command \"\(positional[0])\"" + suggestion(for: positional[0], among: ["validate"]))
        }
        guard positional.count == 2 else {
            throw UsageError(message: positional.count < 2
                ? "expected TRIP.json and OUT.pdf, got \(positional.count) argument\(positional.count == 1 ? "" : "s") (see --help)"
                : "expected TRIP.json and OUT.pdf, got \(positional.count) arguments: use 'validate' to check several files")
        }
        let png = positional[1].lowercased().hasSuffix(".png")
        if !png && (page != nil || dpi != nil) {
            throw UsageError(message: "--page and --dpi apply to a PNG preview: give an output path ending in .png")
        }
        return .export(input: positional[0], output: positional[1], template: template, paper: paper,
                       page: png ? (page ?? 1) : nil, dpi: dpi ?? 144)
    }

    private static func parseValidate(_ args: [String]) throws(UsageError) -> Command {
        var paths: [String] = []
        for arg in args {
            if arg.hasPrefix("-") && arg != "-" {
                throw UsageError(message: "unknown option \(arg) for validate" + suggestion(for: arg, among: ["--help"]))
            }
            paths.append(arg)
        }
        guard !paths.isEmpty else { throw UsageError(message: "validate needs at least one TRIP.json") }
        return .validate(paths: paths)
    }

    /// `--name=value` → ("--name", "value").
    private static func split(_ arg: String) -> (String, String?) {
        guard let eq = arg.firstIndex(of: "=") else { return (arg, nil) }
        return (String(arg[..<eq]), String(arg[arg.index(after: eq)...]))
    }

    /// ` (did you mean --template?)` when a known word is within a few edits of `word`.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, best.0.count / 3) else { return "" }
        return " (did you mean \(best.0)?)"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
