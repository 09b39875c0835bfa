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
    public var kind: DayHeadingKind
    public var tileSize: Double
    public var tileRadius: Double
    public var tileCapsTop: Double
    public var gap: Double
    public var rule: LineSpec?
    public var ruleGap: Double
    public var titleGap: Double
    public var summaryGap: Double
    public var maxLines: Int
    public var titleMaxLines: Int

    static let schema = TemplateSchema(
        "The heading of each day: a tile beside the date and city, or a rule over one line.",
        [
            .choice(
                "kind", DayHeadingKind.self,
                "`tile`: the accent tile with `DAY` and the number, the H2 beside it; `rule`: a rule over one line `DAY 3 · Sun, Jun 14 · Milwaukee` (roles `tileCaps`, `tileNumber`, `heading`), no gutter"
            ),
            .number("tileSize", .aboveZero, when: "kind is \"tile\"", "the tile's side"),
            .number("tileRadius", when: "kind is \"tile\"", "the tile's corner radius"),
            .number(
                "tileCapsTop", when: "kind is \"tile\"",
                "from the tile's top to the `DAY` line; the number follows under it"),
            .number("gap", when: "kind is \"tile\"", "tile to H2; every card starts at `tileSize + gap` (the gutter)"),
            .part("rule", LineSpec.self, when: "kind is \"rule\"", "the rule over the heading line"),
            .number("ruleGap", when: "kind is \"rule\"", "from the rule to the top of the heading line"),
            .number("titleGap", "between the H2 and the day's title"),
            .number(
                "summaryGap", "the least space between the H2 and the summary at the right; the H2 wraps short of it"),
            .whole(
                "maxLines", 1...100, default: 3,
                "beyond this many lines the H2's last line ends in … (the running header and the outline keep the whole text)"
            ),
            .whole("titleMaxLines", 1...100, default: 4, "beyond this many lines the day's title ends in …"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        kind = try o.choice("kind", DayHeadingKind.self)
        let tile = kind == .tile, ruled = kind == .rule
        tileSize = try o.number("tileSize", needed: tile)
        tileRadius = try o.number("tileRadius", needed: tile)
        tileCapsTop = try o.number("tileCapsTop", needed: tile)
        gap = try o.number("gap", needed: tile)
        rule = try o.readIfPresent("rule", needed: ruled)
        ruleGap = try o.number("ruleGap", needed: ruled)
        titleGap = try o.number("titleGap")
        summaryGap = try o.number("summaryGap")
        maxLines = try o.whole("maxLines")
        titleMaxLines = try o.whole("titleMaxLines")
    }

    public var gutter: Double { kind == .tile ? tileSize + gap : 0 }
}
