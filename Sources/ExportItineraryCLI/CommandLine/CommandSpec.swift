/// A command, declared once: its words, what it takes, what `--help` says about it, and how its
/// parsed options become a `Command`.
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
    let build: @Sendable (ParsedOptions) throws(UsageError) -> Command

    init(
        _ path: [String], _ synopsis: String, summary: String, options: [OptionSpec] = [], details: String = "",
        hidden: Bool = false, build: @escaping @Sendable (ParsedOptions) throws(UsageError) -> Command
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
