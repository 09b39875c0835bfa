import ItineraryBatch
import ItineraryModel
import StrictJSON
/// The words of one command line split into options and positional arguments, checked against
/// what the command declares.
struct ParsedOptions {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The options the command declares. Options are read by name: a name the command does not
    /// declare (a typo, `--tempalte`) would read as never given, so it stops the program
    /// instead, on the first run of that command (every command is run by the tests).
    /// (nil for options made by hand, as some tests do.)
    var declared: Set<String>?

    /// The last value given for `name`.
    func value(_ name: String) -> String? { checked(name); return values[name]?.last }
    func all(_ name: String) -> [String] { checked(name); return values[name] ?? [] }
    func flag(_ name: String) -> Bool { checked(name); return flags.contains(name) }

    private func checked(_ name: String) {
        precondition(
            declared?.contains(name) ?? true, "the option \(name) is read but not declared by its command (a bug)")
    }

    /// Splits `args` by the command's options: `--name value`, `--name=value`, flags, and
    /// positional arguments (`-` is one; after `--` everything is). An unknown option is a usage
    /// error naming the closest known one.
    static func parse(_ args: [String], spec: CommandSpec) throws(UsageError) -> ParsedOptions {
        var o = ParsedOptions()
        o.declared = Set(spec.options.map(\.name))
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
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let known = spec.options.map(\.name) + ["--help"]
                throw UsageError(
                    message: "unknown option \(name)" + (spec.path.isEmpty ? "" : " for \(spec.displayName)")
                        + Suggestion.text(for: name, among: known))
            }
            if option.value == nil {
                guard inline == nil else { throw UsageError(message: "\(name) takes no value") }
                o.flags.insert(name)
                continue
            }
            var value = inline
            if value == nil {
                guard i < args.count else { throw UsageError(message: "\(name) needs a value (\(option.value!))") }
                value = args[i]
                // `--out-dir --quiet`: the value was forgotten, and the next option would be
                // taken for it (a directory named "--quiet"). Write `--out-dir=--quiet` to mean it.
                if let next = value,
                    let other = spec.options.first(where: {
                        $0.name == next.split(separator: "=", maxSplits: 1).first.map(String.init)
                    })
                {
                    throw UsageError(
                        message:
                            "\(name) needs a value (\(option.value!)), but \(other.name) follows it (write \(name)=\(next) if that is the value)"
                    )
                }
                i += 1
            }
            if !option.repeatable, o.values[name] != nil {
                throw UsageError(message: "\(name) is given twice (\(o.values[name]![0]) and \(value!)): give it once")
            }
            o.values[name, default: []].append(value!)
        }
        return o
    }

    /// Fails unless there are exactly `count` positional arguments (`what` names them).
    func expectPositional(_ count: Int, _ what: String, command: String) throws(UsageError) {
        guard positional.count != count else { return }
        if count == 0 { throw UsageError(message: "\(command) takes no argument \"\(positional[0])\"") }
        throw UsageError(message: "\(command) needs exactly \(count == 1 ? "one" : "\(count)") \(what)")
    }

    /// A whole number option within `range`, or nil when absent.
    func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let raw = value(name) else { return nil }
        guard let n = Int(raw), range.contains(n) else {
            throw UsageError(
                message:
                    "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(raw)\"")
        }
        return n
    }

    /// A paper option (`--paper`), lower-cased, checked to be a name (the template it is asked
    /// of says later whether it has that paper).
    func paper() throws(UsageError) -> String? {
        guard let raw = value("--paper") else { return nil }
        guard let p = JobDefaults.paper(raw) else {
            throw UsageError(message: "--paper must be \(JobDefaults.paperRule), got \"\(raw)\"")
        }
        return p
    }
}

struct UsageError: Error, Equatable {
    var message: String
}

/// " (did you mean --template?)" for a word a few edits from a known one; the same measure the
/// trip and template readers use for unknown keys.
enum Suggestion {
    static func text(for word: String, among candidates: [String]) -> String {
        KeySuggestion.closest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
