/// What the parser and `--help` need of one option: its name, what its value is called, its help,
/// and whether it may repeat. Made from a typed declaration (`Option`, `Flag`), never by hand.
struct OptionSpec: Sendable, Equatable {
    /// `--template`.
    let name: String
    /// What the value is called in help (`NAME|PATH`); nil for a flag.
    let value: String?
    /// One or more lines for `--help`.
    let help: String
    /// Whether it may be given more than once (all values kept); otherwise giving it twice is an
    /// error.
    let repeatable: Bool
}
