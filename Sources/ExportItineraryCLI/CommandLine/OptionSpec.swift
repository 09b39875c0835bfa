/// One option of a command, declared once: the parser, `--help` and the README's usage block
/// are all made from it.
struct OptionSpec: Sendable {
    /// `--template`.
    let name: String
    /// What the value is called in help (`NAME|PATH`); nil for a flag.
    let value: String?
    /// One or more lines for `--help`.
    let help: String
    /// Whether it may be given more than once (all values kept); otherwise the last one counts.
    let repeatable: Bool

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help, repeatable: false)
    }

    static func value(_ name: String, _ value: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable)
    }

    /// `--store DIR` and `--catalog FILE`: where the Pro gate's store and catalog are. Every
    /// command that touches the gate takes them.
    static let gate: [OptionSpec] = [
        .value(
            "--store", "DIR",
            "the entitlement store (default: $EXPORT_ITINERARY_HOME, else\n$XDG_DATA_HOME/export-itinerary, else ~/.local/share/export-itinerary)"
        ),
        .value("--catalog", "FILE", "the StoreKit configuration (default: StoreKit/SportsTime.storekit)"),
    ]
}

/// Where the entitlement store and the product catalog are: `--store DIR`, `--catalog FILE`.
struct GateOptions: Equatable {
    var store: String?
    var catalog: String?

    init(store: String? = nil, catalog: String? = nil) {
        self.store = store
        self.catalog = catalog
    }

    init(_ options: ParsedOptions) {
        self.init(store: options.value("--store"), catalog: options.value("--catalog"))
    }
}
