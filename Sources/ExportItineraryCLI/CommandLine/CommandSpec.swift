/// What a command does once its options are checked: runs, and gives the exit code.
typealias Invocation = () throws -> Int32

/// A command, declared once: its words, what it takes, what `--help` says about it, and how its
/// parsed options are checked into the typed values its run takes (`build`, which returns the run).
struct CommandSpec: Sendable {
    /// The words that name it after the program (`["entitlements", "import"]`); empty for the
    /// default command (exporting one trip).
    let path: [String]
    /// The positional part of its usage line (`TRIP.json OUT.pdf`, `FILE... [--json]`).
    let synopsis: String
    /// One line: what it does.
    let summary: String
    let options: [OptionSpec]
    /// Prose shown after the options in its own help (what the options cannot say, examples).
    let details: String
    /// Internal commands are parsed but never listed.
    let hidden: Bool
    /// Checks the options (a usage error, exit 2, before anything runs) and returns the run.
    let build: @Sendable (ParsedOptions) throws(UsageError) -> Invocation

    init(
        _ path: [String], _ synopsis: String, summary: String, options: [OptionSpec] = [], details: String = "",
        hidden: Bool = false, build: @escaping @Sendable (ParsedOptions) throws(UsageError) -> Invocation
    ) {
        self.path = path
        self.synopsis = synopsis
        self.summary = summary
        self.options = options
        self.details = details
        self.hidden = hidden
        self.build = build
    }

    /// `entitlements import`.
    var displayName: String { path.joined(separator: " ") }

    /// `export-itinerary entitlements import FILE... [--json]`.
    var usageLine: String {
        (["export-itinerary"] + path + (synopsis.isEmpty ? [] : [synopsis])).joined(separator: " ")
    }
}
