/// The heading of each day: a tile beside the date and city, or a rule over one line.

/// How a day heading is drawn.
public enum DayHeadingKind: String, Sendable, CaseIterable {
    /// The accent tile with `DAY` and the number, the date and city beside it; cards start
    /// after the tile (the gutter).
    case tile
    /// A rule across the column, `DAY 3 · Sun, Jun 14 · Milwaukee` under it; no gutter.
    case rule
}

/// The day heading: the tile and the H2 beside it, or a rule and one line under it.
public struct DayHeadingSpec: Sendable, TemplateObjectReadable {
    /// A tile beside the text, or a rule over it.
    public var kind: DayHeadingKind
    /// The tile (kind `tile`; 0 for `rule`).
    public var tileSize: Double
    public var tileRadius: Double
    /// From the tile's top to the top of the `DAY` line.
    public var tileCapsTop: Double
    /// Between the tile and the H2; the gutter of every card is `tileSize + gap` (0 without a tile).
    public var gap: Double
    /// The rule over the heading line (kind `rule`).
    public var rule: LineSpec?
    /// From the rule to the top of the heading line (kind `rule`).
    public var ruleGap: Double
    /// Between the H2 and the day's title.
    public var titleGap: Double
    /// The least space between the H2 and the summary at the right.
    public var summaryGap: Double

    static let keys = ["kind", "tileSize", "tileRadius", "tileCapsTop", "gap", "rule", "ruleGap", "titleGap", "summaryGap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        kind = try o.choice("kind", DayHeadingKind.self)
        let tile = kind == .tile ? "required when kind is \"tile\"" : nil
        let ruled = kind == .rule ? "required when kind is \"rule\"" : nil
        tileSize = try o.number("tileSize", requiredBecause: tile, positive: true)
        tileRadius = try o.number("tileRadius", requiredBecause: tile)
        tileCapsTop = try o.number("tileCapsTop", requiredBecause: tile)
        gap = try o.number("gap", requiredBecause: tile)
        if let ruled, !o.contains("rule") {
            throw o.error("rule", ruled)
        }
        rule = try o.readIfPresent("rule")
        ruleGap = try o.number("ruleGap", requiredBecause: ruled)
        titleGap = try o.nonNegative("titleGap")
        summaryGap = try o.nonNegative("summaryGap")
    }

    /// From the content box's left edge to every card: the tile and the gap after it, if any.
    public var gutter: Double { kind == .tile ? tileSize + gap : 0 }
}
