/// A command line as one command reads it: its positional arguments, and its options read
/// through their declarations (`value(\.jobs)`), each parsed and range-checked as declared. Only
/// options of `Declarations` can be named, so a command cannot read one it does not declare.
struct ParsedOptions<Declarations: OptionDeclarations> {
    let declarations: Declarations
    let given: GivenOptions

    var positional: [String] { given.positional }

    /// The option's value, parsed; nil when it was not given. A value it refuses is a usage error.
    func value<Value>(_ key: KeyPath<Declarations, Option<Value>>) throws(UsageError) -> Value? {
        let option = declarations[keyPath: key]
        guard let raw = given.values[option.spec.name]?.last else { return nil }
        return try option.parse(raw)
    }

    /// Every value of a repeatable option, parsed, in the order given.
    func all<Value>(_ key: KeyPath<Declarations, Option<Value>>) throws(UsageError) -> [Value] {
        let option = declarations[keyPath: key]
        var values: [Value] = []
        for raw in given.values[option.spec.name] ?? [] { values.append(try option.parse(raw)) }
        return values
    }

    /// Whether the flag was given.
    func flag(_ key: KeyPath<Declarations, Flag>) -> Bool {
        given.flags.contains(declarations[keyPath: key].spec.name)
    }

    /// Fails unless there are exactly `count` positional arguments (`what` names them).
    func expectPositional(_ count: Int, _ what: String, command: String) throws(UsageError) {
        guard positional.count != count else { return }
        if count == 0 { throw UsageError(message: "\(command) takes no argument \"\(positional[0])\"") }
        throw UsageError(message: "\(command) needs exactly \(count == 1 ? "one" : "\(count)") \(what)")
    }
}

extension ParsedOptions where Declarations: GatedDeclarations {
    /// `--store` and `--catalog`, as given.
    var gate: GateOptions {
        get throws(UsageError) { GateOptions(store: try value(\.gate.store), catalog: try value(\.gate.catalog)) }
    }
}
