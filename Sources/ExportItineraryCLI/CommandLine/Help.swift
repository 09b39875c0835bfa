/// `--help`, made from the command table: usage lines and option lists are never written twice.
enum Help {
    /// The usage block of `--help` and of the README: one line per visible command.
    static var synopsis: String {
        let lines = CommandTable.all.filter { !$0.hidden }.map { "  " + $0.usageLine }
        return (["Usage:"] + lines + ["  export-itinerary help [COMMAND] | --help | --version [--verbose]"]).joined(
            separator: "\n")
    }

    /// The help for `topic` (command words): the whole program, a group (`entitlements`,
    /// `storekit-test`) or one command.
    /// The command words `help` explains, in the order of the command table: what `help WORD`
    /// may name (a word of none of them is a usage error, not the main help).
    static var topics: [String] {
        var words: [String] = []
        for spec in CommandTable.all where !spec.hidden {
            if let word = spec.path.first, !words.contains(word) { words.append(word) }
        }
        return words
    }

    static func text(for topic: [String]) -> String {
        if topic.isEmpty { return main }
        // `help paywall` belongs with the entitlement commands it works with.
        if topic == ["entitlements"] || topic == ["storekit-test"] { return entitlements }
        if let spec = CommandTable.all.first(where: { $0.path == topic && !$0.hidden }) { return text(for: spec) }
        if let spec = CommandTable.all.first(where: { !$0.hidden && !$0.path.isEmpty && $0.path.first == topic.first })
        {
            return text(for: spec)
        }
        return main
    }

    static func text(for spec: CommandSpec) -> String {
        var parts = [
            "export-itinerary \(spec.displayName): \(spec.summary.replacingOccurrences(of: "\n", with: " "))",
            "Usage:\n  " + spec.usageLine,
        ]
        // A command's own subcommands (batch merge-reports) are listed under it.
        for sub in CommandTable.commands(under: spec.path) { parts[1] += "\n  " + sub.usageLine }
        if !spec.options.isEmpty { parts.append("Options:\n" + optionList(spec.options)) }
        if !spec.details.isEmpty { parts.append(spec.details) }
        for sub in CommandTable.commands(under: spec.path) {
            parts.append(
                "\(sub.displayName): \(sub.summary.replacingOccurrences(of: "\n", with: " "))\n"
                    + optionList(sub.options))
        }
        return parts.joined(separator: "\n\n")
    }

    /// `  --name VALUE        help`, the help aligned in one column and wrapped lines indented.
    static func optionList(_ options: [OptionSpec]) -> String {
        let column = 24
        return options.map { option in
            let head = "  " + option.name + (option.value.map { " " + $0 } ?? "")
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let pad = String(repeating: " ", count: column)
            let first =
                head.count < column - 1
                ? head + String(repeating: " ", count: column - head.count) + lines[0]
                : head + "\n" + pad + lines[0]
            return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static var main: String {
        """
        export-itinerary: turn a sports road-trip itinerary (trip.json) into a PDF to print and share.

        \(synopsis)

        Exporting one trip (TRIP.json OUT.pdf):
        \(optionList(CommandTable.export.options))

        \(CommandTable.export.details)

        Commands:
        \(CommandTable.all.filter { !$0.hidden && !$0.path.isEmpty }.map { commandLine($0) }.joined(separator: "\n"))

        Pro: PDF export is a Pro feature. Before anything is read or drawn, the local entitlement
        store must hold a current Pro entitlement (a verified App Store transaction); if not, the
        plans are shown and the exit code is 3. Restore purchases with 'entitlements import FILE'.

        Output is reproducible: the same trip and version give the same bytes, whatever the clock,
        TZ or LANG. The PDF dates come from SOURCE_DATE_EPOCH when it is set, else from the trip's
        start date.

        Examples:
          export-itinerary Examples/midwest-mlb-10-day.json out/midwest.pdf
          export-itinerary trip.json trip-a4.pdf --paper a4
          export-itinerary trip.json cover.png --page 1 --dpi 96
          cat trip.json | export-itinerary - trip.pdf
          export-itinerary validate Examples/*.json
          export-itinerary batch trips/ --out-dir pdfs/ --report report.json

        Environment:
          SOURCE_DATE_EPOCH           seconds since 1970 for the PDF's creation date
          EXPORT_ITINERARY_FONTS      the bundled font directory (default: Fonts/ of the install)
          EXPORT_ITINERARY_TEMPLATES  the bundled template directory (default: Templates/)
          EXPORT_ITINERARY_STOREKIT   the StoreKit catalog directory (default: StoreKit/)
          EXPORT_ITINERARY_HOME       the entitlement store directory
          EXPORT_ITINERARY_NOW        seconds since 1970 to judge test entitlements at (demos, tests;
                                      never a purchase)
          EXPORT_ITINERARY_SHARDS     batch --shard auto: the number of shards (Kubernetes, AWS Batch)

        Exit codes:
          0 ok · 1 other failure · 2 usage error · 3 Pro required · 4 invalid trip
          5 entitlement store problem · 6 output could not be written
          7 batch: some jobs failed · 130 batch: interrupted
        """
    }

    /// `  batch ...   summary` for the command list.
    private static func commandLine(_ spec: CommandSpec) -> String {
        let head = "  " + spec.displayName
        let summary = spec.summary.split(separator: "\n").map(String.init)
        let pad = String(repeating: " ", count: 26)
        let first =
            head.count < 25
            ? head + String(repeating: " ", count: 26 - head.count) + summary[0] : head + "\n" + pad + summary[0]
        return ([first] + summary.dropFirst().map { pad + $0 }).joined(separator: "\n")
    }

    static var entitlements: String {
        let group = CommandTable.all.filter {
            !$0.hidden && ["entitlements", "paywall", "storekit-test"].contains($0.path.first ?? "")
        }
        return """
            export-itinerary entitlements: the local Pro entitlement store (StoreKit 2 rules, offline).

            PDF export is a Pro feature. The store keeps App Store signed transactions (JWS) and
            re-verifies them at every check: only verified, unrevoked, unexpired transactions of a Pro
            product count. The app, its Pro products and Apple's root are compiled into this program
            (Config/gate-policy.json): nobody becomes Pro by editing a file, an option or the environment.
            Only a Production purchase signed through Apple's root gives the plain PDF; Sandbox, Xcode,
            LocalTesting (storekit-test) and roots you trust yourself are test entitlements: "Pro
            (testing)", and every page says "Test entitlement (ENVIRONMENT) — not a purchase".

            Usage:
            \(group.map { "  \($0.usageLine)\n" + $0.summary.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n") }.joined(separator: "\n"))

            Local testing (storekit-test) works like Xcode's StoreKit Testing, for demos and tests.
            Every command takes:
            \(optionList(GateDeclarations().specs))

            Example (a throwaway store with a test purchase):
              export EXPORT_ITINERARY_HOME=$(mktemp -d)
              export-itinerary entitlements init --bundle-id com.sportstime.app
              export-itinerary storekit-test enable
              export-itinerary storekit-test purchase com.sportstime.pro.annual
              export-itinerary Examples/day-trip.json day-trip.pdf

            Exit codes: 0 ok · 1 failure · 2 usage · 3 Pro required · 5 store unusable (unreadable, corrupt, not a
            database file, read-only for a command that changes it, locked by another process, under a
            file-size limit too small for SQLite's files)
            """
    }
}
