/// What a command does once its options are checked: runs, and gives the exit code.
typealias Invocation = () throws -> Int32

/// A command, declared once: its words, its options (declared with their types in one
/// `OptionDeclarations`), what `--help` says about it, and how its parsed options become the
/// typed values its run takes (`build`, which returns the run).
struct CommandSpec: Sendable {
    /// The words that name it after the program (`["entitlements", "import"]`); empty for the
    /// default command (exporting one trip).
    let path: [String]
    /// The positional part of its usage line (`TRIP.json OUT.pdf`, `FILE... [--json]`).
    let synopsis: String
    /// One line: what it does.
    let summary: String
    /// Its options' declarations, and what the parser and `--help` see of them.
    let declarations: any OptionDeclarations
    /// Found by reflection when asked (`OptionDeclarations.specs`), not when the table is built:
    /// a command parses only its own, and `--version` none.
    var options: [OptionSpec] { declarations.specs }
    /// Prose shown after the options in its own help (what the options cannot say, examples).
    let details: String
    /// Internal commands are parsed but never listed.
    let hidden: Bool
    /// Parses the words after the command's own, checks them (a usage error, exit 2, before
    /// anything runs) and returns the run.
    let build: @Sendable ([String]) throws(UsageError) -> Invocation

    init<Declarations: OptionDeclarations>(
        _ path: [String], _ synopsis: String, summary: String, options declarations: Declarations,
        details: String = "", hidden: Bool = false,
        build: @escaping @Sendable (ParsedOptions<Declarations>) throws(UsageError) -> Invocation
    ) {
        self.path = path
        self.synopsis = synopsis
        self.summary = summary
        self.declarations = declarations
        self.details = details
        self.hidden = hidden
        let name = path.joined(separator: " ")
        self.build = { args throws(UsageError) in
            let given = try GivenOptions.parse(args, options: declarations.specs, command: name)
            return try build(ParsedOptions(declarations: declarations, given: given))
        }
    }

    /// `entitlements import`.
    var displayName: String { path.joined(separator: " ") }

    /// `export-itinerary entitlements import FILE... [--json]`.
    var usageLine: String {
        (["export-itinerary"] + path + (synopsis.isEmpty ? [] : [synopsis])).joined(separator: " ")
    }
}
