/// The words of one command line split into options and positional arguments, checked against
/// the options the command declares: as given, not yet parsed into values.
struct GivenOptions {
    var positional: [String] = []
    /// Each value option given, with its texts in order.
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Splits `args` by `options`: `--name value`, `--name=value`, flags, and positional
    /// arguments (`-` is one; after `--` everything is). An unknown option is a usage error naming
    /// the closest known one (`command` names the command in it, when it has words).
    static func parse(_ args: [String], options: [OptionSpec], command: String) throws(UsageError) -> GivenOptions {
        var o = GivenOptions()
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
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(
                    message: "unknown option \(name)" + (command.isEmpty ? "" : " for \(command)")
                        + Suggestion.text(for: name, among: options.map(\.name) + ["--help"]))
            }
            guard let valueName = option.value else {
                guard inline == nil else { throw UsageError(message: "\(name) takes no value") }
                // Twice is a slip (a pasted command line): said, like a value option given twice.
                guard o.flags.insert(name).inserted else {
                    throw UsageError(message: "\(name) is given twice: give it once")
                }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < args.count else { throw UsageError(message: "\(name) needs a value (\(valueName))") }
                value = args[i]
                // `--out-dir --quiet`: the value was forgotten, and the next option would be
                // taken for it (a directory named "--quiet"). Write `--out-dir=--quiet` to mean it.
                let next = value.split(separator: "=", maxSplits: 1).first.map(String.init)
                if let other = options.first(where: { $0.name == next }) {
                    throw UsageError(
                        message:
                            "\(name) needs a value (\(valueName)), but \(other.name) follows it (write \(name)=\(value) if that is the value)"
                    )
                }
                i += 1
            }
            if !option.repeatable, let first = o.values[name]?.first {
                throw UsageError(message: "\(name) is given twice (\(first) and \(value)): give it once")
            }
            o.values[name, default: []].append(value)
        }
        return o
    }
}
