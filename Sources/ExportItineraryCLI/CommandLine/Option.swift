/// An option declared once, with its type: the parser and `--help` read its `spec`, a command
/// reads its value through it (`ParsedOptions.value(\.jobs)`), already parsed and range-checked.

/// A declared option of any type: what the parser and `--help` see of it.
protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

/// An option that takes a value (`--jobs 4`, `--jobs=4`), and how its text becomes a `Value`.
struct Option<Value: Sendable>: DeclaredOption {
    let spec: OptionSpec
    /// The text as given to the value; a text it refuses is a usage error naming the option.
    let parse: @Sendable (String) throws(UsageError) -> Value

    init(spec: OptionSpec, parse: @escaping @Sendable (String) throws(UsageError) -> Value) {
        self.spec = spec
        self.parse = parse
    }

    /// An option whose text `parse` turns into a value, or refuses with "NAME must be RULE, got
    /// "TEXT"" (`rule`: `a whole number from 1 to 256`).
    init(
        _ name: String, _ value: String, _ help: String, repeatable: Bool = false, mustBe rule: String,
        parse: @escaping @Sendable (String) -> Value?
    ) {
        self.init(spec: OptionSpec(name: name, value: value, help: help, repeatable: repeatable)) {
            raw throws(UsageError) in
            guard let parsed = parse(raw) else { throw UsageError(message: "\(name) must be \(rule), got \"\(raw)\"") }
            return parsed
        }
    }
}

/// An option that takes no value (`--quiet`): given or not.
struct Flag: DeclaredOption {
    let spec: OptionSpec

    init(_ name: String, _ help: String) {
        spec = OptionSpec(name: name, value: nil, help: help, repeatable: false)
    }
}
