/// Stadium progress: the count, the segmented bar, the visited stadiums and the rest of the record.

/// Settings of the `progress` section of a template. Every key but `startsNewPage` is required.
public struct ProgressSpec: Sendable, TemplateSpec {
    public var startsNewPage: Bool = false
    public var title = SectionTitleSpec()
    public var heroGap: Double = 0
    public var barGap: Double = 0
    public var bar = ProgressBarSpec()
    public var sectionGap: Double = 0
    public var headingGap: Double = 0
    public var grid = StadiumGridSpec()
    public var card = StadiumCardSpec()
    public var chip = TeamChipSpec()
    public var pills = PillSpec()
    public var captionGap: Double = 0
    public var venueKinds: [String: String] = [:]
    public var defaultVenueKind: String = ""
    public var styles: RoleMap<ProgressStyle> = RoleMap()
    public var colors: RoleMap<ProgressColor> = RoleMap()

    static let schema = Schema(
        "Stadium progress (printed when the trip has `progress`): the count, a bar of one segment per stadium, the visited stadiums' cards, the rest of the record as pills.",
        [
            .flag("startsNewPage", \.startsNewPage, default: false, "start the section on a new page"),
            .part("title", \.title, "the H1 and lead"),
            .number("heroGap", \.heroGap, "between the count and the `of 30 MLB ballparks` after it"),
            .number("barGap", \.barGap, "from the count's line to the bar"),
            .part("bar", \.bar, "the bar"),
            .number(
                "sectionGap", \.sectionGap, "from the bar to the grid's caps heading, and from the grid to the record's"
            ),
            .number("headingGap", \.headingGap, "from the grid's caps heading to the grid"),
            .part("grid", \.grid, "the grid of stadium cards"),
            .part("card", \.card, "one stadium card"),
            .part("chip", \.chip, "the home team's chip on a stadium card"),
            .part("pills", \.pills, "the venues that match no stadium"),
            .number("captionGap", \.captionGap, "from the pills to the caption under them"),
            .texts(
                "venueKinds", \.venueKinds,
                "the kind of venue each league plays in (`MLB`: `ballpark`): it picks the nouns among the labels"),
            .text("defaultVenueKind", \.defaultVenueKind, "the kind of venue of a league not in `venueKinds`"),
            .part("styles", \.styles, "a style for every text role of the progress page"),
            .part("colors", \.colors, "a colour token for every colour role of the progress page"),
        ])

    /// The venue kind of a league (`MLB` → `ballpark`).
    public func venueKind(league: String) -> String { venueKinds[league.uppercased()] ?? defaultVenueKind }

    public var venueKindsUsed: [String] { Array(Set(venueKinds.values).union([defaultVenueKind])).sorted() }
}

/// The text roles of the progress page; each names a style of the template.
public enum ProgressStyle: String, TemplateRoleSet {
    case h1, lead, heroCount, heroOf, heroPercent, caps, chip, stadiumName, team, foot, pill, caption

    public var meaning: String {
        switch self {
        case .h1: "the section's H1, `Stadium progress`"
        case .lead: "the lead line under the H1"
        case .heroCount: "the count of the hero line, `6`"
        case .heroOf: "`of 30 MLB ballparks` after the count"
        case .heroPercent: "the percentage at the right, `20%`"
        case .caps:
            "caps text: `24 TO GO` under the percentage, the headings `BALLPARKS VISITED` and `ALSO IN YOUR RECORD`, a card's city and region"
        case .chip: "the home team's code on a card's chip (the league's, without a team)"
        case .stadiumName: "a card's stadium name"
        case .team: "the home team's name under the stadium's (the league's, without a team)"
        case .foot: "a card's visit line, `On this trip · Jun 15`"
        case .pill: "a venue's name in its pill"
        case .caption: "the caption under the pills"
        }
    }
}

/// The colour roles of the progress page; each names a colour token of the template.
public enum ProgressColor: String, TemplateRoleSet {
    public static let namesColorTokens = true
    case paper, visited, track, cardBorder, cardRule, pillBorder, chipFallback

    public var meaning: String {
        switch self {
        case .paper:
            "the paper, which a team's chip colour is checked for contrast against with `chip.fill` `team` (it paints nothing)"
        case .visited: "the bar's segments of visited stadiums"
        case .track: "the bar's other segments; past `bar.maxSegments`, the whole bar under the visited part"
        case .cardBorder: "a card's border"
        case .cardRule: "the hairline over a card's visit line"
        case .pillBorder: "a pill's outline"
        case .chipFallback: "a card's chip with `chip.fill` `team` when there is no team, or it has no colours"
        }
    }
}

/// The bar of one segment per stadium.
public struct ProgressBarSpec: Sendable, TemplateSpec {
    public var height: Double = 0
    public var gap: Double = 0
    public var radius: Double = 0
    public var maxSegments: Int = 0
    public var solidRadius: Double = 0
    public var border: Double = 0
    public var borderColor: String?

    static let schema = Schema(
        "The bar of one segment per stadium.",
        [
            .number("height", \.height, .aboveZero, "the bar's height"),
            .number("gap", \.gap, "between two segments"),
            .number("radius", \.radius, "a segment's corner radius"),
            .whole("maxSegments", \.maxSegments, 1...1_000, "above this many stadiums the bar is one piece"),
            .number("solidRadius", \.solidRadius, "the one-piece bar's corner radius"),
            .number(
                "border", \.border,
                "an outline round every segment (0: none), so that an unvisited white segment still shows"),
            .color("borderColor", \.borderColor, when: outlined, "the outline"),
        ])

    private static let outlined = TemplateCondition<Self>("border is above 0") { $0.border > 0 }
}

/// The grid of stadium cards.
public struct StadiumGridSpec: Sendable, TemplateSpec {
    public var columns: Int = 0
    public var gap: Double = 0

    static let schema = Schema(
        "The grid of stadium cards.",
        [
            .whole("columns", \.columns, 1...12, "cards across"),
            .number("gap", \.gap, "between columns and between rows"),
        ])
}

/// One stadium card: chip row, name, team, a rule, and the visit line.
public struct StadiumCardSpec: Sendable, TemplateSpec {
    public var radius: Double = 0
    public var border: Double = 0
    public var padding = Insets()
    public var nameGap: Double = 0
    public var ruleGap: Double = 0
    public var rule: Double = 0
    public var footGap: Double = 0
    public var nameMaxLines: Int = 0
    public var teamMaxLines: Int = 0

    static let schema = Schema(
        "One stadium card: the chip row, the name, the team, a rule, and the visit line.",
        [
            .number("radius", \.radius, "the card's corner radius"),
            .number("border", \.border, "its border width"),
            .part("padding", \.padding, "inside the border"),
            .number("nameGap", \.nameGap, "from the chip row to the stadium's name"),
            .number("ruleGap", \.ruleGap, "from the team to the rule"),
            .number("rule", \.rule, .aboveZero, "the rule's stroke width"),
            .number("footGap", \.footGap, "from the rule to the visit line"),
            .whole(
                "nameMaxLines", \.nameMaxLines, 1...100, default: 6,
                "beyond this many lines the stadium's name ends in … (the cards of a row stand side by side and never split)"
            ),
            .whole(
                "teamMaxLines", \.teamMaxLines, 1...100, default: 2, "beyond this many lines the team's name ends in …"),
        ])
}

/// Outline pills of the venues that match no stadium.
public struct PillSpec: Sendable, TemplateSpec {
    public var headingGap: Double = 0
    public var border: Double = 0
    public var paddingX: Double = 0
    public var paddingY: Double = 0
    public var gap: Double = 0

    static let schema = Schema(
        "Outline pills of the venues in the record that match no stadium.",
        [
            .number("headingGap", \.headingGap, "from the caps heading to the first row of pills"),
            .number("border", \.border, .aboveZero, "the outline's width"),
            .number("paddingX", \.paddingX, "inside a pill, left and right"),
            .number("paddingY", \.paddingY, "inside a pill, top and bottom"),
            .number("gap", \.gap, "between two pills, across and down"),
        ])
}
