/// Stadium progress: the count, the segmented bar, the visited stadiums and the rest of the record.

/// Settings of the `progress` section of a template. Every key but `startsNewPage` is required.
public struct ProgressSpec: Sendable, TemplateObjectReadable {
    public var startsNewPage: Bool
    public var title: SectionTitleSpec
    public var heroGap: Double
    public var barGap: Double
    public var bar: ProgressBarSpec
    public var sectionGap: Double
    public var headingGap: Double
    public var grid: StadiumGridSpec
    public var card: StadiumCardSpec
    public var chip: TeamChipSpec
    public var pills: PillSpec
    public var captionGap: Double
    public var venueKinds: [String: String]
    public var defaultVenueKind: String
    public var styles: RoleMap<ProgressStyle>
    public var colors: RoleMap<ProgressColor>

    static let schema = TemplateSchema(
        "Stadium progress (printed when the trip has `progress`): the count, a bar of one segment per stadium, the visited stadiums' cards, the rest of the record as pills.",
        [
            .flag("startsNewPage", default: false, "start the section on a new page"),
            .part("title", SectionTitleSpec.self, "the H1 and lead"),
            .number("heroGap", "between the count and the `of 30 MLB ballparks` after it"),
            .number("barGap", "from the count's line to the bar"),
            .part("bar", ProgressBarSpec.self, "the bar"),
            .number("sectionGap", "from the bar to the grid's caps heading, and from the grid to the record's"),
            .number("headingGap", "from the grid's caps heading to the grid"),
            .part("grid", StadiumGridSpec.self, "the grid of stadium cards"),
            .part("card", StadiumCardSpec.self, "one stadium card"),
            .part("chip", TeamChipSpec.self, "the home team's chip on a stadium card"),
            .part("pills", PillSpec.self, "the venues that match no stadium"),
            .number("captionGap", "from the pills to the caption under them"),
            .map(
                "venueKinds", of: .text,
                "the kind of venue each league plays in (`MLB`: `ballpark`): it picks the nouns among the labels"),
            .text("defaultVenueKind", "the kind of venue of a league not in `venueKinds`"),
            .part("styles", RoleMap<ProgressStyle>.self, "a style for every text role of the progress page"),
            .part("colors", RoleMap<ProgressColor>.self, "a colour token for every colour role of the progress page"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.flag("startsNewPage")
        title = try o.read("title")
        heroGap = try o.number("heroGap")
        barGap = try o.number("barGap")
        bar = try o.read("bar")
        sectionGap = try o.number("sectionGap")
        headingGap = try o.number("headingGap")
        grid = try o.read("grid")
        card = try o.read("card")
        chip = try o.read("chip")
        pills = try o.read("pills")
        captionGap = try o.number("captionGap")
        venueKinds = try o.textMap("venueKinds")
        defaultVenueKind = try o.text("defaultVenueKind")
        styles = try o.read("styles")
        colors = try o.read("colors")
    }

    /// The venue kind of a league (`MLB` → `ballpark`).
    public func venueKind(league: String) -> String { venueKinds[league.uppercased()] ?? defaultVenueKind }

    public var venueKindsUsed: [String] { Array(Set(venueKinds.values).union([defaultVenueKind])).sorted() }
}

/// The text roles of the progress page; each names a style of the template.
public enum ProgressStyle: String, TemplateRoleSet {
    case h1, lead, heroCount, heroOf, heroPercent, caps, chip, stadiumName, team, foot, pill, caption
}

/// The colour roles of the progress page; each names a colour token of the template.
public enum ProgressColor: String, TemplateRoleSet {
    public static let namesColorTokens = true
    /// The paper; team colours are checked for contrast against it.
    case paper
    case visited, track, cardBorder, cardRule, pillBorder, chipFallback
}

/// The bar of one segment per stadium.
public struct ProgressBarSpec: Sendable, TemplateObjectReadable {
    public var height: Double
    public var gap: Double
    public var radius: Double
    public var maxSegments: Int
    public var solidRadius: Double
    public var border: Double
    public var borderColor: String?

    static let schema = TemplateSchema(
        "The bar of one segment per stadium.",
        [
            .number("height", .aboveZero, "the bar's height"),
            .number("gap", "between two segments"),
            .number("radius", "a segment's corner radius"),
            .whole("maxSegments", 1...1_000, "above this many stadiums the bar is one piece"),
            .number("solidRadius", "the one-piece bar's corner radius"),
            .number(
                "border", "an outline round every segment (0: none), so that an unvisited white segment still shows"),
            .color("borderColor", when: "border is above 0", "the outline"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        height = try o.number("height")
        gap = try o.number("gap")
        radius = try o.number("radius")
        maxSegments = try o.whole("maxSegments")
        solidRadius = try o.number("solidRadius")
        border = try o.number("border")
        borderColor = try o.optionalColor("borderColor", needed: border > 0)
    }
}

/// The grid of stadium cards.
public struct StadiumGridSpec: Sendable, TemplateObjectReadable {
    public var columns: Int
    public var gap: Double

    static let schema = TemplateSchema(
        "The grid of stadium cards.",
        [
            .whole("columns", 1...12, "cards across"),
            .number("gap", "between columns and between rows"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        columns = try o.whole("columns")
        gap = try o.number("gap")
    }
}

/// One stadium card: chip row, name, team, a rule, and the visit line.
public struct StadiumCardSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var border: Double
    public var padding: Insets
    public var nameGap: Double
    public var ruleGap: Double
    public var rule: Double
    public var footGap: Double
    public var nameMaxLines: Int
    public var teamMaxLines: Int

    static let schema = TemplateSchema(
        "One stadium card: the chip row, the name, the team, a rule, and the visit line.",
        [
            .number("radius", "the card's corner radius"),
            .number("border", "its border width"),
            .part("padding", Insets.self, "inside the border"),
            .number("nameGap", "from the chip row to the stadium's name"),
            .number("ruleGap", "from the team to the rule"),
            .number("rule", .aboveZero, "the rule's stroke width"),
            .number("footGap", "from the rule to the visit line"),
            .whole(
                "nameMaxLines", 1...100, default: 3,
                "beyond this many lines the stadium's name ends in … (the cards of a row stand side by side and never split)"
            ),
            .whole("teamMaxLines", 1...100, default: 2, "beyond this many lines the team's name ends in …"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.number("radius")
        border = try o.number("border")
        padding = try o.read("padding")
        nameGap = try o.number("nameGap")
        ruleGap = try o.number("ruleGap")
        rule = try o.number("rule")
        footGap = try o.number("footGap")
        nameMaxLines = try o.whole("nameMaxLines")
        teamMaxLines = try o.whole("teamMaxLines")
    }
}

/// Outline pills of the venues that match no stadium.
public struct PillSpec: Sendable, TemplateObjectReadable {
    public var headingGap: Double
    public var border: Double
    public var paddingX: Double
    public var paddingY: Double
    public var gap: Double

    static let schema = TemplateSchema(
        "Outline pills of the venues in the record that match no stadium.",
        [
            .number("headingGap", "from the caps heading to the first row of pills"),
            .number("border", .aboveZero, "the outline's width"),
            .number("paddingX", "inside a pill, left and right"),
            .number("paddingY", "inside a pill, top and bottom"),
            .number("gap", "between two pills, across and down"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        headingGap = try o.number("headingGap")
        border = try o.number("border")
        paddingX = try o.number("paddingX")
        paddingY = try o.number("paddingY")
        gap = try o.number("gap")
    }
}
