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
public struct DayHeadingSpec: Sendable, TemplateSpec {
    public var kind = DayHeadingKind.tile
    public var tileSize: Double = 0
    public var tileRadius: Double = 0
    public var tileCapsTop: Double = 0
    public var gap: Double = 0
    public var rule: LineSpec?
    public var ruleGap: Double = 0
    public var titleGap: Double = 0
    public var summaryGap: Double = 0
    public var maxLines: Int = 0
    public var titleMaxLines: Int = 0

    static let schema = Schema(
        "The heading of each day: a tile beside the date and city, or a rule over one line.",
        [
            .choice(
                "kind", \.kind,
                "`tile`: the accent tile with `DAY` and the number, the H2 beside it; `rule`: a rule over one line `DAY 3 · Sun, Jun 14 · Milwaukee` (roles `tileCaps`, `tileNumber`, `heading`), no gutter"
            ),
            .number("tileSize", \.tileSize, .aboveZero, when: tiled, "the tile's side"),
            .number("tileRadius", \.tileRadius, when: tiled, "the tile's corner radius"),
            .number(
                "tileCapsTop", \.tileCapsTop, when: tiled,
                "from the tile's top to the `DAY` line; the number follows under it"),
            .number("gap", \.gap, when: tiled, "tile to H2; every card starts at `tileSize + gap` (the gutter)"),
            .part("rule", \.rule, when: ruled, "the rule over the heading line"),
            .number("ruleGap", \.ruleGap, when: ruled, "from the rule to the top of the heading line"),
            .number("titleGap", \.titleGap, "between the H2 and the day's title"),
            .number(
                "summaryGap", \.summaryGap,
                "the least space between the H2 and the summary at the right; the H2 wraps short of it"),
            .whole(
                "maxLines", \.maxLines, 1...100, default: 3,
                "beyond this many lines the H2's last line ends in … (the running header and the outline keep the whole text)"
            ),
            .whole(
                "titleMaxLines", \.titleMaxLines, 1...100, default: 4,
                "beyond this many lines the day's title ends in …"),
        ])

    // Only the look chosen needs its sizes.
    private static let tiled = TemplateCondition<Self>("kind is \"tile\"") { $0.kind == .tile }
    private static let ruled = TemplateCondition<Self>("kind is \"rule\"") { $0.kind == .rule }

    public var gutter: Double { kind == .tile ? tileSize + gap : 0 }
}
