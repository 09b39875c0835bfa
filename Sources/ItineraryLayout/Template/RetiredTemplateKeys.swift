/// Keys that templates written for the first design carry and the layout no longer reads.

/// Keys the first design's templates had and the layout no longer reads. A template written
/// for that version still names them; saying so is kinder than "unknown key".
enum RetiredTemplateKeys {
    /// Dotted paths; `*` stands for any one key (a language under `labels`).
    static let paths = [
        "spacing.betweenDays", "spacing.afterDayHeading", "spacing.betweenItems", "spacing.itemIndent",
        "spacing.itemLineGap", "spacing.dayRuleWidth", "labels.*.progressSummary", "labels.*.lodging",
        "overview.table.cellStyle",
    ].map { $0.split(separator: ".").map(String.init) }

    /// Whether `path` (keys from the document down) is one of `paths`.
    static func contains(_ path: [String]) -> Bool {
        paths.contains { pattern in
            pattern.count == path.count && zip(pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
        }
    }
}
